import { BACKUP_STALE_AFTER_DAYS, type BackupStatus } from "../../../core/backups/schemas";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { latestRuns, scheduledSince } from "./queries";

const DAY = 24 * 60 * 60 * 1000;

/**
 * The daily backups' state for the administrators' overview: off, failed (the newest run failed
 * after the last backup), stale (the newest backup, or with none yet the schedule's start, is over
 * two days old), ok, or none yet.
 */
export async function backupStatus(db: Db, backups: AppConfig["backups"]) {
  const [{ lastBackup, latest }, since] = await Promise.all([latestRuns(db), scheduledSince(db)]);
  const last =
    lastBackup?.finishedAt && lastBackup.fileName
      ? { finishedAt: lastBackup.finishedAt, bytes: lastBackup.bytes ?? 0, fileName: lastBackup.fileName }
      : null;
  const lastFailure =
    latest?.error && (!last || latest.startedAt > last.finishedAt)
      ? { startedAt: latest.startedAt, message: latest.error }
      : null;
  const overdue = (at: Date | undefined) => at && Date.now() - at.getTime() > BACKUP_STALE_AFTER_DAYS * DAY;
  let state: BackupStatus["state"];
  if (backups.keep === 0) state = "off";
  else if (lastFailure) state = "failed";
  else if (last) state = overdue(last.finishedAt) ? "stale" : "ok";
  else state = overdue(since) ? "stale" : "none";
  return { state, keep: backups.keep, lastBackup: last, lastFailure };
}
