import { sql } from "drizzle-orm";
import type { FeastDays } from "../../../core/notifications/places";
import { placeOf, type RestWindow, restWindowsBetween } from "../../calendar";
import type { Db, Tx } from "../../db/client";
import { job } from "../../jobs/queue";

/**
 * "Rest on Shabbat" for the ways out (mail, digest, push): which members rest at a moment, and the
 * job that sends what was held once her rest is over. See README.md, "Rest on Shabbat and the feasts".
 */

/**
 * A place some members who rest share (her city, zone and feast days as stored: '' for none), with
 * the rest window it is in at the moment asked.
 */
export interface RestingPlace {
  city: string;
  zone: string;
  feasts: string;
  start: string;
  until: string;
}

/** What leaves after her rest: the window's start and end (ISO), held rows have `held_until` = `end`. */
export interface AfterRest {
  userId: number;
  start: string;
  end: string;
}

/** One member's held notifications, once her rest window is over (`sendAfterRest`). */
export const afterRestJob = job<AfterRest>("after-rest");

/** The push that follows her rest, to one device of hers: written in her language when it was enqueued. */
export interface RestPush {
  subscriptionId: number;
  message: { title: string; body: string; url: string; tag: string };
}

/** Sent by push (features/push has its task): the notifications feature knows no push service. */
export const restPushJob = job<RestPush>("send-rest-push");

/** A place's rest windows for some days around the last moment asked: each sweep asks again. */
interface KnownWindows {
  from: number;
  to: number;
  windows: RestWindow[];
}
const DAY = 24 * 60 * 60 * 1000;
const windowsByPlace = new Map<string, KnownWindows>();
const WINDOWS_KEPT = 2000;

function windowAt(at: Date, place: { city: string; zone: string; feasts: string }): RestWindow | undefined {
  const key = `${place.city}|${place.zone}|${place.feasts}`;
  const moment = at.getTime();
  let known = windowsByPlace.get(key);
  if (!known || moment < known.from || moment > known.to - 2 * DAY) {
    const from = moment - DAY;
    const to = moment + 9 * DAY;
    const where = placeOf({ city: place.city || null, timeZone: place.zone });
    const windows = restWindowsBetween(
      new Date(from),
      new Date(to),
      where,
      (place.feasts || null) as FeastDays | null,
    );
    known = { from, to, windows };
    if (windowsByPlace.size >= WINDOWS_KEPT) windowsByPlace.clear();
    windowsByPlace.set(key, known);
  }
  return known.windows.find((w) => w.start.getTime() <= moment && moment < w.end.getTime());
}

/**
 * The places of the members who rest that are inside a rest window at `at` (an index-only read of
 * the preferences' places; the windows are reckoned here, with hebcal, and kept for a few days).
 */
export async function restingPlacesAt(db: Db | Tx, at: Date): Promise<RestingPlace[]> {
  const { rows } = await db.execute<{ city: string; zone: string; feasts: string }>(sql`select distinct
      coalesce(rest_city, '') as city, time_zone as zone, coalesce(feast_days, '') as feasts
    from notification_preferences where rest_on_shabbat`);
  return rows.flatMap((row) => {
    const window = windowAt(at, row);
    return window ? [{ ...row, start: window.start.toISOString(), until: window.end.toISOString() }] : [];
  });
}

/** A statement's `resting` table: the places inside a rest window, from `restingPlacesAt`. */
export const restingTable = (resting: RestingPlace[]) =>
  sql`resting as (select * from json_to_recordset(${JSON.stringify(resting)}::json)
    as r(city text, zone text, feasts text, start timestamptz, until timestamptz))`;

/** Joins `resting r` to her preferences `p` when she rests now (r.until is then her window's end). */
export const joinResting = (prefs = sql`p`) => sql`left join resting r on ${prefs}.rest_on_shabbat
  and r.city = coalesce(${prefs}.rest_city, '') and r.zone = ${prefs}.time_zone
  and r.feasts = coalesce(${prefs}.feast_days, '')`;

/**
 * The job that sends what was held for `user_id` in the window [`start`, `until`): added at the
 * window's end by every way out that held something, keyed by member and window, so the sweeps of
 * several instances, repeated, keep one job (the rows it sends are marked, not remembered).
 */
export const afterRestJobFor = (userId = sql`user_id`, start = sql`start`, until = sql`until`) =>
  sql`graphile_worker.add_job(${afterRestJob.name}::text,
    payload => json_build_object('userId', ${userId}, 'start', ${start}, 'end', ${until}),
    run_at => ${until},
    max_attempts => 25,
    job_key => 'after-rest:' || ${userId} || ':' || (extract(epoch from ${until})::bigint))`;
