import pg from "pg";
import { RECENT_ROWS } from "./queries";

/**
 * Rebuilds search_items from its sources in one transaction (the SQL function `search_reindex` of
 * migration 0051, then each kind's newest rows set apart: 0059): searches meanwhile wait, then see
 * the new table whole. On a connection of its own, without the app's per-statement limit: a large
 * community's rebuild takes longer than any request may. Answers how many items it holds.
 */
export async function reindexSearch(connectionString: string): Promise<number> {
  const client = new pg.Client({ connectionString, application_name: "mishpacha search:reindex" });
  await client.connect();
  try {
    await client.query("begin");
    try {
      await client.query("set local statement_timeout = 0");
      const { rows } = await client.query<{ items: string }>("select search_reindex() as items");
      await client.query("select search_keep_recent($1)", [RECENT_ROWS]);
      await client.query("commit");
      return Number(rows[0]!.items);
    } catch (err) {
      await client.query("rollback").catch(() => {});
      throw err;
    }
  } finally {
    await client.end();
  }
}
