import { and, desc, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { backupRuns } from "../../db/schema";

/** The newest backup that worked and the newest attempt: two reads of the primary key's end. */
export async function latestRuns(db: Db) {
  const [lastBackup, latest] = await Promise.all([
    db
      .select({ finishedAt: backupRuns.finishedAt, bytes: backupRuns.bytes, fileName: backupRuns.fileName })
      .from(backupRuns)
      .where(and(isNotNull(backupRuns.fileName), isNull(backupRuns.error)))
      .orderBy(desc(backupRuns.id))
      .limit(1),
    db
      .select({ id: backupRuns.id, startedAt: backupRuns.startedAt, error: backupRuns.error })
      .from(backupRuns)
      .where(isNotNull(backupRuns.finishedAt))
      .orderBy(desc(backupRuns.id))
      .limit(1),
  ]);
  return { lastBackup: lastBackup[0], latest: latest[0] };
}

/** Since when the job engine has known the daily schedule: since then a backup was due every day. */
export async function scheduledSince(db: Db): Promise<Date | undefined> {
  const { rows } = await db.execute<{ known_since: string }>(
    sql`select known_since from graphile_worker._private_known_crontabs where identifier = 'daily-backup'`,
  );
  return rows[0] ? new Date(rows[0].known_since) : undefined;
}
