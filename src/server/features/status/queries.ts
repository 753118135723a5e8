import { desc, isNull, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { articleSyncRuns, stripeEvents } from "../../db/schema";

/** When Stripe's last verified webhook event was recorded (payments keep every event's id). */
export async function lastWebhookAt(db: Db): Promise<Date | null> {
  const [row] = await db.select({ at: max(stripeEvents.receivedAt) }).from(stripeEvents);
  return row?.at ?? null;
}

/** The newsletter's last sync, and the last one that worked: two reads of the primary key's end. */
export async function lastSyncs(db: Db) {
  const columns = {
    finishedAt: articleSyncRuns.finishedAt,
    added: articleSyncRuns.added,
    updated: articleSyncRuns.updated,
    failure: articleSyncRuns.failure,
  };
  const [last, lastOk] = await Promise.all([
    db.select(columns).from(articleSyncRuns).orderBy(desc(articleSyncRuns.id)).limit(1),
    db
      .select({ finishedAt: articleSyncRuns.finishedAt })
      .from(articleSyncRuns)
      .where(isNull(articleSyncRuns.failure))
      .orderBy(desc(articleSyncRuns.id))
      .limit(1),
  ]);
  return { last: last[0], lastOk: lastOk[0] };
}

/** PostgreSQL's version, as the server says it ("17.2"). */
export async function databaseVersion(db: Db): Promise<string> {
  const { rows } = await db.execute<{ version: string }>(
    sql`select current_setting('server_version') as version`,
  );
  return rows[0]?.version ?? "unknown";
}
