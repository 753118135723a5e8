import { HebrewCalendar, Location } from "@hebcal/core";
import { describe, expect, it } from "vitest";
import { SHABBAT_CITIES } from "../../src/core/notifications/places";
import {
  ADDED_CITY_NAMES,
  candleLighting,
  isResting,
  nightfall,
  placeOf,
  restWindowAt,
  restWindowsBetween,
} from "../../src/server/calendar";

const at = (iso: string) => new Date(iso);
const city = (name: string) => placeOf({ city: name, timeZone: "UTC" });

/** hebcal's own candle-lighting and havdalah events over [from, to], as it publishes them. */
function published(name: string, from: string, to: string, il = Location.lookup(name)!.getIsrael()) {
  return HebrewCalendar.calendar({
    start: new Date(`${from}T12:00:00Z`),
    end: new Date(`${to}T12:00:00Z`),
    location: Location.lookup(name)!,
    candlelighting: true,
    il,
    noHolidays: true,
  }).flatMap((event) => {
    const time = (event as { eventTime?: Date }).eventTime;
    return time ? [{ what: event.getDesc(), at: time.toISOString() }] : [];
  });
}

describe("her place", () => {
  it("is the city she chose, in the list's spelling, with its own zone", () => {
    expect(placeOf({ city: "new york", timeZone: "Europe/London" })).toMatchObject({
      city: "New York",
      timeZone: "America/New_York",
      inIsrael: false,
    });
    expect(city("Jerusalem")).toMatchObject({
      city: "Jerusalem",
      timeZone: "Asia/Jerusalem",
      inIsrael: true,
    });
  });

  it("is her time zone's main city until she chooses", () => {
    const main = (timeZone: string) => placeOf({ timeZone }).city;
    expect(main("Asia/Jerusalem")).toBe("Jerusalem");
    expect(main("Asia/Tel_Aviv")).toBe("Jerusalem");
    expect(main("America/New_York")).toBe("New York");
    expect(main("US/Pacific")).toBe("Los Angeles");
    expect(main("America/Chicago")).toBe("Chicago");
    expect(main("Pacific/Honolulu")).toBe("Hawaii");
    expect(main("America/Toronto")).toBe("Toronto");
    expect(main("America/Edmonton")).toBe("Calgary");
    expect(main("Europe/London")).toBe("London");
    expect(main("Europe/Rome")).toBe("Rome");
    expect(main("Europe/Kyiv")).toBe("Kiev");
    expect(main("Australia/Sydney")).toBe("Sydney");
    expect(main("Australia/Perth")).toBe("Perth");
    expect(main("Africa/Johannesburg")).toBe("Johannesburg");
    expect(main("America/Sao_Paulo")).toBe("Sao Paulo");
    expect(main("America/Argentina/Buenos_Aires")).toBe("Buenos Aires");
    expect(main("America/Argentina/Cordoba")).toBe("Cordoba");
  });

  it("knows a city in every zone of Israel, the US, Canada, the UK, Europe's capitals, Australia, South Africa, Brazil and Argentina", () => {
    const zones = [
      "Asia/Jerusalem",
      ...[
        "New_York",
        "Chicago",
        "Denver",
        "Phoenix",
        "Los_Angeles",
        "Anchorage",
        "Juneau",
        "Boise",
        "Detroit",
      ].map((z) => `America/${z}`),
      "America/Indiana/Indianapolis",
      "America/Kentucky/Louisville",
      "Pacific/Honolulu",
      ...[
        "Toronto",
        "Vancouver",
        "Edmonton",
        "Winnipeg",
        "Regina",
        "Halifax",
        "St_Johns",
        "Moncton",
        "Whitehorse",
      ].map((z) => `America/${z}`),
      "Europe/London",
      ...[
        "Amsterdam",
        "Athens",
        "Belgrade",
        "Berlin",
        "Bratislava",
        "Brussels",
        "Bucharest",
        "Budapest",
        "Chisinau",
        "Copenhagen",
        "Dublin",
        "Helsinki",
        "Kyiv",
        "Lisbon",
        "Ljubljana",
        "Luxembourg",
        "Madrid",
        "Minsk",
        "Moscow",
        "Oslo",
        "Paris",
        "Podgorica",
        "Prague",
        "Riga",
        "Rome",
        "Sarajevo",
        "Skopje",
        "Sofia",
        "Stockholm",
        "Tallinn",
        "Tirane",
        "Vienna",
        "Vilnius",
        "Warsaw",
        "Zagreb",
        "Zurich",
        "Malta",
        "Istanbul",
      ].map((z) => `Europe/${z}`),
      "Atlantic/Reykjavik",
      "Asia/Nicosia",
      ...["Sydney", "Melbourne", "Brisbane", "Perth", "Adelaide", "Hobart", "Darwin"].map(
        (z) => `Australia/${z}`,
      ),
      "Africa/Johannesburg",
      ...[
        "Sao_Paulo",
        "Manaus",
        "Fortaleza",
        "Recife",
        "Belem",
        "Bahia",
        "Cuiaba",
        "Campo_Grande",
        "Porto_Velho",
        "Boa_Vista",
        "Rio_Branco",
        "Maceio",
        "Araguaina",
        "Santarem",
        "Noronha",
        "Eirunepe",
      ].map((z) => `America/${z}`),
      ...[
        "Buenos_Aires",
        "Cordoba",
        "Salta",
        "Jujuy",
        "Tucuman",
        "Catamarca",
        "La_Rioja",
        "San_Juan",
        "Mendoza",
        "San_Luis",
        "Rio_Gallegos",
        "Ushuaia",
      ].map((z) => `America/Argentina/${z}`),
    ];
    expect(zones.filter((timeZone) => placeOf({ timeZone }).location === null)).toEqual([]);
  });

  it("lists only cities hebcal knows, the added ones included", () => {
    for (const name of SHABBAT_CITIES) expect(Location.lookup(name), name).toBeDefined();
    for (const name of ADDED_CITY_NAMES) expect(SHABBAT_CITIES).toContain(name);
  });

  it("is none in a zone without a city: her zone's clocks alone", () => {
    expect(placeOf({ timeZone: "Asia/Kolkata" })).toMatchObject({ city: null, location: null });
  });
});

