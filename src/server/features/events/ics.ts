import type { DateRow } from "./queries";

/**
 * Dates of events as an iCalendar file (RFC 5545): one event's, or her feed's. Times are written in UTC: each date's instant was
 * computed in the event's zone, so no VTIMEZONE is needed and every calendar places it right
 * across daylight-saving changes. A single event is one VEVENT with a UID that never changes; each
 * date of a series is its own VEVENT, its UID named by the date's original start, so a moved or
 * cancelled date replaces the right one (decision 038). SEQUENCE rises with every change.
 */
export function calendarFile(
  dates: DateRow[],
  options: { host: string; onlineUrl: (date: DateRow) => string | null; now?: Date },
): string {
  const stamp = utc(options.now ?? new Date());
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Mishpacha//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
  ];
  for (const date of dates) {
    const uid =
      date.repeat === "none"
        ? `event-${date.eventId}@${options.host}`
        : `event-${date.eventId}-${utc(date.occurrence)}@${options.host}`;
    const onlineUrl = options.onlineUrl(date);
    lines.push(
      "BEGIN:VEVENT",
      `UID:${uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utc(date.startsAt)}`,
      `DTEND:${utc(date.endsAt)}`,
      `SEQUENCE:${date.sequence}`,
      `SUMMARY:${text(date.title)}`,
      `STATUS:${date.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    );
    if (date.description) lines.push(`DESCRIPTION:${text(date.description)}`);
    if (date.location) lines.push(`LOCATION:${text(date.location)}`);
    if (onlineUrl) lines.push(`URL:${onlineUrl}`);
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** 20261126T170000Z */
const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** TEXT values escape backslashes, semicolons, commas and line breaks. */
const text = (s: string) =>
  s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Lines longer than 75 octets continue on the next line after a space, never inside a character. */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch, "utf8");
    const limit = parts.length === 0 ? 75 : 74;
    if (size + n > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join("\r\n ");
}
