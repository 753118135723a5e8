/**
 * Time zones by name, in the page's language. English names a zone by the city of its id, as the time
 * zone database writes it; another language by what the platform (Intl) calls the time there, since
 * browsers carry the zones' city names in English only.
 */
import type { Locale } from "../i18n/locales";

/** "Jerusalem" from "Asia/Jerusalem", "New York" from "America/New_York". */
export const zoneCity = (zone: string) => (zone.split("/").pop() ?? zone).replace(/_/g, " ");

const named = new Map<string, string>();

/**
 * The name of `zone` in `locale`: "Jerusalem", "New York" in English; in Hebrew the name of its time
 * ("שעון ישראל", "שעון החוף המזרחי", "זמן אוניברסלי מתואם"), else, where the platform has no name for
 * it in the language's own letters, its offset from UTC ("GMT-5"). In another language than English
 * it asks Intl, which takes a moment: call it from what she opens, or once the page has started.
 */
export function zoneName(zone: string, locale: Locale): string {
  if (locale === "en") return zoneCity(zone);
  const key = `${locale} ${zone}`;
  let name = named.get(key);
  if (name === undefined) {
    name = platformName(zone, locale);
    named.set(key, name);
  }
  return name;
}

function platformName(zone: string, locale: Locale): string {
  const now = new Date();
  const write = (timeZoneName: Intl.DateTimeFormatOptions["timeZoneName"]) =>
    new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName })
      .formatToParts(now)
      .find((part) => part.type === "timeZoneName")?.value;
  try {
    const script = new Intl.Locale(locale).maximize().script;
    // Letters of the language's own script only: a city the platform knows only in English is no name here.
    const ownLetters = script ? new RegExp(`^[\\p{Script=${script}}\\P{L}]*$`, "u") : /.*/;
    // The name of its time all year round ("שעון ישראל"), else of its standard time ("זמן אוניברסלי
    // מתואם"): never an offset, which the platform writes when it has no name.
    for (const style of ["longGeneric", "long"] as const) {
      const name = write(style);
      if (name && !/\d/.test(name) && ownLetters.test(name)) return name;
    }
    return write("shortOffset") ?? zoneCity(zone);
  } catch {
    // A zone this platform does not know: its id's city.
    return zoneCity(zone);
  }
}
