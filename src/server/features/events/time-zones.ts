import { clockPartsIn } from "../../../core/zoned-time";

const MINUTE = 60_000;
const DAY = 86_400_000;

/** How far the clocks of `zone` are ahead of UTC at instant `t` (a whole minute), in milliseconds. */
function offsetAt(zone: string, t: number) {
  const p = clockPartsIn(new Date(t), zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - t;
}

/** +0200, -0430 */
function offsetText(ms: number) {
  const minutes = Math.round(Math.abs(ms) / MINUTE);
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  return `${ms < 0 ? "-" : "+"}${hh}${mm}`;
}

/** An instant as the local time of a clock `offset` ahead of UTC: 20270314T020000. */
const localText = (t: number, offset: number) =>
  new Date(t + offset)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "");

/**
 * The VTIMEZONE lines of an IANA zone between two instants (RFC 5545 §3.6.5): its offset when the
 * span starts and each change of its clocks within it (found day by day, then to the minute), as
 * one observance each. A calendar file that names a zone in TZID must describe it; the span of the
 * series it serves is enough.
 */
export function vtimezone(zone: string, from: Date, to: Date): string[] {
  let t = Math.floor(from.getTime() / MINUTE) * MINUTE;
  const end = to.getTime();
  const initial = offsetAt(zone, t);
  const changes: { at: number; from: number; to: number }[] = [];
  let offset = initial;
  while (t < end) {
    const next = t + DAY;
    const after = offsetAt(zone, next);
    if (after !== offset) {
      let lo = t;
      let hi = next;
      while (hi - lo > MINUTE) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
        if (offsetAt(zone, mid) === offset) lo = mid;
        else hi = mid;
      }
      changes.push({ at: hi, from: offset, to: after });
      offset = after;
    }
    t = next;
  }
  const kind = (ahead: boolean) => (ahead ? "DAYLIGHT" : "STANDARD");
  const lines = [
    "BEGIN:VTIMEZONE",
    `TZID:${zone}`,
    // The offset in force when the span starts: daylight time if the first change turns clocks back.
    `BEGIN:${kind(changes[0] ? changes[0].to < initial : false)}`,
    `DTSTART:${localText(Math.floor(from.getTime() / MINUTE) * MINUTE, initial)}`,
    `TZOFFSETFROM:${offsetText(initial)}`,
    `TZOFFSETTO:${offsetText(initial)}`,
    `END:${kind(changes[0] ? changes[0].to < initial : false)}`,
  ];
  for (const change of changes) {
    const name = kind(change.to > change.from);
    lines.push(
      `BEGIN:${name}`,
      // The moment of the change on the clocks before it (RFC 5545: the onset in local time).
      `DTSTART:${localText(change.at, change.from)}`,
      `TZOFFSETFROM:${offsetText(change.from)}`,
      `TZOFFSETTO:${offsetText(change.to)}`,
      `END:${name}`,
    );
  }
  lines.push("END:VTIMEZONE");
  return lines;
}
