import { sql } from "drizzle-orm";
import {
  patronsPrayerListHolds,
  personColumnsSeenBy,
  prayerAuthorHiddenFrom,
  type Viewer,
} from "../../auth/policies";
import type { Db } from "../../db/client";

/** The Monday (UTC) of the week `at` falls in, as YYYY-MM-DD: the `week_of` of the marks made then. */
export const thisWeek = sql`to_char(date_trunc('week', now() at time zone 'utc'), 'YYYY-MM-DD')`;

/** The patrons' prayer list (`isOnPatronsPrayerList`) on the request `p` and its author's users row `u`. */
const onTheList = (viewer: Viewer) => patronsPrayerListHolds(viewer, "p", "u");

export interface PatronPrayerRow {
  id: number;
  content: string;
  createdAt: Date;
  isPrivate: boolean;
  isAnswered: boolean;
  patronName: string | null;
  prayedThisWeek: boolean;
  intercessorsThisWeek: number;
}

/**
 * One page of the list, newest first. Each request's marks of this week are read on the primary key
 * of intercessor_prayers (request, intercessor, week), in the same query.
 */
export async function listPrayers(
  db: Db,
  viewer: Viewer,
  { limit, before }: { limit: number; before?: number },
): Promise<PatronPrayerRow[]> {
  const name = personColumnsSeenBy(viewer, "u").firstName;
  const result = await db.execute<{
    id: number;
    content: string;
    created_at: string | Date;
    is_private: boolean;
    is_answered: boolean;
    patron_name: string | null;
    prayed: boolean;
    intercessors: number;
  }>(sql`with week as (select ${thisWeek}::date as monday)
    select p.id, p.content, p.created_at, p.is_private, p.is_answered,
      case when ${prayerAuthorHiddenFrom(viewer, "p")} then 'Anonymous' else ${name} end as patron_name,
      exists (select 1 from intercessor_prayers ip, week
        where ip.prayer_request_id = p.id and ip.intercessor_id = ${viewer.id} and ip.week_of = week.monday) as prayed,
      (select count(*)::int from intercessor_prayers ip, week
        where ip.prayer_request_id = p.id and ip.week_of = week.monday) as intercessors
    from prayer_requests p
    join users u on u.id = p.user_id
    where ${onTheList(viewer)} ${before === undefined ? sql`` : sql`and p.id < ${before}`}
    order by p.id desc
    limit ${limit}`);
  return result.rows.map((r) => ({
    id: r.id,
    content: r.content,
    createdAt: new Date(r.created_at),
    isPrivate: r.is_private,
    isAnswered: r.is_answered,
    patronName: r.patron_name,
    prayedThisWeek: r.prayed,
    intercessorsThisWeek: r.intercessors,
  }));
}

/**
 * "Prayed this week" in one statement: the mark is written only when the request is on the list
 * for this viewer, once per intercessor and week. Undefined: not on her list.
 */
export async function markPrayed(db: Db, viewer: Viewer, requestId: number) {
  const result = await db.execute<{ id: number | null; week_of: string; intercessors: number }>(sql`
    with week as (select ${thisWeek} as monday),
    target as (
      select p.id from prayer_requests p join users u on u.id = p.user_id
      where p.id = ${requestId} and ${onTheList(viewer)}
    ),
    marked as (
      insert into intercessor_prayers (prayer_request_id, intercessor_id, week_of)
      select target.id, ${viewer.id}, week.monday::date from target, week
      on conflict do nothing
      returning 1
    )
    select (select id from target) as id, week.monday as week_of,
      ((select count(*) from intercessor_prayers ip
        where ip.prayer_request_id = ${requestId} and ip.week_of = week.monday::date)
        + (select count(*) from marked))::int as intercessors
    from week`);
  const row = result.rows[0];
  if (!row || row.id === null) return undefined;
  return { id: row.id, weekOf: row.week_of, intercessorsThisWeek: row.intercessors };
}

/**
 * The patrons the intercessors prayed for in the week that began on `weekOf` (a Monday), as the
 * user ids a notification goes to: each once, however many requests and intercessors. An
 * intercessor's marks on her own requests do not count.
 */
export const patronsPrayedFor = (weekOf: string) =>
  sql`select distinct p.user_id from intercessor_prayers ip
    join prayer_requests p on p.id = ip.prayer_request_id
    where ip.week_of = ${weekOf}::date and ip.intercessor_id <> p.user_id`;
