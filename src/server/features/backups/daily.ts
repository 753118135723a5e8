import fs from "node:fs";
import path from "node:path";
import { eq, lt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { backupRuns } from "../../db/schema";
import { BACKUP_FILE_PATTERN, backupFileName } from "./format";
import { writeBackup } from "./write";

/** When the job queue makes the daily backup (UTC), in crontab form. */
export const DAILY_BACKUP_AT = "0 3 * * *";
const DAY = 24 * 60 * 60 * 1000;

/** Deletes all but the newest `keep` backup files this app named in `dir`; other files stay. */
export function pruneBackups(dir: string, keep: number): string[] {
  const ours = fs
    .readdirSync(dir)
    .filter((name) => BACKUP_FILE_PATTERN.test(name))
    .sort();
  const removed = ours.slice(0, Math.max(0, ours.length - keep));
  for (const name of removed) fs.rmSync(path.join(dir, name), { force: true });
  return removed;
}

/**
 * The daily backup: a file in BACKUP_DIR, the oldest beyond BACKUP_KEEP pruned, and a row in
 * backup_runs saying how it went (the administrators' dashboard reads it). A failure is recorded,
 * then thrown, so the job queue tries again a few times.
 */
export async function runDailyBackup(app: FastifyInstance, at = new Date(), settings = app.config.backups) {
  const { dir, keep } = settings;
  const { db } = app;
  const connectionString = app.database.pool.options.connectionString;
  const [run] = await db.insert(backupRuns).values({ startedAt: at }).returning({ id: backupRuns.id });
  try {
    if (!connectionString) throw new Error("the database's connection string is unknown");
    const result = await writeBackup({ connectionString, file: path.join(dir, backupFileName(at)) });
    await db
      .update(backupRuns)
      .set({ finishedAt: new Date(), fileName: path.basename(result.file), bytes: result.bytes })
      .where(eq(backupRuns.id, run!.id));
    const removed = pruneBackups(dir, keep);
    // A year of daily rows is plenty of history.
    await db.delete(backupRuns).where(lt(backupRuns.startedAt, new Date(at.getTime() - 366 * DAY)));
    app.log.info({ file: result.file, bytes: result.bytes, removed }, "daily backup made");
    return result;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await db
      .update(backupRuns)
      .set({ finishedAt: new Date(), error: message.slice(0, 2000) })
      .where(eq(backupRuns.id, run!.id));
    throw err;
  }
}
