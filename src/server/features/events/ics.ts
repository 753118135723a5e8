import type { CalendarDateRow } from "./queries";
import { vtimezone } from "./time-zones";

const DAY = 86_400_000;

export interface CalendarOptions {
  host: string;
  onlineUrl: (date: CalendarDateRow) => string | null;
  /** The dates the file lists (her feed: those she is going to); every date given when absent. */
  includes?: (date: CalendarDateRow) => boolean;
  now?: Date;
}

/**
 * Dates of events as an iCalendar file (RFC 5545): one event's, or her feed's. Each event is named by
 * one UID, `event-<id>@<host>`, whatever changes: its time, its zone, whether it repeats (decision
 * 038). A single event is one VEVENT in UTC. A series is one VEVENT whose RRULE repeats its first
 * date on the clocks of its zone (DTSTART with TZID, and that zone's VTIMEZONE), so a weekly 7 PM
 * stays 7 PM across a daylight-saving change as the server computes it; a date moved on its own is
 * an override named by its original start (RECURRENCE-ID), and a cancelled date (or, in her feed,
 * one she is not going to) an EXDATE. SEQUENCE rises with every change to the event or any date.
 * A series on a Hebrew date has no rule a Gregorian calendar can follow (RFC 7529's RSCALE is
 * rarely understood): its dates after the first are listed, as RDATE, on the same clocks.
 */
export function calendarFile(dates: CalendarDateRow[], options: CalendarOptions): string {
  const stamp = utc(options.now ?? new Date());
  const includes = options.includes ?? (() => true);
  const byEvent = new Map<number, CalendarDateRow[]>();
  for (const date of dates) {
    const rows = byEvent.get(date.eventId);
    if (rows) rows.push(date);
    else byEvent.set(date.eventId, [date]);
  }

  const zones = new Map<string, { from: Date; to: Date }>();
  const components: string[] = [];
  for (const [eventId, rows] of byEvent) {
    const listed = rows.filter(includes);
    const first = rows[0]!;
    if (listed.length === 0) continue;
    const head = [`UID:event-${eventId}@${options.host}`, `DTSTAMP:${stamp}`];
    const about = (date: CalendarDateRow) => {
      const lines = [`SUMMARY:${text(date.title)}`];
      if (date.description) lines.push(`DESCRIPTION:${text(date.description)}`);
      if (date.location) lines.push(`LOCATION:${text(date.location)}`);
      const onlineUrl = options.onlineUrl(date);
      if (onlineUrl) lines.push(`URL:${onlineUrl}`);
      return lines;
    };
    const sequence = `SEQUENCE:${first.seriesSequence}`;

    if (first.repeat === "none") {
      const date = listed[0]!;
      components.push(
        "BEGIN:VEVENT",
        ...head,
        `DTSTART:${utc(date.startsAt)}`,
        `DTEND:${utc(date.endsAt)}`,
        sequence,
        ...about(date),
        `STATUS:${date.cancelled ? "CANCELLED" : "CONFIRMED"}`,
        "END:VEVENT",
      );
      continue;
    }

    const zone = first.timeZone;
    const tzid = `TZID=${zone}`;
    const until = first.repeatUntil ?? new Date(Math.max(...rows.map((d) => d.occurrence.getTime())));
    const span = zones.get(zone);
    const from = new Date(first.seriesStart.getTime() - 2 * DAY);
    const to = new Date(until.getTime() + 2 * DAY);
    zones.set(zone, {
      from: span && span.from < from ? span.from : from,
      to: span && span.to > to ? span.to : to,
    });
    // Dates the series' rule names that the file does not show as they are: cancelled on their own,
    // or not hers. A cancelled event keeps its dates, all marked cancelled.
    const left = rows.filter((d) => !includes(d) || (d.cancelled && !d.eventCancelled));
    const length = first.seriesEnd.getTime() - first.seriesStart.getTime();
    const moved = listed.filter(
      (d) =>
        !left.includes(d) &&
        (d.startsAt.getTime() !== d.occurrence.getTime() ||
          d.endsAt.getTime() - d.startsAt.getTime() !== length),
    );
    const status = `STATUS:${first.eventCancelled ? "CANCELLED" : "CONFIRMED"}`;
    components.push(
      "BEGIN:VEVENT",
      ...head,
      `DTSTART;${tzid}:${first.seriesStartLocal}`,
      `DTEND;${tzid}:${first.seriesEndLocal}`,
      ...recurrence(first, rows, until),
      ...left.map((d) => `EXDATE;${tzid}:${d.occurrenceLocal}`),
      sequence,
      ...about(first),
      status,
      "END:VEVENT",
    );
    for (const date of moved) {
      components.push(
        "BEGIN:VEVENT",
        ...head,
        `RECURRENCE-ID;${tzid}:${date.occurrenceLocal}`,
        `DTSTART:${utc(date.startsAt)}`,
        `DTEND:${utc(date.endsAt)}`,
        sequence,
        ...about(date),
        status,
        "END:VEVENT",
      );
    }
  }

  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Mishpacha//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...[...zones].flatMap(([zone, span]) => vtimezone(zone, span.from, span.to)),
    ...components,
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/** How the series' dates after the first are named: its rule, or (on a Hebrew date) each of them. */
function recurrence(first: CalendarDateRow, rows: CalendarDateRow[], until: Date): string[] {
  if (first.repeat !== "hebrew_yearly") return [`RRULE:${rule(first, until)}`];
  const later = rows.filter((d) => d.occurrence.getTime() !== first.seriesStart.getTime());
  if (later.length === 0) return [];
  return [`RDATE;TZID=${first.timeZone}:${later.map((d) => d.occurrenceLocal).join(",")}`];
}

/**
 * The series' RRULE, as the server computes its dates (`datesOf`): every week, every two weeks, or
 * every month on the first date's day; the server moves a 29th, 30th or 31st to the last day of a
 * shorter month, which is "the last of the days from the 28th to that one" (BYSETPOS=-1).
 */
function rule(series: CalendarDateRow, until: Date) {
  const end = `UNTIL=${utc(until)}`;
  if (series.repeat === "weekly") return `FREQ=WEEKLY;${end}`;
  if (series.repeat === "biweekly") return `FREQ=WEEKLY;INTERVAL=2;${end}`;
  const day = Number(series.seriesStartLocal.slice(6, 8));
  if (day <= 28) return `FREQ=MONTHLY;${end}`;
  const days = Array.from({ length: day - 27 }, (_, i) => 28 + i).join(",");
  return `FREQ=MONTHLY;BYMONTHDAY=${days};BYSETPOS=-1;${end}`;
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
