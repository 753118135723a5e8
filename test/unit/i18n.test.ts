import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import {
  formatCalendarAge,
  formatClock,
  formatLongDate,
  formatRelativeAge,
  formatWeekdayDate,
  setDateContext,
} from "~/core/format";
import { chooseLocale, fromAcceptLanguage, LOCALES, type MessageId, t } from "~/core/i18n";
import { compiledCatalogue } from "~/core/i18n/compile";
import { inLocale } from "~/server/i18n";

setDateContext(() => ({ timeZone: "Asia/Jerusalem" }));
const at = new Date("2026-11-29T17:05:00Z");

describe("her language", () => {
  it("takes the first language of Accept-Language the app speaks, by weight", () => {
    expect(fromAcceptLanguage("he-IL,he;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("he");
    expect(fromAcceptLanguage("fr-FR,fr;q=0.9,en;q=0.5,he;q=0.4")).toBe("en");
    expect(fromAcceptLanguage("en;q=0.2, he;q=0.8")).toBe("he");
    expect(fromAcceptLanguage("iw")).toBe("he");
    expect(fromAcceptLanguage("fr, de")).toBeUndefined();
    expect(fromAcceptLanguage("he;q=0")).toBeUndefined();
    expect(fromAcceptLanguage(undefined)).toBeUndefined();
  });

  it("prefers her profile, then the visitor's switch, then the browser, then the ministry", () => {
    expect(chooseLocale({ profile: "en", cookie: "he", acceptLanguage: "he", fallback: "he" })).toBe("en");
    expect(chooseLocale({ profile: null, cookie: "he", acceptLanguage: "en", fallback: "en" })).toBe("he");
    expect(chooseLocale({ cookie: "xx", acceptLanguage: "he-IL", fallback: "en" })).toBe("he");
    expect(chooseLocale({ acceptLanguage: "ru", fallback: "he" })).toBe("he");
  });
});

describe("messages", () => {
  it("counts in Hebrew with one, two and many", () => {
    const age = (days: number) => formatCalendarAge(new Date(at.getTime() - days * 86_400_000), at);
    expect(inLocale("he", () => [age(2), age(5), age(14), age(21)])).toEqual([
      "לפני יומיים",
      "לפני 5 ימים",
      "לפני שבועיים",
      "לפני 3 שבועות",
    ]);
    expect(inLocale("he", () => formatRelativeAge(new Date(at.getTime() - 60_000), at))).toBe("לפני דקה");
  });

  it("keeps the English as it was written", () => {
    const age = (days: number) => formatCalendarAge(new Date(at.getTime() - days * 86_400_000), at);
    expect([age(0), age(1), age(2), age(7), age(14), age(45)]).toEqual([
      "Today",
      "Yesterday",
      "2 days ago",
      "1 week ago",
      "2 weeks ago",
      "1 month ago",
    ]);
    expect(formatRelativeAge(new Date(at.getTime() - 3 * 3_600_000), at)).toBe("3 hours ago");
    expect(t("Just now")).toBe("Just now");
  });

  it("writes dates the way each language does", () => {
    expect(formatLongDate(at)).toBe("November 29, 2026");
    expect(formatClock(at)).toBe("7:05 PM");
    expect(inLocale("he", () => formatLongDate(at))).toBe("29 בנובמבר 2026");
    expect(inLocale("he", () => formatClock(at))).toBe("19:05");
    expect(inLocale("he", () => formatWeekdayDate(at))).toBe("יום א׳, 29 בנוב׳");
  });
});

describe("counts in messages, written without the platform's locale data", () => {
  // Every message of both catalogues with a placeholder, each name given a count, as Lingui's own
  // runtime writes it (Intl.PluralRules and Intl.NumberFormat).
  const counts = [0, 1, 2, 3, 10, 11, 21, 100, 1234, 1_000_000, 1.5, 0.5, -1, -2];
  for (const locale of LOCALES) {
    it(`writes every ${locale} message as Lingui does, for counts from none to a million, fractions and negatives`, () => {
      const messages = compiledCatalogue(locale);
      const lingui = setupI18n({ locale, messages: { [locale]: messages } });
      const names = (tokens: unknown, into = new Set<string>()): Set<string> => {
        if (!Array.isArray(tokens)) return into;
        for (const token of tokens) {
          if (Array.isArray(token)) {
            into.add(token[0] as string);
            for (const body of Object.values((token[2] ?? {}) as Record<string, unknown>)) names(body, into);
          }
        }
        return into;
      };
      let compared = 0;
      for (const [id, compiled] of Object.entries(messages)) {
        if (!Array.isArray(compiled)) continue;
        for (const n of counts) {
          const values = Object.fromEntries([...names(compiled)].map((name) => [name, n]));
          expect(
            inLocale(locale, () => t(id as MessageId, values)),
            `${id} with ${n}`,
          ).toBe(lingui._(id, values));
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(100);
    });
  }

  it("chooses Hebrew's one, two and other, and groups thousands", () => {
    expect(
      inLocale("he", () =>
        [1, 2, 3, 1234].map((count) => t("{count, plural, one {# reply} other {# replies}}", { count })),
      ),
    ).toEqual(["תגובה אחת", "שתי תגובות", "3 תגובות", "1,234 תגובות"]);
  });
});
