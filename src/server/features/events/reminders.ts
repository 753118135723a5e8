import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notify } from "../notifications";
import * as q from "./queries";

const HOUR = 3_600_000;

/** Sees every event: the reminders go to whoever answered, whatever group it belongs to. */
const everything: q.Viewer = { id: 0, isAdmin: true };

/**
 * Reminds those going of each date a day before and an hour before (decision 038). Run every
 * minute as a job on the queue; each reminder is one row per member, kind and date
 * (`dedupe_key` names the date), so a second run, a retry or another instance writes nothing twice.
 * A cancelled date is skipped; a date moved later is reminded at its new time.
 */
export async function sendEventReminders(db: Db, now = new Date()): Promise<void> {
  const dates = await q.listDates(db, everything, {
    // Bounds as values, which the planner reads against the range index (see `listDates`).
    events: sql`e.cancelled_at is null
      and coalesce(e.repeat_until, e.starts_at) >= ${new Date(now.getTime() - 31 * 24 * HOUR)}::timestamptz
      and e.starts_at <= ${new Date(now.getTime() + 25 * HOUR)}::timestamptz`,
    dates: sql`not d.date_cancelled and d.date_start > ${now} and d.date_start <= ${new Date(now.getTime() + 24 * HOUR)}`,
  });
  for (const date of dates) {
    const soon = date.startsAt.getTime() - now.getTime() <= HOUR;
    await db.transaction(async (tx) => {
      await notify(tx, soon ? "event_reminder_hour" : "event_reminder_day", {
        recipients: q.goingTo(date.eventId, { occurrence: date.occurrence }),
        actorId: null,
        subjectId: date.eventId,
        dedupeKey: `${date.eventId}@${date.occurrence.toISOString()}`,
        title: date.title,
      });
    });
  }
}
