import type { Locale } from "~/core/i18n";
import { zoneName } from "~/core/time-zones/names";
import { currentLocale, t } from "~/web/lib/i18n";
import { ZONES_BY_COUNTRY } from "./zone-countries";

/**
 * A time zone as she chooses it: "Jerusalem, Israel" for Asia/Jerusalem; in Hebrew by the name of
 * its time, "שעון ישראל" (the country's name left out when that one says it).
 */
export interface ZoneChoice {
  id: string;
  /** The zone's name in the page's language (`zoneName`): its city in English. */
  city: string;
  country: string;
  /** What she may type to find it, in lower case: city, country and id. */
  words: string;
}

/** Lower case, without accents or underscores: "São_Paulo" is found by "sao paulo". */
export const searchable = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/_/g, " ")
    .toLowerCase()
    .trim();

/** The countries' names in the page's language, and in English on a page in another. */
function regionNames(locale: Locale) {
  try {
    return {
      names: new Intl.DisplayNames([locale], { type: "region" }),
      // The zones' ids are in English: so may her country be, whatever the page's language.
      english: locale !== "en" ? new Intl.DisplayNames(["en"], { type: "region" }) : undefined,
    };
  } catch {
    // No region names here: the country's code stands in.
    return {};
  }
}

/** The choice of zone `id`, of the country `code` (none for UTC, or a zone not in the list). */
function choice(
  id: string,
  code: string | undefined,
  regions: ReturnType<typeof regionNames>,
  locale: Locale,
) {
  const city = zoneName(id, locale);
  const country =
    id === "UTC" ? t("Coordinated Universal Time") : code ? (regions.names?.of(code) ?? code) : "";
  const also = code ? (regions.english?.of(code) ?? "") : "";
  return {
    id,
    city,
    // Another language names the time of a country with one zone by the country: "שעון ישראל".
    country: locale !== "en" && city.includes(country) ? "" : country,
    words: searchable(`${city} ${country} ${id} ${also}`),
  };
}

/** "Jerusalem, Israel"; the zone's city alone where the country is not known. */
export const zoneLabel = (c: Pick<ZoneChoice, "city" | "country">) =>
  c.country ? `${c.city}, ${c.country}` : c.city;

/**
 * Every zone by city and country, hers first (the browser's), then in order of city. Called when
 * she opens the list, never while a page renders: Intl's first call is a long task, and in another
 * language than English each zone's name is one.
 */
export function zoneChoices(own: string): ZoneChoice[] {
  const locale = currentLocale();
  const regions = regionNames(locale);
  const all: ZoneChoice[] = [choice("UTC", undefined, regions, locale)];
  for (const [code, zones] of Object.entries(ZONES_BY_COUNTRY)) {
    for (const id of zones.split(" ")) all.push(choice(id, code, regions, locale));
  }
  all.sort((a, b) => a.city.localeCompare(b.city));
  const mine = all.find((c) => c.id === own);
  // Her zone may be named by an older id than the list's ("Asia/Calcutta"): it still leads.
  const first = mine ?? choice(own, undefined, regions, locale);
  return [first, ...all.filter((c) => c !== mine)];
}

/** One zone's choice, for the field to show before she opens the list. */
export function zoneChoice(id: string): ZoneChoice {
  const locale = currentLocale();
  const code = Object.keys(ZONES_BY_COUNTRY).find((c) => ZONES_BY_COUNTRY[c]!.split(" ").includes(id));
  return choice(id, code, regionNames(locale), locale);
}

/** The choices whose city, country or id hold every word she typed, in their order. */
export function matchZones(choices: ZoneChoice[], query: string): ZoneChoice[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return choices;
  return choices.filter((c) => words.every((w) => c.words.includes(w)));
}
