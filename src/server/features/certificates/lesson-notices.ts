import { placeOf } from "../../calendar";
import type { Db } from "../../db/client";
import { calendarOpening, ruleOf } from "../lessons";
import { notify } from "../notifications";
import * as q from "./queries";

/**
 * How far back a run looks for lessons that opened. Runs come every quarter of an hour; a notice is
 * one row per member and lesson, so the overlap tells nobody twice, and a day makes up for runs
 * missed while every instance was down.
 */
export const LESSON_NOTICE_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * Tells every enrolled member of each scheduled lesson that opened for her since
 * `now - LESSON_NOTICE_LOOKBACK_MS`: a day count after her enrolment or a date, at the start of its day
 * in her time zone (one INSERT … SELECT for everyone); a Hebrew date or a day of the Omer, at nightfall
 * at her place (reckoned here, then one insert). A lesson that was already open when she enrolled, or one
 * that opens when she finishes the one before, is not announced. `now` comes from here, not from
 * the database, so a test may set the clock. Answers how many were told.
 */
export async function noticeOpenedLessons(db: Db, ministryZone: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - LESSON_NOTICE_LOOKBACK_MS);
  const onCalendar = await calendarLessonsOpenedBetween(db, since, now, ministryZone);
  return db.transaction(async (tx) => {
    const told = await notify(tx, "lesson_opened", {
      each: q.lessonsOpenedBetween(since, now, ministryZone),
    });
    if (onCalendar.length === 0) return told;
    return told + (await notify(tx, "lesson_opened", { each: q.openedRows(onCalendar) }));
  });
}

/**
 * The lessons on a calendar rule that opened for their members between `since` and `now`: at
 * nightfall at her place (her city, else her zone's), as her lesson page reckons it.
 */
async function calendarLessonsOpenedBetween(db: Db, since: Date, now: Date, ministryZone: string) {
  const rows = await q.calendarLessonEnrolments(db, ministryZone);
  const opened: { userId: number; lessonId: number; title: string }[] = [];
  for (const row of rows) {
    const rule = ruleOf(row);
    if (rule.kind !== "hebrew_date" && rule.kind !== "omer_day") continue;
    const place = placeOf({ city: row.city, timeZone: row.timeZone });
    const at = calendarOpening(rule, row.enrolledAt, place).at.getTime();
    // As the other rules: announced when it opened after she enrolled, within the look-back.
    if (at > row.enrolledAt.getTime() && at > since.getTime() && at <= now.getTime()) {
      opened.push({ userId: row.userId, lessonId: row.lessonId, title: row.title });
    }
  }
  return opened;
}
