/**
 * Where a member keeps Shabbat: a city of hebcal's list (its classic cities, and the cities added
 * here so that every zone of the countries most members live in has one), or, until she chooses,
 * her time zone's main city. Without any city in her zone her times are unknown, and the rest
 * window falls back to the clock hours it had before (see `rest.ts`).
 */
import { Location } from "@hebcal/core";
import { SHABBAT_CITIES } from "../../core/notifications/places";

/** A city hebcal's classic list lacks: [name, latitude, longitude, zone, country]. */
type City = readonly [name: string, latitude: number, longitude: number, zone: string, country: string];

// Coordinates of the city centres (GeoNames); elevation is left out, as hebcal's times leave it out.
const MORE_CITIES: readonly City[] = [
  // Europe's capitals and a few large cities
  ["Amsterdam", 52.37403, 4.88969, "Europe/Amsterdam", "NL"],
  ["Athens", 37.98376, 23.72784, "Europe/Athens", "GR"],
  ["Belgrade", 44.80401, 20.46513, "Europe/Belgrade", "RS"],
  ["Bern", 46.94809, 7.44744, "Europe/Zurich", "CH"],
  ["Bratislava", 48.14816, 17.10674, "Europe/Bratislava", "SK"],
  ["Brussels", 50.85045, 4.34878, "Europe/Brussels", "BE"],
  ["Bucharest", 44.43225, 26.10626, "Europe/Bucharest", "RO"],
  ["Chisinau", 47.00556, 28.8575, "Europe/Chisinau", "MD"],
  ["Copenhagen", 55.67594, 12.56553, "Europe/Copenhagen", "DK"],
  ["Dublin", 53.33306, -6.24889, "Europe/Dublin", "IE"],
  ["Istanbul", 41.01384, 28.94966, "Europe/Istanbul", "TR"],
  ["Lisbon", 38.71667, -9.13333, "Europe/Lisbon", "PT"],
  ["Ljubljana", 46.05108, 14.50513, "Europe/Ljubljana", "SI"],
  ["Luxembourg", 49.61167, 6.13, "Europe/Luxembourg", "LU"],
  ["Madrid", 40.4165, -3.70256, "Europe/Madrid", "ES"],
  ["Minsk", 53.9, 27.56667, "Europe/Minsk", "BY"],
  ["Nicosia", 35.17531, 33.3642, "Asia/Nicosia", "CY"],
  ["Oslo", 59.91273, 10.74609, "Europe/Oslo", "NO"],
  ["Podgorica", 42.44111, 19.26361, "Europe/Podgorica", "ME"],
  ["Prague", 50.08804, 14.42076, "Europe/Prague", "CZ"],
  ["Reykjavik", 64.13548, -21.89541, "Atlantic/Reykjavik", "IS"],
  ["Riga", 56.946, 24.10589, "Europe/Riga", "LV"],
  ["Rome", 41.89193, 12.51133, "Europe/Rome", "IT"],
  ["Sarajevo", 43.84864, 18.35644, "Europe/Sarajevo", "BA"],
  ["Skopje", 41.99646, 21.43141, "Europe/Skopje", "MK"],
  ["Sofia", 42.69751, 23.32415, "Europe/Sofia", "BG"],
  ["Stockholm", 59.32938, 18.06871, "Europe/Stockholm", "SE"],
  ["Tallinn", 59.43696, 24.75353, "Europe/Tallinn", "EE"],
  ["Tirana", 41.3275, 19.81889, "Europe/Tirane", "AL"],
  ["Valletta", 35.89968, 14.5148, "Europe/Malta", "MT"],
  ["Vienna", 48.20849, 16.37208, "Europe/Vienna", "AT"],
  ["Vilnius", 54.68916, 25.2798, "Europe/Vilnius", "LT"],
  ["Warsaw", 52.22977, 21.01178, "Europe/Warsaw", "PL"],
  ["Zagreb", 45.81444, 15.97798, "Europe/Zagreb", "HR"],
  ["Manchester", 53.48095, -2.23743, "Europe/London", "GB"],
  // The United States' zones without a classic city
  ["Anchorage", 61.21806, -149.90028, "America/Anchorage", "US"],
  ["Boise", 43.6135, -116.20345, "America/Boise", "US"],
  ["Indianapolis", 39.76838, -86.15804, "America/Indiana/Indianapolis", "US"],
  ["Juneau", 58.30194, -134.41972, "America/Juneau", "US"],
  ["Louisville", 38.25424, -85.75941, "America/Kentucky/Louisville", "US"],
  ["San Juan", 18.46633, -66.10572, "America/Puerto_Rico", "PR"],
  // Canada
  ["Calgary", 51.05011, -114.08529, "America/Edmonton", "CA"],
  ["Edmonton", 53.55014, -113.46871, "America/Edmonton", "CA"],
  ["Halifax", 44.64533, -63.57239, "America/Halifax", "CA"],
  ["Moncton", 46.11594, -64.80186, "America/Moncton", "CA"],
  ["Regina", 50.45008, -104.6178, "America/Regina", "CA"],
  ["St. John's", 47.56494, -52.70931, "America/St_Johns", "CA"],
  ["Whitehorse", 60.71611, -135.05375, "America/Whitehorse", "CA"],
  ["Winnipeg", 49.8844, -97.14704, "America/Winnipeg", "CA"],
  // Australia and New Zealand
  ["Adelaide", -34.92866, 138.59863, "Australia/Adelaide", "AU"],
  ["Brisbane", -27.46794, 153.02809, "Australia/Brisbane", "AU"],
  ["Canberra", -35.28346, 149.12807, "Australia/Sydney", "AU"],
  ["Darwin", -12.46113, 130.84185, "Australia/Darwin", "AU"],
  ["Hobart", -42.87936, 147.32941, "Australia/Hobart", "AU"],
  ["Perth", -31.95224, 115.8614, "Australia/Perth", "AU"],
  ["Auckland", -36.84853, 174.76349, "Pacific/Auckland", "NZ"],
  // South Africa
  ["Cape Town", -33.92584, 18.42322, "Africa/Johannesburg", "ZA"],
  // Brazil
  ["Araguaina", -7.19111, -48.20722, "America/Araguaina", "BR"],
  ["Belem", -1.45583, -48.50444, "America/Belem", "BR"],
  ["Boa Vista", 2.81972, -60.67333, "America/Boa_Vista", "BR"],
  ["Brasilia", -15.77972, -47.92972, "America/Sao_Paulo", "BR"],
  ["Campo Grande", -20.44278, -54.64639, "America/Campo_Grande", "BR"],
  ["Cuiaba", -15.59611, -56.09667, "America/Cuiaba", "BR"],
  ["Eirunepe", -6.66028, -69.87361, "America/Eirunepe", "BR"],
  ["Fernando de Noronha", -3.85, -32.41667, "America/Noronha", "BR"],
  ["Fortaleza", -3.71722, -38.54306, "America/Fortaleza", "BR"],
  ["Maceio", -9.66583, -35.73528, "America/Maceio", "BR"],
  ["Manaus", -3.10194, -60.025, "America/Manaus", "BR"],
  ["Porto Velho", -8.76194, -63.90389, "America/Porto_Velho", "BR"],
  ["Recife", -8.05389, -34.88111, "America/Recife", "BR"],
  ["Rio Branco", -9.97472, -67.81, "America/Rio_Branco", "BR"],
  ["Rio de Janeiro", -22.90642, -43.18223, "America/Sao_Paulo", "BR"],
  ["Salvador", -12.97111, -38.51083, "America/Bahia", "BR"],
  ["Santarem", -2.44306, -54.70833, "America/Santarem", "BR"],
  // Argentina
  ["Catamarca", -28.46957, -65.78524, "America/Argentina/Catamarca", "AR"],
  ["Cordoba", -31.4135, -64.18105, "America/Argentina/Cordoba", "AR"],
  ["Jujuy", -24.19457, -65.29712, "America/Argentina/Jujuy", "AR"],
  ["La Rioja", -29.41105, -66.85067, "America/Argentina/La_Rioja", "AR"],
  ["Mendoza", -32.89084, -68.82717, "America/Argentina/Mendoza", "AR"],
  ["Rio Gallegos", -51.62261, -69.21813, "America/Argentina/Rio_Gallegos", "AR"],
  ["Salta", -24.7859, -65.41166, "America/Argentina/Salta", "AR"],
  ["San Juan, Argentina", -31.5375, -68.53639, "America/Argentina/San_Juan", "AR"],
  ["San Luis", -33.29501, -66.33563, "America/Argentina/San_Luis", "AR"],
  ["San Miguel de Tucuman", -26.82414, -65.2226, "America/Argentina/Tucuman", "AR"],
  ["Ushuaia", -54.8, -68.3, "America/Argentina/Ushuaia", "AR"],
];

