/**
 * Her day on the biblical calendar, for her home page: its Hebrew date, this week's Torah portion and
 * the feasts and fasts it holds, in both languages the app speaks. Computed here, with @hebcal/core's
 * readings and holidays (some 60 KB gzipped that the browser never loads), and sent in her home
 * page's response.
 */
import { flags, HDate, HebrewCalendar, ParshaEvent, Sedra } from "@hebcal/core";
import { type CivilDay, hebrewDateOf, hebrewDateTexts } from "../../../core/calendar/hebrew-date";
import type { Locale } from "../../../core/i18n/locales";

type Texts = Record<Locale, string>;

export interface HebrewDayTexts {
  date: Texts;
  /** The portion read on the coming Shabbat (today's, on a Shabbat); none when a feast's reading replaces it. */
  torahPortion: Texts | null;
  holidays: Texts[];
}

/** What the day line names: feasts (with the new moon and the eve of a feast) and fasts. */
const SHOWN =
  flags.CHAG |
  flags.MINOR_HOLIDAY |
  flags.CHOL_HAMOED |
  flags.EREV |
  flags.ROSH_CHODESH |
  flags.MAJOR_FAST |
  flags.MINOR_FAST;
/** Customs few keep, which hebcal also lists: the Monday-Thursday-Monday fasts, Yom Kippur Katan. */
const HIDDEN = flags.BEHAB | flags.YOM_KIPPUR_KATAN;

/** Hebcal's Hebrew, without vowel points, as the rest of the app writes it. */
const HEBREW = "he-x-NoNikud";

const both = (render: (locale: string) => string): Texts => ({ en: render("en"), he: render(HEBREW) });

/**
 * The day's texts. `israel` chooses Israel's readings and feast days (one day of Pesach's last
 * feast and of Shavuot, not two), which part from the diaspora's for some weeks in some years.
 */
export function hebrewDay(day: CivilDay, { israel }: { israel: boolean }): HebrewDayTexts {
  const h = hebrewDateOf(day);
  const date = new HDate(h.dd, h.mm, h.yy);
  const reading = new Sedra(h.yy, israel).lookup(date);
  const holidays = (HebrewCalendar.getHolidaysOnDate(date, israel) ?? []).filter((event) => {
    const mask = event.getFlags();
    return (mask & SHOWN) !== 0 && (mask & HIDDEN) === 0;
  });
  return {
    date: hebrewDateTexts(day),
    torahPortion: reading.chag ? null : both((locale) => new ParshaEvent(reading).render(locale)),
    holidays: holidays.map((event) => both((locale) => event.render(locale))),
  };
}

/**
 * Whether the ministry keeps Israel's calendar: when it plans in Jerusalem's time zone. Elsewhere the
 * diaspora's readings and second feast days.
 */
export const keepsIsraelCalendar = (ministryZone: string | undefined) =>
  ministryZone === "Asia/Jerusalem" || ministryZone === "Asia/Tel_Aviv";
