/**
 * Hebrew dates for display, and a date's return each year on the Hebrew calendar. Safe for the
 * browser: only @hebcal/hdate's arithmetic, by its modules (its index registers locale data, and
 * @hebcal/core's holidays and readings weigh some 60 KB gzipped: those stay on the server).
 */
import { getBirthdayHD } from "@hebcal/hdate/dist/esm/anniversary";
import { gematriya } from "@hebcal/hdate/dist/esm/gematriya";
import { abs2hebrew, getMonthName, hebrew2abs } from "@hebcal/hdate/dist/esm/hdateBase";
import type { Locale } from "../i18n/locales";
import type { CivilDay } from "./civil";

export type { CivilDay } from "./civil";

/** A day of the Hebrew calendar as hebcal counts it: month 1 is Nisan, 7 Tishrei, 13 Adar II. */
export interface HebrewDay {
  yy: number;
  mm: number;
  dd: number;
}

const DAY = 86_400_000;
/** Hebcal's day numbers (R.D.: 1 is January 1 of year 1) at 1970-01-01. */
const EPOCH_DAY = 719_163;

const dayNumber = (d: CivilDay) => Date.UTC(d.year, d.month - 1, d.day) / DAY + EPOCH_DAY;

function civilOf(dayNo: number): CivilDay {
  const d = new Date((dayNo - EPOCH_DAY) * DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The Hebrew date of a civil day (the daytime's: a Hebrew day begins at the evening before). */
export const hebrewDateOf = (d: CivilDay): HebrewDay => abs2hebrew(dayNumber(d));

/** The civil day of a Hebrew date. */
export const civilDayOfHebrew = (h: HebrewDay): CivilDay => civilOf(hebrew2abs(h.yy, h.mm, h.dd));

/**
 * The Hebrew months with "ב" ("in"), as a date says them, spelt as hebcal's Hebrew names are
 * (its month names in English are the keys).
 */
const HEBREW_MONTHS: Record<string, string> = {
  Nisan: "בניסן",
  Iyyar: "באייר",
  Sivan: "בסיון",
  Tamuz: "בתמוז",
  Av: "באב",
  Elul: "באלול",
  Tishrei: "בתשרי",
  Cheshvan: "בחשון",
  Kislev: "בכסלו",
  Tevet: "בטבת",
  "Sh'vat": "בשבט",
  Adar: "באדר",
  "Adar I": "באדר א׳",
  "Adar II": "באדר ב׳",
};

/** "25 Kislev 5787" in English, "כ״ה בכסלו תשפ״ז" in Hebrew (letters for numbers, as it is written). */
export function formatHebrewDate(h: HebrewDay, locale: Locale): string {
  const month = getMonthName(h.mm, h.yy);
  if (locale === "he") return `${gematriya(h.dd)} ${HEBREW_MONTHS[month] ?? month} ${gematriya(h.yy)}`;
  return `${h.dd} ${month} ${h.yy}`;
}

/** A civil day's Hebrew date, written in `locale`. */
export const hebrewDateText = (d: CivilDay, locale: Locale) => formatHebrewDate(hebrewDateOf(d), locale);

/** A date's Hebrew date in both languages the app speaks (what the server sends for either). */
export const hebrewDateTexts = (d: CivilDay): Record<Locale, string> => ({
  en: hebrewDateText(d, "en"),
  he: hebrewDateText(d, "he"),
});

/**
 * The civil days a yearly series on a Hebrew date falls on: the first, then its return in each of
 * the next `years` Hebrew years, up to `until` (included). A date that a year lacks moves as hebcal's
 * anniversaries do: Adar of a common year is Adar II in a leap year (Purim stays a month before
 * Pesach), Adar I or II is Adar in a common year, and a 30th that a month lacks that year (Cheshvan,
 * Kislev, Adar I) is the 1st of the next month.
 */
export function hebrewYearlyDays(first: CivilDay, until: CivilDay, years: number): CivilDay[] {
  const start = hebrewDateOf(first);
  const last = dayNumber(until);
  const days: CivilDay[] = [];
  for (let n = 0; n <= years; n++) {
    const h = getBirthdayHD(start.yy + n, start);
    if (!h) continue;
    const dayNo = hebrew2abs(h.yy, h.mm, h.dd);
    if (dayNo > last) break;
    days.push(civilOf(dayNo));
  }
  return days;
}

/** The Hebrew date a yearly series keeps in the year after `first`'s: its next return. */
export function nextHebrewYear(first: CivilDay): { hebrew: HebrewDay; civil: CivilDay } {
  const start = hebrewDateOf(first);
  const h = getBirthdayHD(start.yy + 1, start)!;
  return { hebrew: h, civil: civilDayOfHebrew(h) };
}