// hebcal fills its classic list on the first look-up, unless a city was added before: look first.
Location.lookup("Jerusalem");
for (const [name, latitude, longitude, zone, country] of MORE_CITIES) {
  Location.addLocation(name, new Location(latitude, longitude, false, zone, name, country));
}

/**
 * A zone's main city, for a member who has not chosen hers. Zones not listed take the first city
 * of the list in the same zone (`placeOf`).
 */
const ZONE_CITIES: Record<string, string> = {
  "Asia/Jerusalem": "Jerusalem",
  "America/New_York": "New York",
  "America/Chicago": "Chicago",
  "America/Denver": "Denver",
  "America/Phoenix": "Phoenix",
  "America/Los_Angeles": "Los Angeles",
  "America/Detroit": "Detroit",
  "Pacific/Honolulu": "Hawaii",
  "America/Toronto": "Toronto",
  "America/Vancouver": "Vancouver",
  "America/Edmonton": "Calgary",
  "Europe/London": "London",
  "Europe/Paris": "Paris",
  "Europe/Moscow": "Moscow",
  "Europe/Kyiv": "Kiev",
  "Australia/Sydney": "Sydney",
  "Australia/Melbourne": "Melbourne",
  "Africa/Johannesburg": "Johannesburg",
  "America/Sao_Paulo": "Sao Paulo",
  "America/Argentina/Buenos_Aires": "Buenos Aires",
  "America/Mexico_City": "Mexico City",
};