describe("candle lighting and nightfall", () => {
  // Summer and winter, each against the times hebcal publishes.
  const cases = [
    // Jerusalem: 40 minutes before sunset.
    ["Jerusalem", "2026-06-19", "2026-06-19T16:07:00.000Z", "2026-06-20T17:30:00.000Z"],
    ["Jerusalem", "2026-12-18", "2026-12-18T13:58:00.000Z", "2026-12-19T15:18:00.000Z"],
    // New York: 20:12 and 21:21 in June, 16:12 and 17:16 in December.
    ["New York", "2026-06-19", "2026-06-20T00:12:00.000Z", "2026-06-21T01:21:00.000Z"],
    ["New York", "2026-12-18", "2026-12-18T21:12:00.000Z", "2026-12-19T22:16:00.000Z"],
    // Sydney: its winter is June.
    ["Sydney", "2026-06-19", "2026-06-19T06:35:00.000Z", "2026-06-20T07:34:00.000Z"],
    ["Sydney", "2026-12-18", "2026-12-18T08:45:00.000Z", "2026-12-19T09:48:00.000Z"],
  ] as const;

  it.each(cases)("in %s on the Friday %s are hebcal's", (name, friday, candles, havdalah) => {
    const place = city(name);
    const saturday = `${friday.slice(0, 8)}${String(Number(friday.slice(8)) + 1).padStart(2, "0")}`;
    expect(candleLighting(friday, place).toISOString()).toBe(candles);
    expect(nightfall(saturday, place).toISOString()).toBe(havdalah);
    expect(published(name, friday, saturday)).toEqual([
      { what: "Candle lighting", at: candles },
      { what: "Havdalah", at: havdalah },
    ]);
  });

  it.each(cases)(
    "in %s make the window of the Shabbat after %s, end excluded",
    (name, friday, candles, havdalah) => {
      const place = city(name);
      const window = restWindowAt(at(candles), place);
      expect(window).toMatchObject({ start: at(candles), end: at(havdalah) });
      expect(isResting(new Date(at(candles).getTime() - 1), place)).toBe(false);
      expect(isResting(at(candles), place)).toBe(true);
      expect(isResting(new Date(at(havdalah).getTime() - 1), place)).toBe(true);
      expect(isResting(at(havdalah), place)).toBe(false);
      expect(window?.firstDay).toBe(
        `${friday.slice(0, 8)}${String(Number(friday.slice(8)) + 1).padStart(2, "0")}`,
      );
    },
  );

  it("ends at midnight where the sun does not sink 8.5° (Oslo in June)", () => {
    expect(nightfall("2026-06-20", city("Oslo")).toISOString()).toBe("2026-06-20T22:00:00.000Z");
  });
});

