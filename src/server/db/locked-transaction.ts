import { drizzle } from "drizzle-orm/node-postgres";
import type { Db, Tx } from "./client";

/**
 * A transaction that holds rows' locks from its start: its BEGIN and the `select … for no key
 * update` of the rows, in id order, leave in one round trip (the simple protocol, so the ids are
 * written into its text: integers only), then `work` runs on the transaction's connection
 * (Drizzle's statements and prepared ones alike) and it commits, or rolls back if `work` throws.
 * For writes that take turns under a row's lock, where every round trip made while holding it is
 * time the others wait. The lock is its own statement, before `work`'s: under READ COMMITTED a
 * statement reads the rows committed when it started, so one that waited for the lock within
 * itself would not see what was committed while it waited.
 */
export async function lockedTransaction<T>(
  db: Db,
  table: string,
  ids: number[],
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (ids.length === 0 || !ids.every(Number.isSafeInteger)) throw new Error("Locks are taken by integer ids");
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    await client.query(
      `begin; select 1 from ${client.escapeIdentifier(table)} where id in (${ids.join(",")}) order by id for no key update`,
    );
    // Only its statements are used: Drizzle's relational queries need the schema, which is not given.
    const result = await work(drizzle(client) as unknown as Tx);
    await client.query("commit");
    return result;
  } catch (err) {
    await client.query("rollback").catch((rollbackFailed: Error) => {
      broken = rollbackFailed;
    });
    throw err;
  } finally {
    // A connection that could not even roll back is not handed to anyone else.
    client.release(broken);
  }
}
