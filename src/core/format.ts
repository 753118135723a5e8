/** Formatting shared by every screen: durations, dates and relative times. */

const DAY = 24 * 60 * 60 * 1000;

/** 75 -> "1:15"; zero-padded seconds, minutes unbounded. */
export function formatDuration(totalSeconds: number | null | undefined): string {
  const s = Math.max(0, Math.floor(totalSeconds ?? 0));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  return `${minutes}:${seconds.toString().padStart(2, "0")}`;
}

/**
 * Where dates are read: the browser's own zone and clock, unless a page is being drawn for a member
 * elsewhere (on the server, in her zone) or taken over from such a drawing (at the moment it was
 * drawn, so the text the browser computes is the text it already shows).
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

interface Formatters {
  long: Intl.DateTimeFormat;
  short: Intl.DateTimeFormat;
  dateTime: Intl.DateTimeFormat;
  day: Intl.DateTimeFormat;
}
const formatters = new Map<string | undefined, Formatters>();

function formattersFor(timeZone: string | undefined): Formatters {
  let f = formatters.get(timeZone);
  if (!f) {
    const zone = { timeZone };
    f = {
      long: new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", ...zone }),
      short: new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", ...zone }),
      dateTime: new Intl.DateTimeFormat("en-US", {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        ...zone,
      }),
      day: new Intl.DateTimeFormat("en-US", { year: "numeric", month: "numeric", day: "numeric", ...zone }),
    };
    formatters.set(timeZone, f);
  }
  return f;
}

const current = () => formattersFor(dateContext().timeZone);

/** Whether `zone` names a time zone this runtime knows (a cookie may say anything). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** "November 22, 2026" */
export const formatLongDate = (value: string | number | Date) => current().long.format(toDate(value));
/** "Nov 22, 2026" */
export const formatShortDate = (value: string | number | Date) => current().short.format(toDate(value));
/** "Nov 22, 2026, 7:58 AM" */
export const formatDateTime = (value: string | number | Date) => current().dateTime.format(toDate(value));
/** "2026" */
export const formatYear = (value: string | number | Date) => String(calendarDay(toDate(value)).year);

/** Videos: Today, Yesterday, N days ago (< 7), N weeks ago (< 30 days), then months. */
export function formatVideoAge(value: string | number | Date, at: Date = now()): string {
  const days = dayNumber(at) - dayNumber(toDate(value));
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days < 7) return `${days} days ago`;
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    return weeks === 1 ? "1 week ago" : `${weeks} weeks ago`;
  }
  const months = Math.max(1, Math.floor(days / 30));
  return months === 1 ? "1 month ago" : `${months} months ago`;
}

/** Prayer requests: Just now, Nh ago, Nd ago (< 7 days), then a date. */
export function formatPrayerAge(value: string | number | Date, at: Date = now()): string {
  const elapsed = at.getTime() - toDate(value).getTime();
  const hours = Math.floor(elapsed / (60 * 60 * 1000));
  if (hours < 1) return "Just now";
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d ago`;
  return formatShortDate(value);
}

/** Prayer wall summary line: minutes, hours and days. */
export function formatWallAge(value: string | number | Date, at: Date = now()): string {
  const minutes = Math.max(0, Math.floor((at.getTime() - toDate(value).getTime()) / 60000));
  if (minutes < 60) return minutes <= 1 ? "1 minute ago" : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? "1 hour ago" : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "1 day ago" : `${days} days ago`;
}

/** The calendar date of an instant in the current zone. */
function calendarDay(d: Date): { year: number; month: number; day: number } {
  if (dateContext().timeZone === undefined) {
    return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
  }
  const parts = Object.fromEntries(
    current()
      .day.formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** Days since 1970-01-01 of the instant's calendar date: whole days apart, whatever the clock changes. */
function dayNumber(d: Date): number {
  const { year, month, day } = calendarDay(d);
  return Date.UTC(year, month - 1, day) / DAY;
}

/** Display name of a member on a discussion: first name, else the e-mail's local part. */
export function displayName(user: { firstName?: string | null; email?: string | null } | null | undefined) {
  if (!user) return "Anonymous";
  const first = user.firstName?.trim();
  if (first) return first;
  const local = user.email?.split("@")[0]?.trim();
  return local || "Anonymous";
}

/** Avatar fallback: first letter of the first name or of the e-mail. */
export function initial(user: { firstName?: string | null; email?: string | null } | null | undefined) {
  return (displayName(user).charAt(0) || "?").toUpperCase();
}

/** Whole dollars without decimals, otherwise two decimals: 15 -> "$15", 19.5 -> "$19.50". */
export function formatDollars(amount: number): string {
  return Number.isInteger(amount) ? `$${amount.toLocaleString("en-US")}` : `$${amount.toFixed(2)}`;
}

/** Non-negative dollars to cents through the decimal string, so 19.99 becomes exactly 1999. */
export function dollarsToCents(amount: number): number {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError("Amount must be a non-negative number");
  const [whole = "0", fraction = "00"] = amount.toFixed(2).split(".");
  return Number.parseInt(whole, 10) * 100 + Number.parseInt(fraction, 10);
}
