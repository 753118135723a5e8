import { HDate, months } from "@hebcal/core";
import {
  type CalendarOpening,
  type CalendarResolver,
  type CalendarRule,
  type HebrewMonth,
  hebrewMonthName,
} from "../../../core/lessons/rules";
import { wallClockIn } from "../../../core/zoned-time";
import { addDays, type CivilDate, nightfall, type Place } from "../../calendar";

/**
 * The calendar rules of lessons (decision 067): "on a Hebrew date" and "on a day of the Omer" open at
 * nightfall at her place, on the evening that begins that Hebrew day, the first such day on or after
 * the Hebrew day she enrolled in. Here, on the server, so hebcal and the zmanim stay out of the
 * browser: her page shows the instant and the day this answers.
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** The Hebrew date of a civil date's daytime (HDate reads a Date's local fields: the civil date itself). */
function hebrewDateOf(date: CivilDate): HDate {
  const [y, m, d] = date.split("-").map(Number);
  return new HDate(new Date(y!, m! - 1, d!));
}

function civilDateOf(day: HDate): CivilDate {
  const g = day.greg();
  return `${g.getFullYear()}-${pad(g.getMonth() + 1)}-${pad(g.getDate())}`;
}

/** The Hebrew day an instant falls in at her place: after nightfall, the next one has begun. */
export function hebrewDayAt(at: Date, place: Place): HDate {
  const [civil] = wallClockIn(at, place.timeZone);
  const day = hebrewDateOf(civil);
  return at.getTime() >= nightfall(civil, place).getTime() ? day.next() : day;
}

/**
 * The rule's Hebrew day in a Hebrew year. A date set in Adar is kept as Adar II, which HDate makes
 * Adar in a common year; a 30th in a month of 29 days that year is the 1st of the next, as HDate
 * counts. Day 1 of the Omer is 16 Nisan, begun at nightfall on 15 Nisan, the first day of Passover.
 */
function dayInYear(rule: CalendarRule, year: number): HDate {
  if (rule.kind === "hebrew_date") return new HDate(rule.day, rule.month, year);
  return new HDate(new HDate(16, months.NISAN, year).abs() + rule.day - 1);
}

/** When a calendar rule opens for one who enrolled at `enrolledAt`, at `place`. */
export function calendarOpening(rule: CalendarRule, enrolledAt: Date, place: Place): CalendarOpening {
  const enrolled = hebrewDayAt(enrolledAt, place);
  let day = dayInYear(rule, enrolled.getFullYear());
  if (day.abs() < enrolled.abs()) day = dayInYear(rule, enrolled.getFullYear() + 1);
  const at = nightfall(addDays(civilDateOf(day), -1), place);
  return {
    at,
    on:
      rule.kind === "omer_day"
        ? { kind: "omer_day", day: rule.day }
        : {
            kind: "hebrew_date",
            day: day.getDate(),
            month: hebrewMonthName(day.getMonth() as HebrewMonth, day.isLeapYear()),
          },
  };
}

/** The resolver `lessonStates` takes, at her place. */
export const calendarResolver =
  (place: Place): CalendarResolver =>
  (rule, enrolledAt) =>
    calendarOpening(rule, enrolledAt, place);
