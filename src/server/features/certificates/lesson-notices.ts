import type { Db } from "../../db/client";
import { notify } from "../notifications";
import * as q from "./queries";

/**
 * How far back a run looks for lessons that opened. Runs come every quarter of an hour; a notice is
 * one row per member and lesson, so the overlap tells nobody twice, and a day makes up for runs
 * missed while every instance was down.
 */
export const LESSON_NOTICE_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * Tells every enrolled member of each scheduled lesson (a day count after her enrolment, or a date)
 * that opened for her since `now - LESSON_NOTICE_LOOKBACK_MS`, at the start of its day in her time
 * zone: one INSERT … SELECT for everyone. A lesson that was already open when she enrolled, or one
 * that opens when she finishes the one before, is not announced. `now` comes from here, not from
 * the database, so a test may set the clock. Answers how many were told.
 */
export async function noticeOpenedLessons(db: Db, ministryZone: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - LESSON_NOTICE_LOOKBACK_MS);
  return db.transaction((tx) =>
    notify(tx, "lesson_opened", { each: q.lessonsOpenedBetween(since, now, ministryZone) }),
  );
}
