/** Days of the civil (Gregorian) calendar, as the pages show them. */
import { zoneFingerprint } from "../format";

/** A day of the civil calendar: month 1–12. */
export interface CivilDay {
  year: number;
  month: number;
  day: number;
}

/** "2026-12-05" */
export const isoDay = (d: CivilDay) =>
  `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

/** The civil day of "2026-12-05". */
export function parseIsoDay(text: string): CivilDay {
  const [year, month, day] = text.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

/**
 * An instant on the clocks where dates are read now (`format.ts`'s zone: hers in the server's render,
 * the browser's own after), as a Date whose UTC fields are those clocks' (no Intl in the browser).
 */
function onTheClocks(value: string | number | Date): Date {
  const at = new Date(value).getTime();
  const [offset = 0] = zoneFingerprint(at);
  return new Date(at + offset * 60_000);
}

/** The civil day an instant falls on where dates are read now: the day the date beside it shows. */
export function civilDayOf(value: string | number | Date): CivilDay {
  const d = onTheClocks(value);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Minutes since midnight on the clocks where dates are read now (7:30 PM is 1170). */
export function minutesOfDayOf(value: string | number | Date): number {
  const d = onTheClocks(value);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
}
