/**
 * Wall-clock times in a named zone and the instants they are. Uses Intl: call it from event
 * handlers and the server, never while a page renders (docs/performance.md, tuning log: No `Intl` while a page starts).
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date and wall-clock time of an instant in a zone, as numbers. */
export interface ClockParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * The last minute read in each zone. The server asks for the current minute at each request (her
 * day decides which cached answer is hers), and formatting it held a cached read of her home page
 * to about two thirds of the rate it reaches without (docs/performance.md).
 */
const lastMinutes = new Map<string, { minute: number; parts: ClockParts }>();
const MINUTE_MS = 60_000;
/** 1972, since when every zone's offset from UTC has been a whole number of minutes. */
const WHOLE_MINUTE_OFFSETS_FROM = Date.UTC(1972, 0, 1) / MINUTE_MS;

/** The calendar date and wall-clock time an instant shows on the clocks of `zone`, as numbers. */
export function clockPartsIn(instant: Date, zone: string): ClockParts {
  const minute = Math.floor(instant.getTime() / MINUTE_MS);
  const last = lastMinutes.get(zone);
  if (last && last.minute === minute) return { ...last.parts };
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  const clock = {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    // Some runtimes write midnight as 24 even in the 23-hour cycle.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  };
  // The same minute of UTC is the same minute on every clock, where offsets are whole minutes.
  if (minute >= WHOLE_MINUTE_OFFSETS_FROM) lastMinutes.set(zone, { minute, parts: { ...clock } });
  return clock;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The date and time an instant shows on the clocks of `zone`: ["2026-11-26", "19:00"]. */
export function wallClockIn(instant: Date, zone: string): [date: string, time: string] {
  const p = clockPartsIn(instant, zone);
  return [`${p.year}-${pad(p.month)}-${pad(p.day)}`, `${pad(p.hour)}:${pad(p.minute)}`];
}

const asUtc = (date: string, time: string) => {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return Date.UTC(y!, m! - 1, d!, hh!, mm!);
};

/** The instant when the clocks of `zone` show `date` at `time` (the later reading of a repeated hour). */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const wanted = asUtc(date, time);
  const offsetAt = (t: number) => {
    const [d, c] = wallClockIn(new Date(t), zone);
    return asUtc(d, c) - t;
  };
  // Twice: the offset at the first guess may differ from the offset at the answer near a change.
  let t = wanted - offsetAt(wanted);
  t = wanted - offsetAt(t);
  return new Date(t);
}
