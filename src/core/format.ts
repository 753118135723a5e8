/** Formatting shared by every screen: durations, dates and relative times, names, counts and money. */

import { formatCount } from "./count";
import { currentLocale, t } from "./i18n/translate";
import { clockPartsIn } from "./zoned-time";

export { formatCount } from "./count";

const DAY = 24 * 60 * 60 * 1000;

/** 75 -> "1:15"; zero-padded seconds, minutes unbounded. */
export function formatDuration(totalSeconds: number | null | undefined): string {
  const s = Math.max(0, Math.floor(totalSeconds ?? 0));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  return `${minutes}:${seconds.toString().padStart(2, "0")}`;
}

/**
 * Where dates are read: the browser's own zone and clock, unless a page is being rendered for a member
 * elsewhere (on the server, in her zone) or hydrated from such a render (at the moment it was
 * rendered, so the text the browser computes is the text it already shows).
 */
export interface DateContext {
  /** An IANA zone such as "America/Chicago"; undefined is the zone of the machine running this. */
  timeZone?: string;
  now?: () => Date;
}

let dateContext: () => DateContext = () => ({});

/** Sets where the zone and clock come from (the server's page renderer, the browser's hydration). */
export function setDateContext(source: () => DateContext) {
  dateContext = source;
}

const now = () => dateContext().now?.() ?? new Date();

// Dates are written by hand in the page's language (English as en-US writes it, Hebrew as he-IL: day
// first, "ב" before the month, a 24-hour clock): the browser's Intl needs tens of milliseconds to load
// its locale data on first use, a long task on a phone as a page starts.
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const HEBREW_MONTHS = [
  "ינואר",
  "פברואר",
  "מרץ",
  "אפריל",
  "מאי",
  "יוני",
  "יולי",
  "אוגוסט",
  "ספטמבר",
  "אוקטובר",
  "נובמבר",
  "דצמבר",
];
const HEBREW_SHORT_MONTHS = [
  "ינו׳",
  "פבר׳",
  "מרץ",
  "אפר׳",
  "מאי",
  "יוני",
  "יולי",
  "אוג׳",
  "ספט׳",
  "אוק׳",
  "נוב׳",
  "דצמ׳",
];
const HEBREW_WEEKDAYS = ["יום א׳", "יום ב׳", "יום ג׳", "יום ד׳", "יום ה׳", "יום ו׳", "שבת"];
const hebrew = () => currentLocale() === "he";
const clock24 = (hour: number, minute: number) => `${hour}:${String(minute).padStart(2, "0")}`;

interface CalendarParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0–23 */
  hour: number;
  minute: number;
}

/** The calendar date and wall-clock time of an instant in the current zone. */
function calendarParts(d: Date): CalendarParts {
  const zone = dateContext().timeZone;
  if (zone === undefined) {
    return {
      year: d.getFullYear(),
      month: d.getMonth() + 1,
      day: d.getDate(),
      hour: d.getHours(),
      minute: d.getMinutes(),
    };
  }
  // Another zone than this machine's: only the server renders in one, where Intl's cost is paid once.
  return clockPartsIn(d, zone);
}

/**
 * Zones already asked about, and whether this runtime knows them. Making a formatter is how to ask,
 * and costs 60–170 µs: too much for every request that reads her zone from a cookie, a cookie that
 * names no zone included. Bounded, as a cookie may say anything.
 */
const askedZones = new Map<string, boolean>();

/** Whether `zone` names a time zone this runtime knows (a cookie may say anything). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  const known = askedZones.get(zone);
  if (known !== undefined) return known;
  let answer = true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
  } catch {
    answer = false;
  }
  if (askedZones.size >= 1000) askedZones.clear();
  askedZones.set(zone, answer);
  return answer;
}

/**
 * The current zone's offsets from UTC (minutes) now and at the turn of each half of the year: two
 * zones alike in these write the same dates, whatever they are called.
 */
