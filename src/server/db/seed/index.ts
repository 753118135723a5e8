import { sql } from "drizzle-orm";
import type { Database, Tx } from "../client";
import { users } from "../schema";
import { seedArticlesAndCourses } from "./articles-courses";
import { seedCommunity } from "./community";
import { seedConversation } from "./conversation";
import { seedEvents } from "./events";
import { seedGroups } from "./groups";
import { seedIntercessors } from "./intercessors";
import { seedLessons } from "./lessons";
import { DEMO_ADMIN_EMAIL, DEMO_MEMBER_EMAIL, DEMO_PASSWORD, seedMembers } from "./members";

export { giveDemoAccountsTheirOwnPasswords } from "./members";

import { seedMessages } from "./messages";
import { seedNotifications } from "./notifications";
import { seedVideos } from "./videos";

export const demoAccounts = {
  member: { email: DEMO_MEMBER_EMAIL, password: DEMO_PASSWORD },
  admin: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
};

const SEED_LOCK = 7_341_002;

/** Fills an empty database with believable demo content. Returns false when it already had members. */
export async function seedDemo(database: Database): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    // Two instances starting on an empty database must not both seed it.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
    if (count > 0) return false;
    const before = await newestIds(tx);
    const members = await seedMembers(tx);
    await seedArticlesAndCourses(tx, members);
    // Each feature adds its demo rows here: await seedSomething(tx, members);
    await seedVideos(tx, members);
    await seedLessons(tx, members);
    await seedGroups(tx, members);
    await seedConversation(tx, members);
    await seedCommunity(tx, members);
    await seedIntercessors(tx, members);
    await seedEvents(tx, members);
    await seedMessages(tx, members);
    await seedNotifications(tx, members);
    await recordDemoRows(tx, before);
    return true;
  });
}

/** The tables whose rows have an id of their own: what the seed's rows are recorded by. */
async function tablesWithIds(tx: Tx) {
  const { rows } = await tx.execute<{ table_name: string }>(sql`select c.table_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.column_name = 'id'
      and c.data_type in ('integer', 'bigint') and c.table_name <> 'demo_rows'
    order by c.table_name`);
  return rows.map((r) => r.table_name);
}

/** Each table's newest id before the seed, so that only the seed's own rows are recorded after it. */
async function newestIds(tx: Tx) {
  const newest = new Map<string, number>();
  for (const table of await tablesWithIds(tx)) {
    const { rows } = await tx.execute<{ id: string | null }>(
      sql`select max(id)::text as id from ${sql.identifier(table)}`,
    );
    newest.set(table, Number(rows[0]?.id ?? 0));
  }
  return newest;
}

/** Records every row the seed wrote (`demo_rows`): what removing the demo content takes away. */
async function recordDemoRows(tx: Tx, before: Map<string, number>) {
  for (const table of await tablesWithIds(tx)) {
    await tx.execute(sql`insert into demo_rows (table_name, row_id)
      select ${table}, id from ${sql.identifier(table)} where id > ${before.get(table) ?? 0}`);
  }
}
