import type { FastifyInstance } from "fastify";
import { backupsEndpoints as api } from "../../../core/endpoints/backups";
import { BACKUP_STALE_AFTER_DAYS, type BackupStatus } from "../../../core/schemas/backups";
import { serve } from "../../http/endpoint-routes";
import { latestRuns, scheduledSince } from "./queries";

const DAY = 24 * 60 * 60 * 1000;

/** The daily backups' state for the administrators' overview. */
export default async function backupRoutes(app: FastifyInstance) {
  const { db, config } = app;

  serve(app, api.status, async ({ reply }) => {
    const [{ lastBackup, latest }, since] = await Promise.all([latestRuns(db), scheduledSince(db)]);
    reply.header("cache-control", "no-store");
    const last =
      lastBackup?.finishedAt && lastBackup.fileName
        ? { finishedAt: lastBackup.finishedAt, bytes: lastBackup.bytes ?? 0, fileName: lastBackup.fileName }
        : null;
    const lastFailure =
      latest?.error && (!last || latest.startedAt > last.finishedAt)
        ? { startedAt: latest.startedAt, message: latest.error }
        : null;
    // Overdue: the newest backup, or (with none yet) the schedule's start, is over two days old.
    const overdue = (at: Date | undefined) => at && Date.now() - at.getTime() > BACKUP_STALE_AFTER_DAYS * DAY;
    let state: BackupStatus["state"];
    if (config.backups.keep === 0) state = "off";
    else if (lastFailure) state = "failed";
    else if (last) state = overdue(last.finishedAt) ? "stale" : "ok";
    else state = overdue(since) ? "stale" : "none";
    return { state, keep: config.backups.keep, lastBackup: last, lastFailure };
  });
}
