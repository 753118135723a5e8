import { HDate, Locale, months } from "@hebcal/core";
import { afterEach, describe, expect, it } from "vitest";
import {
  type CivilDay,
  civilDayOf,
  isoDay,
  minutesOfDayOf,
  parseIsoDay,
} from "../../src/core/calendar/civil";
import {
  civilDayOfHebrew,
  formatHebrewDate,
  hebrewDateOf,
  hebrewDateText,
  hebrewYearlyDays,
  nextHebrewYear,
} from "../../src/core/calendar/hebrew-date";
import { setDateContext } from "../../src/core/format";
import { hebrewDay, keepsIsraelCalendar } from "../../src/server/features/home/hebrew-day";
import { homeDay } from "../../src/server/features/home/service";

const day = (text: string): CivilDay => parseIsoDay(text);

/** Every civil day from `from` for `count` days. */
const daysFrom = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  });

afterEach(() => setDateContext(() => ({})));

describe("a civil day's Hebrew date", () => {
  it("is hebcal's published date, in English and in Hebrew", () => {
    expect(hebrewDateText(day("2026-12-05"), "en")).toBe("25 Kislev 5787");
    expect(hebrewDateText(day("2026-12-05"), "he")).toBe("כ״ה בכסלו תשפ״ז");
    expect(hebrewDateText(day("2026-09-12"), "en")).toBe("1 Tishrei 5787");
    expect(hebrewDateText(day("2026-09-12"), "he")).toBe("א׳ בתשרי תשפ״ז");
    expect(hebrewDateText(day("2027-03-23"), "en")).toBe("14 Adar II 5787");
    expect(hebrewDateText(day("2027-03-23"), "he")).toBe("י״ד באדר ב׳ תשפ״ז");
    expect(hebrewDateText(day("2026-03-03"), "he")).toBe("י״ד באדר תשפ״ו");
  });

  it("agrees with hebcal on every day of four years, a leap year among them", () => {
    for (const d of daysFrom("2026-01-01", 4 * 366)) {
      const reference = new HDate(new Date(d.year, d.month - 1, d.day));
      const h = hebrewDateOf(d);
      expect([h.yy, h.mm, h.dd]).toEqual([
        reference.getFullYear(),
        reference.getMonth(),
        reference.getDate(),
      ]);
      expect(formatHebrewDate(h, "en")).toBe(reference.toString());
      // hebcal writes the month without "in": "כ״ה כסלו תשפ״ז".
      const month = Locale.gettext(reference.getMonthName(), "he-x-NoNikud");
      expect(formatHebrewDate(h, "he")).toBe(reference.renderGematriya(true).replace(month, `ב${month}`));
      expect(civilDayOfHebrew(h)).toEqual(d);
    }
  });

  it("is the day the page shows: in her zone on the server's render, at the moment it was rendered", () => {
    // 23:30 in New York on December 4 is already December 5 in UTC.
    const instant = "2026-12-05T04:30:00Z";
    setDateContext(() => ({ timeZone: "America/New_York" }));
    expect(civilDayOf(instant)).toEqual(day("2026-12-04"));
    expect(minutesOfDayOf(instant)).toBe(23 * 60 + 30);
    expect(hebrewDateText(civilDayOf(instant), "en")).toBe("24 Kislev 5787");
    setDateContext(() => ({ timeZone: "Asia/Jerusalem" }));
    expect(civilDayOf(instant)).toEqual(day("2026-12-05"));
    expect(minutesOfDayOf(instant)).toBe(6 * 60 + 30);
    expect(isoDay(civilDayOf(instant))).toBe("2026-12-05");
  });
});

describe("a yearly series on a Hebrew date", () => {
  it("keeps Purim a month before Pesach: 14 Adar is 14 Adar II in a leap year", () => {
    const days = hebrewYearlyDays(day("2026-03-03"), day("2029-12-31"), 10).map(isoDay);
    expect(days).toEqual(["2026-03-03", "2027-03-23", "2028-03-12", "2029-03-01"]);
    expect(nextHebrewYear(day("2026-03-03"))).toEqual({
      hebrew: { yy: 5787, mm: months.ADAR_II, dd: 14 },
      civil: day("2027-03-23"),
    });
  });

  it("brings Adar I or Adar II of a leap year back to Adar in a common year", () => {
    // 14 Adar I 5787 (Purim Katan) is February 21, 2027; in 5788 there is one Adar.
    expect(hebrewDateText(day("2027-02-21"), "en")).toBe("14 Adar I 5787");
    expect(hebrewYearlyDays(day("2027-02-21"), day("2028-12-31"), 10).map(isoDay)).toEqual([
      "2027-02-21",
      "2028-03-12",
    ]);
  });

  it("moves a 30th to the 1st of the next month in a year whose month has 29 days, as hebcal's HDate does", () => {
    // Cheshvan has 30 days in 5787 and 5788, 29 in 5789.
    const first = civilDayOfHebrew({ yy: 5787, mm: months.CHESHVAN, dd: 30 });
    const days = hebrewYearlyDays(first, day("2029-06-30"), 10).map((d) => hebrewDateText(d, "en"));
    expect(days).toEqual(["30 Cheshvan 5787", "30 Cheshvan 5788", "1 Kislev 5789"]);
    expect(new HDate(30, months.CHESHVAN, 5789).toString()).toBe("1 Kislev 5789");
  });

  it("returns at most ten times after its first date, and never after its last day", () => {
    expect(hebrewYearlyDays(day("2026-03-03"), day("2060-01-01"), 10)).toHaveLength(11);
    expect(hebrewYearlyDays(day("2026-03-03"), day("2026-12-31"), 10)).toHaveLength(1);
    expect(hebrewYearlyDays(day("2026-03-03"), day("2027-03-22"), 10)).toHaveLength(1);
    expect(hebrewYearlyDays(day("2026-03-03"), day("2027-03-23"), 10)).toHaveLength(2);
  });
});

