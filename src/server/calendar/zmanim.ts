/**
 * Candle lighting and nightfall at a place, on a civil date, as hebcal publishes them: candle
 * lighting 18 minutes before sunset (in Israel as hebcal has it: 40 in Jerusalem, 30 in Haifa, 20
 * elsewhere), nightfall (tzeit, havdalah) when the sun is 8.5° below the horizon, each to the minute.
 */
import { HDate, Zmanim } from "@hebcal/core";
import { zonedInstant } from "../../core/zoned-time";
import type { Place } from "./places";

/** A civil date, "2026-06-05". */
export type CivilDate = string;

/** hebcal's havdalah by default: three small stars (8.5° below the horizon). */
const HAVDALAH_DEGREES = 8.5;
/** hebcal's candle-lighting minutes in Israel's cities that differ from its 20 there. */
const ISRAEL_CANDLE_MINUTES: Record<string, number> = { Jerusalem: 40, Haifa: 30 };

export function candleLightingMinutes(place: Place): number {
  if (!place.location?.getIsrael()) return 18;
  return ISRAEL_CANDLE_MINUTES[place.location.getShortName() ?? ""] ?? 20;
}

const hdateOf = (date: CivilDate) => {
  const [y, m, d] = date.split("-").map(Number);
  // HDate reads the Date's local fields: the civil date, whatever this machine's zone.
  return new HDate(new Date(y!, m! - 1, d!));
};

/** The civil date `days` after `date`. */
export function addDays(date: CivilDate, days: number): CivilDate {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

const zmanimOn = (date: CivilDate, place: Place) =>
  place.location ? new Zmanim(place.location, hdateOf(date), false) : null;

const known = (d: Date | undefined) => (d && !Number.isNaN(d.getTime()) ? d : null);

/**
 * When candles are lit on `date` (the eve of a day of rest) at `place`. Where her city is unknown
 * or the sun does not set, 18:00 on her clocks, as before cities were known.
 */
export function candleLighting(date: CivilDate, place: Place): Date {
  const time = known(zmanimOn(date, place)?.sunsetOffset(-candleLightingMinutes(place), true));
  return time ?? zonedInstant(date, "18:00", place.timeZone);
}

/**
 * Nightfall (tzeit, the time of havdalah) on `date` at `place`. Where her city is unknown, or the
 * sun does not sink that far (a northern summer), the end of that day on her clocks.
 */
export function nightfall(date: CivilDate, place: Place): Date {
  const tzeit = known(zmanimOn(date, place)?.tzeit(HAVDALAH_DEGREES));
  return tzeit ? Zmanim.roundTime(tzeit) : zonedInstant(addDays(date, 1), "00:00", place.timeZone);
}
