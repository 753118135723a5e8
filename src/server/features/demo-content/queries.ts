import { sql } from "drizzle-orm";
import type { DemoContentCounts } from "../../../core/demo-content/schemas";
import type { Db, Tx } from "../../db/client";

/** How the dashboard names what the seed wrote, by table; the rest counts as "other". */
const KINDS: Record<string, Exclude<keyof DemoContentCounts, "other">> = {
  users: "members",
  videos: "teachings",
  articles: "articles",
  courses: "courses",
  cultivation_groups: "groups",
  local_groups: "groups",
  events: "events",
  group_posts: "posts",
  discussions: "posts",
  prayer_requests: "prayers",
  payments: "gifts",
};

/** What the demo seed wrote that is still here, by kind. */
export async function demoCounts(db: Db | Tx): Promise<DemoContentCounts> {
  const counts: DemoContentCounts = {
    members: 0,
    teachings: 0,
    articles: 0,
    courses: 0,
    groups: 0,
    events: 0,
    posts: 0,
    prayers: 0,
    gifts: 0,
    other: 0,
  };
  for (const table of await demoTables(db)) {
    const { rows } = await db.execute<{
      n: number;
    }>(sql`select count(*)::int as n from ${sql.identifier(table)} t
      where t.id in (select d.row_id from demo_rows d where d.table_name = ${table})`);
    counts[KINDS[table] ?? "other"] += rows[0]?.n ?? 0;
  }
  return counts;
}

/** The tables the seed wrote to (its record names them; a table dropped since is passed over). */
async function demoTables(db: Db | Tx) {
  const { rows } = await db.execute<{ table_name: string }>(sql`select distinct d.table_name
    from demo_rows d where to_regclass(quote_ident(d.table_name)) is not null order by d.table_name`);
  return rows.map((r) => r.table_name);
}

/** The demo members still here. */
export async function demoMemberIds(tx: Tx) {
  const { rows } = await tx.execute<{ id: number }>(sql`select u.id from users u
    where u.id in (select d.row_id from demo_rows d where d.table_name = 'users') order by u.id`);
  return rows.map((r) => r.id);
}

/** Whether the member is one of the demo accounts. */
export async function isDemoMember(db: Db | Tx, userId: number) {
  const { rows } = await db.execute(
    sql`select 1 from demo_rows where table_name = 'users' and row_id = ${userId}`,
  );
  return rows.length > 0;
}

/**
 * Deletes the rest of what the seed wrote, table by table. Every reference between the app's tables
 * cascades or is cleared, so no order is needed: a real member's answer to a demo event goes with
 * the event, a real group a demo member founded stays without her.
 */
export async function deleteDemoRows(tx: Tx) {
  for (const table of await demoTables(tx)) {
    await tx.execute(sql`delete from ${sql.identifier(table)} t
      where t.id in (select d.row_id from demo_rows d where d.table_name = ${table})`);
  }
  await tx.execute(sql`delete from demo_rows`);
}

/** Only one removal at a time: a second waits, then finds nothing left. */
export async function lockRemoval(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(7341003)`);
}
