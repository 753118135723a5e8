/**
 * Her rest window ("Rest on Shabbat"): from candle lighting on the eve of Shabbat or of a Yom Tov
 * day to nightfall at the end of the last day, days of rest next to each other (a feast beside
 * Shabbat, the two days of Rosh Hashana or of a feast in the diaspora) making one window. Yom
 * Kippur is a day of rest; the intermediate days of Pesach and Sukkot are not. Pure functions of
 * the instant, so anything may ask about any moment.
 */
import { flags, getHolidaysOnDate, HDate } from "@hebcal/core";
import type { FeastDays } from "../../core/notifications/places";
import { wallClockIn } from "../../core/zoned-time";
import type { Place } from "./places";
import { addDays, type CivilDate, candleLighting, nightfall } from "./zmanim";

export type { FeastDays };

/** One rest window: its start (candle lighting) and its end (nightfall, havdalah), end excluded. */
export interface RestWindow {
  start: Date;
  end: Date;
  /** The civil dates of its days of rest, first and last. */
  firstDay: CivilDate;
  lastDay: CivilDate;
}

/** Her feast days when she has not said: Israel's where her place is in Israel, else the diaspora's. */
export const feastDaysAt = (place: Place, chosen?: FeastDays | null): FeastDays =>
  chosen ?? (place.inIsrael ? "israel" : "diaspora");

/** Whether `date` is Shabbat or a Yom Tov day (Yom Kippur included) for who keeps `feastDays`. */
export function isDayOfRest(date: CivilDate, feastDays: FeastDays): boolean {
  const [y, m, d] = date.split("-").map(Number);
  if (new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay() === 6) return true;
  const events = getHolidaysOnDate(new HDate(new Date(y!, m! - 1, d!)), feastDays === "israel") ?? [];
  return events.some((event) => (event.getFlags() & flags.CHAG) !== 0);
}

/** A rest window made of the days of rest from `first` to `last`. */
const windowOf = (first: CivilDate, last: CivilDate, place: Place): RestWindow => ({
  start: candleLighting(addDays(first, -1), place),
  end: nightfall(last, place),
  firstDay: first,
  lastDay: last,
});

/** Days of rest never run longer than this (Rosh Hashana beside Shabbat: three). */
const LONGEST_RUN = 4;

/**
 * Her rest windows that overlap [from, to), in order. `feastDays` defaults to her place's
 * (`feastDaysAt`).
 */
export function restWindowsBetween(
  from: Date,
  to: Date,
  place: Place,
  feastDays?: FeastDays | null,
): RestWindow[] {
  const keeps = feastDaysAt(place, feastDays);
  const [firstDate] = wallClockIn(from, place.timeZone);
  const [lastDate] = wallClockIn(to, place.timeZone);
  const windows: RestWindow[] = [];
  // From the day before (a window reaching past midnight) to the day after (its eve).
  let date = addDays(firstDate, -1);
  // A run already under way on the first day is found from its start.
  while (
    isDayOfRest(date, keeps) &&
    isDayOfRest(addDays(date, -1), keeps) &&
    firstDate < addDays(date, LONGEST_RUN)
  )
    date = addDays(date, -1);
  const stop = addDays(lastDate, 1);
  while (date <= stop) {
    if (!isDayOfRest(date, keeps)) {
      date = addDays(date, 1);
      continue;
    }
    let last = date;
    while (isDayOfRest(addDays(last, 1), keeps)) last = addDays(last, 1);
    const window = windowOf(date, last, place);
    if (window.end > from && window.start < to) windows.push(window);
    date = addDays(last, 1);
  }
  return windows;
}

/** The rest window `at` falls in, or null. */
export function restWindowAt(at: Date, place: Place, feastDays?: FeastDays | null): RestWindow | null {
  const moment = at.getTime();
  return (
    restWindowsBetween(at, new Date(moment + 1), place, feastDays).find(
      (w) => w.start.getTime() <= moment && moment < w.end.getTime(),
    ) ?? null
  );
}

/** Whether she rests at `at`: no mail and no push leaves for her then. */
export const isResting = (at: Date, place: Place, feastDays?: FeastDays | null): boolean =>
  restWindowAt(at, place, feastDays) !== null;