const canonicalNames = new Map<string, string>();
/**
 * A zone as Intl spells it canonically ("Asia/Kolkata" and "Asia/Calcutta" alike; "US/Eastern" is
 * "America/New_York"): the preferences store that spelling, and hebcal's cities use either.
 */
export function canonicalZone(zone: string): string {
  let canonical = canonicalNames.get(zone);
  if (canonical === undefined) {
    try {
      canonical = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      canonical = zone;
    }
    canonicalNames.set(zone, canonical);
  }
  return canonical;
}

const citiesByZone = new Map<string, string>();
for (const name of SHABBAT_CITIES) {
  const zone = canonicalZone(Location.lookup(name)?.getTzid() ?? "");
  if (!citiesByZone.has(zone)) citiesByZone.set(zone, name);
}
for (const [zone, name] of Object.entries(ZONE_CITIES)) citiesByZone.set(canonicalZone(zone), name);

/** A city of the list, by its name (any case), or undefined. */
export const cityNamed = (name: string): Location | undefined =>
  SHABBAT_CITIES.some((city) => city.toLowerCase() === name.trim().toLowerCase())
    ? Location.lookup(name.trim())
    : undefined;

/** Where her times are reckoned. */
export interface Place {
  /** Her city, chosen or her zone's; null when her zone has none and her times are unknown. */
  city: string | null;
  /** Her zone: the clocks her civil dates are read on (a chosen city's own zone). */
  timeZone: string;
  /** The city's coordinates, for sunset and nightfall; null without a city. */
  location: Location | null;
  /** Whether the place is in Israel (her feast days default to Israel's there). */
  inIsrael: boolean;
}

/**
 * Her place: the city she chose, else her time zone's main city, else the first city of the list
 * in her zone, else none (her zone alone: the rest window keeps its clock hours).
 */
export function placeOf(input: { city?: string | null; timeZone: string }): Place {
  const chosen = input.city ? cityNamed(input.city) : undefined;
  const zone = canonicalZone(input.timeZone);
  const name = chosen ? input.city!.trim() : citiesByZone.get(zone);
  const location = chosen ?? (name ? Location.lookup(name) : undefined);
  if (!location || !name) {
    return { city: null, timeZone: zone, location: null, inIsrael: zone === canonicalZone("Asia/Jerusalem") };
  }
  return {
    city: SHABBAT_CITIES.find((city) => city.toLowerCase() === name.toLowerCase()) ?? name,
    timeZone: location.getTzid(),
    location,
    inIsrael: location.getIsrael(),
  };
}

/** The names of the cities added to hebcal's classic list (the core list must name them all). */
export const ADDED_CITY_NAMES = MORE_CITIES.map(([name]) => name);