describe("her day on the biblical calendar", () => {
  it("names Rosh Hashana 5787 on September 12, 2026", () => {
    expect(civilDayOfHebrew({ yy: 5787, mm: months.TISHREI, dd: 1 })).toEqual(day("2026-09-12"));
    const today = hebrewDay(day("2026-09-12"), { israel: false });
    expect(today.date).toEqual({ en: "1 Tishrei 5787", he: "א׳ בתשרי תשפ״ז" });
    expect(today.holidays).toContainEqual({ en: "Rosh Hashana 5787", he: "ראש השנה 5787" });
  });

  it("names Chanukah from its first day, 25 Kislev, and its first candle on the evening before", () => {
    const first = hebrewDay(day("2026-12-05"), { israel: false });
    expect(first.date.en).toBe("25 Kislev 5787");
    // Hebcal names each day by the candles lit as it ends: the first day's evening lights the second.
    expect(first.holidays).toEqual([{ en: "Chanukah: 2 Candles", he: "חנוכה: ב׳ נרות" }]);
    expect(hebrewDay(day("2026-12-04"), { israel: false }).holidays).toEqual([
      { en: "Chanukah: 1 Candle", he: "חנוכה: א׳ נר" },
    ]);
  });

  it("names fasts, and leaves out the customs few keep", () => {
    expect(hebrewDay(day("2026-09-21"), { israel: false }).holidays).toEqual([
      { en: "Yom Kippur", he: "יום כיפור" },
    ]);
    // Ta'anit BeHaB, the Monday after Cheshvan's first Shabbat: not shown.
    expect(hebrewDay(day("2026-10-26"), { israel: false }).holidays).toEqual([]);
  });

  it("gives the week's Torah portion, Israel's or the diaspora's", () => {
    // Shabbat, December 5, 2026.
    expect(hebrewDay(day("2026-12-05"), { israel: false }).torahPortion).toEqual({
      en: "Parashat Vayeshev",
      he: "פרשת וישב",
    });
    // The week of May 30, 2026: the diaspora keeps a second day of Shavuot on Shabbat, May 23, and
    // reads a week behind Israel until they join again on June 27.
    const wednesday = day("2026-05-27");
    expect(hebrewDay(wednesday, { israel: false }).torahPortion?.en).toBe("Parashat Nasso");
    expect(hebrewDay(wednesday, { israel: true }).torahPortion?.en).toMatch(/^Parashat Beha.alotcha$/);
    expect(hebrewDay(wednesday, { israel: false }).torahPortion?.he).toBe("פרשת נשא");
  });

  it("has no portion on a Shabbat a feast's reading takes, and names the feast", () => {
    const shavuot = hebrewDay(day("2026-05-23"), { israel: false });
    expect(shavuot.torahPortion).toBeNull();
    expect(shavuot.holidays.map((h) => h.en)).toEqual(["Shavuot II"]);
    expect(hebrewDay(day("2026-05-23"), { israel: true }).torahPortion?.en).toBe("Parashat Nasso");
  });

  it("is computed for any day of the coming years, the turn of each Hebrew year included", () => {
    for (const d of daysFrom("2026-01-01", 6 * 366)) {
      const today = hebrewDay(d, { israel: false });
      expect(today.date.en).toBe(hebrewDateText(d, "en"));
      if (today.torahPortion) expect(today.torahPortion.en).toMatch(/^Parashat /);
    }
  });

  it("is her day in her zone, the ministry's before her app says, on the diaspora's calendar unless it is in Jerusalem", () => {
    const now = new Date("2026-12-05T04:30:00Z");
    expect(homeDay("America/New_York", "Asia/Jerusalem", now)).toEqual({
      day: day("2026-12-04"),
      israel: true,
    });
    expect(homeDay(undefined, "Asia/Jerusalem", now).day).toEqual(day("2026-12-05"));
    expect(homeDay("Mars/Olympus", "America/Chicago", now)).toEqual({
      day: day("2026-12-04"),
      israel: false,
    });
    expect(homeDay(undefined, undefined, now).day).toEqual(day("2026-12-05"));
    expect(keepsIsraelCalendar("Asia/Jerusalem")).toBe(true);
    expect(keepsIsraelCalendar("Europe/London")).toBe(false);
  });
});