describe("the feasts", () => {
  it("holds Yom Kippur, from the candles of its eve to nightfall", () => {
    const ny = city("New York");
    // Monday 21 September 2026.
    expect(restWindowAt(at("2026-09-21T16:00:00Z"), ny)).toMatchObject({
      start: at("2026-09-20T22:38:00Z"),
      end: at("2026-09-21T23:35:00Z"),
      firstDay: "2026-09-21",
      lastDay: "2026-09-21",
    });
    expect(published("New York", "2026-09-20", "2026-09-21")).toEqual([
      { what: "Candle lighting", at: "2026-09-20T22:38:00.000Z" },
      { what: "Havdalah", at: "2026-09-21T23:35:00.000Z" },
    ]);
    expect(isResting(at("2026-09-21T16:00:00Z"), city("Jerusalem"))).toBe(true);
  });

  it("holds the second day of Shavuot in the diaspora, not in Israel", () => {
    // Tuesday 3 June 2025, noon in New York and in Jerusalem.
    const noonNy = at("2025-06-03T16:00:00Z");
    const noonJerusalem = at("2025-06-03T09:00:00Z");
    expect(isResting(noonNy, city("New York"))).toBe(true);
    expect(isResting(noonJerusalem, city("Jerusalem"))).toBe(false);
    // What she keeps decides, not where she is.
    expect(isResting(noonNy, city("New York"), "israel")).toBe(false);
    expect(isResting(noonJerusalem, city("Jerusalem"), "diaspora")).toBe(true);
    // The first day is held everywhere; both days are one window in the diaspora.
    expect(restWindowAt(noonNy, city("New York"))).toMatchObject({
      start: at("2025-06-02T00:03:00Z"),
      end: at("2025-06-04T01:12:00Z"),
    });
    expect(published("New York", "2025-06-01", "2025-06-03")).toEqual([
      { what: "Candle lighting", at: "2025-06-02T00:03:00.000Z" },
      { what: "Candle lighting", at: "2025-06-03T01:12:00.000Z" },
      { what: "Havdalah", at: "2025-06-04T01:12:00.000Z" },
    ]);
  });

  it("makes one window of days of rest that touch: Rosh Hashana after Shabbat, Pesach before it", () => {
    // Rosh Hashana 5787 is Saturday and Sunday 12–13 September 2026.
    expect(restWindowAt(at("2026-09-12T12:00:00Z"), city("Jerusalem"))).toMatchObject({
      start: at("2026-09-11T15:10:00Z"),
      end: at("2026-09-13T16:24:00Z"),
      firstDay: "2026-09-12",
      lastDay: "2026-09-13",
    });
    // Pesach 2026 in the diaspora: Thursday and Friday, then Shabbat; in Israel, Thursday alone.
    expect(restWindowAt(at("2026-04-03T16:00:00Z"), city("New York"))).toMatchObject({
      start: at("2026-04-01T23:02:00Z"),
      end: at("2026-04-05T00:05:00Z"),
    });
    const israel = restWindowsBetween(
      at("2026-04-01T00:00:00Z"),
      at("2026-04-05T00:00:00Z"),
      city("Jerusalem"),
    );
    expect(israel.map((w) => [w.firstDay, w.lastDay])).toEqual([
      ["2026-04-02", "2026-04-02"],
      ["2026-04-04", "2026-04-04"],
    ]);
  });

  it("does not hold the intermediate days of Pesach and Sukkot", () => {
    expect(isResting(at("2026-04-06T16:00:00Z"), city("New York"))).toBe(false);
    expect(isResting(at("2026-09-29T09:00:00Z"), city("Jerusalem"))).toBe(false);
  });
});

describe("a zone without a city", () => {
  it("keeps the clock hours: Friday 18:00 to the end of Saturday, on her clocks", () => {
    const kolkata = placeOf({ timeZone: "Asia/Kolkata" });
    expect(restWindowAt(at("2026-11-27T13:00:00Z"), kolkata)).toMatchObject({
      start: at("2026-11-27T12:30:00Z"),
      end: at("2026-11-28T18:30:00Z"),
    });
    expect(isResting(at("2026-11-27T12:29:00Z"), kolkata)).toBe(false);
  });
});
