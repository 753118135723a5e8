import { currentLocale, t } from "~/web/lib/i18n";
import { zoneCity } from "./event-time";
import { ZONES_BY_COUNTRY } from "./zone-countries";

/** A time zone as she chooses it: "Jerusalem, Israel" for Asia/Jerusalem. */
export interface ZoneChoice {
  id: string;
  city: string;
  country: string;
  /** What she may type to find it, in lower case: city, country and id. */
  words: string;
}

const UTC = { id: "UTC", city: "UTC" } as const;

/** Lower case, without accents or underscores: "São_Paulo" is found by "sao paulo". */
export const searchable = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/_/g, " ")
    .toLowerCase()
    .trim();

/** `also`: more words that find it (the country's English name on a page in another language). */
const choice = (c: Omit<ZoneChoice, "words">, also = ""): ZoneChoice => ({
  ...c,
  words: searchable(`${c.city} ${c.country} ${c.id} ${also}`),
});

/** "Jerusalem, Israel"; the zone's city alone where the country is not known. */
export const zoneLabel = (c: Pick<ZoneChoice, "city" | "country">) =>
  c.country ? `${c.city}, ${c.country}` : c.city;

/**
 * Every zone by city and country, hers first (the browser's), then in order of city. Called when
 * the form opens, never while a page renders: Intl's first call is a long task.
 */
export function zoneChoices(own: string): ZoneChoice[] {
  const locale = currentLocale();
  let names: Intl.DisplayNames | undefined;
  let english: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: "region" });
    // The cities are named in English: so may her country be, whatever the page's language.
    if (locale !== "en") english = new Intl.DisplayNames(["en"], { type: "region" });
  } catch {
    // No region names here: the country's code stands in.
  }
  const all: ZoneChoice[] = [choice({ ...UTC, country: t("Coordinated Universal Time") })];
  for (const [code, zones] of Object.entries(ZONES_BY_COUNTRY)) {
    const country = names?.of(code) ?? code;
    const also = english?.of(code) ?? "";
    for (const id of zones.split(" ")) all.push(choice({ id, city: zoneCity(id), country }, also));
  }
  all.sort((a, b) => a.city.localeCompare(b.city));
  const mine = all.find((c) => c.id === own);
  // Her zone may be named by an older id than the list's ("Asia/Calcutta"): it still leads.
  const first = mine ?? choice({ id: own, city: zoneCity(own), country: "" });
  return [first, ...all.filter((c) => c !== mine)];
}

/** The choices whose city, country or id hold every word she typed, in their order. */
export function matchZones(choices: ZoneChoice[], query: string): ZoneChoice[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return choices;
  return choices.filter((c) => words.every((w) => c.words.includes(w)));
}