export function zoneFingerprint(at: number): number[] {
  const year = new Date(at).getUTCFullYear();
  return [at, Date.UTC(year, 0, 1), Date.UTC(year, 6, 1)].map((t) => {
    const d = new Date(t);
    const p = calendarParts(d);
    return Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - t) / 60_000);
  });
}

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** A month's short name (1–12) as the page's dates write it: "Nov", "נוב׳" (a date's tile). */
export const shortMonthName = (month: number) =>
  hebrew() ? HEBREW_SHORT_MONTHS[month - 1]! : MONTHS[month - 1]!.slice(0, 3);

/** A calendar day in the page's language, the month in full or short. */
function writeDay({ year, month, day }: Pick<CalendarParts, "year" | "month" | "day">, short: boolean) {
  if (hebrew()) return `${day} ב${(short ? HEBREW_SHORT_MONTHS : HEBREW_MONTHS)[month - 1]} ${year}`;
  return `${short ? MONTHS[month - 1]!.slice(0, 3) : MONTHS[month - 1]} ${day}, ${year}`;
}

/**
 * A day of the calendar written in full: "November 22, 2026", or with `dayFirst` as a certificate
 * writes it, "22 November 2026"; Hebrew always "22 בנובמבר 2026".
 */
export const writeCalendarDay = (
  parts: Pick<CalendarParts, "year" | "month" | "day">,
  { dayFirst = false } = {},
) =>
  dayFirst && !hebrew() ? `${parts.day} ${MONTHS[parts.month - 1]} ${parts.year}` : writeDay(parts, false);

/** "November 22, 2026"; Hebrew "22 בנובמבר 2026" */
export const formatLongDate = (value: string | number | Date) =>
  writeDay(calendarParts(toDate(value)), false);

/** "Nov 22, 2026"; Hebrew "22 בנוב׳ 2026" */
export const formatShortDate = (value: string | number | Date) =>
  writeDay(calendarParts(toDate(value)), true);

/**
 * The UTC day of an instant, whatever the zone ("Jun 15, 2031"; long: "June 15, 2031"): a day the
 * server fixed in UTC, such as the end of a suspension or a receipt's date.
 */
export function formatUtcDay(value: string | number | Date, { long = false } = {}) {
  const d = toDate(value);
  return writeDay({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }, !long);
}

/** "Nov 22, 2026, 7:58 AM"; Hebrew "22 בנוב׳ 2026, 19:58" */
export function formatDateTime(value: string | number | Date) {
  const { year, month, day, hour, minute } = calendarParts(toDate(value));
  if (hebrew()) return `${day} ב${HEBREW_SHORT_MONTHS[month - 1]} ${year}, ${clock24(hour, minute)}`;
  const clock = `${hour % 12 || 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
  return `${MONTHS[month - 1]!.slice(0, 3)} ${day}, ${year}, ${clock}`;
}

/** "7:58 AM"; Hebrew "19:58" */
export function formatClock(value: string | number | Date) {
  const { hour, minute } = calendarParts(toDate(value));
  if (hebrew()) return clock24(hour, minute);
  return `${hour % 12 || 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

/** "Thu, Nov 26"; Hebrew "יום ה׳, 26 בנוב׳" */
export function formatWeekdayDate(value: string | number | Date) {
  const { year, month, day } = calendarParts(toDate(value));
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (hebrew()) return `${HEBREW_WEEKDAYS[weekday]}, ${day} ב${HEBREW_SHORT_MONTHS[month - 1]}`;
  return `${["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][weekday]}, ${MONTHS[month - 1]!.slice(0, 3)} ${day}`;
}

/** "2026" */
export const formatYear = (value: string | number | Date) => String(calendarParts(toDate(value)).year);

/** Age in calendar days: Today, Yesterday, N days ago (< 7), N weeks ago (< 30 days), then months. */
export function formatCalendarAge(value: string | number | Date, at: Date = now()): string {
  const days = dayNumber(at) - dayNumber(toDate(value));
  if (days <= 0) return t("Today");
  if (days === 1) return t("Yesterday");
  if (days < 7) return t("{count, plural, one {# day ago} other {# days ago}}", { count: days });
  if (days < 30) {
    return t("{count, plural, one {# week ago} other {# weeks ago}}", { count: Math.floor(days / 7) });
  }
  const months = Math.max(1, Math.floor(days / 30));
  return t("{count, plural, one {# month ago} other {# months ago}}", { count: months });
}

/** Short age: Just now, Nh ago, Nd ago (< 7 days), then the short date. */
export function formatCompactAge(value: string | number | Date, at: Date = now()): string {
  const elapsed = at.getTime() - toDate(value).getTime();
  const hours = Math.floor(elapsed / (60 * 60 * 1000));
  if (hours < 1) return t("Just now");
  if (hours < 24) return t("{hours}h ago", { hours });
  const days = Math.floor(hours / 24);
  if (days < 7) return t("{days}d ago", { days });
  return formatShortDate(value);
}

/** Age in words: N minutes ago (at least 1), then hours, then days. */
export function formatRelativeAge(value: string | number | Date, at: Date = now()): string {
  const minutes = Math.max(1, Math.floor((at.getTime() - toDate(value).getTime()) / 60000));
  if (minutes < 60) return t("{count, plural, one {# minute ago} other {# minutes ago}}", { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t("{count, plural, one {# hour ago} other {# hours ago}}", { count: hours });
  return t("{count, plural, one {# day ago} other {# days ago}}", { count: Math.floor(hours / 24) });
}

/** Days since 1970-01-01 of the instant's calendar date: whole days apart, whatever the clock changes. */
function dayNumber(d: Date): number {
  const { year, month, day } = calendarParts(d);
  return Date.UTC(year, month - 1, day) / DAY;
}

/**
 * The name the server gives in place of a member's when her profile is hidden from the one asking
 * (her "Show my profile to other members" setting is off): no other name, no picture comes with it.
 */
export const HIDDEN_MEMBER_NAME = "A member";

/** What a screen knows of a member: any of her names, and her e-mail when it may be shown. */
export interface Person {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** How much of her name to show: "Ruth", "Ruth Abel", or "Ruth A." (the prayer wall's form). */
export type NameForm = "first" | "full" | "short";

/** The server hid this member's name from the one asking (see `HIDDEN_MEMBER_NAME`). */
export function isHiddenMember(person: Person | null | undefined): boolean {
  return person?.firstName === HIDDEN_MEMBER_NAME && !person.lastName?.trim() && !person.email;
}

/**
 * A member's name, the one way every screen and the server write it. Fallback order:
 * 1. her first name (trimmed), with her last name (`full`) or its initial (`short`) when she has one;
 * 2. the part of her e-mail before "@", when the object carries an e-mail (her own account, the
 *    author of a reflection as the server names her); pass only the names to leave it out;
 * 3. `nameless`, the screen's word for someone without a name: "Anonymous" unless it says
 *    otherwise ("A sister", "A member", "friend").
 * A last name alone is not a name (the wall would show "A."): it falls through like no name.
 */
export function personName(
  person: Person | null | undefined,
  { form = "first", nameless = "Anonymous" }: { form?: NameForm; nameless?: string } = {},
): string {
  const first = person?.firstName?.trim();
  if (first) {
    const last = form === "first" ? undefined : person?.lastName?.trim();
    if (!last) return first;
    return form === "full" ? `${first} ${last}` : `${first} ${last.charAt(0).toUpperCase()}.`;
  }
  return person?.email?.split("@")[0]?.trim() || nameless;
}

/**
 * The letter an avatar shows without a picture: the first of `personName`'s answer, "?" for none
 * and for a member whose profile is hidden ("A member" is no name to take a letter from).
 */
export function initialsOf(person: Person | null | undefined): string {
  if (isHiddenMember(person)) return "?";
  return (personName(person, { nameless: "" }).charAt(0) || "?").toUpperCase();
}

/** Whole dollars without decimals, otherwise two decimals: 15 -> "$15", 19.5 -> "$19.50". */
export function formatDollars(amount: number): string {
  return Number.isInteger(amount) ? `$${formatCount(amount)}` : `$${amount.toFixed(2)}`;
}

/** Cents as money with both decimals, for receipts and statements: 2500 -> "$25.00". */
export function formatCents(cents: number, currency = "usd"): string {
  const sign = cents < 0 ? "-" : "";
  const [whole = "0", fraction = "00"] = (Math.abs(cents) / 100).toFixed(2).split(".");
  const amount = `${formatCount(Number(whole))}.${fraction}`;
  return currency.toLowerCase() === "usd"
    ? `${sign}$${amount}`
    : `${sign}${amount} ${currency.toUpperCase()}`;
}

/** Non-negative dollars to cents through the decimal string, so 19.99 becomes exactly 1999. */
export function dollarsToCents(amount: number): number {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError("Amount must be a non-negative number");
  const [whole = "0", fraction = "00"] = amount.toFixed(2).split(".");
  return Number.parseInt(whole, 10) * 100 + Number.parseInt(fraction, 10);
}

/** A file's size: 512 -> "512 B", 1_468_006 -> "1.4 MB" (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
