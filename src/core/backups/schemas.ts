import { z } from "zod";
import { dateTime } from "../common-schemas";

/** How many days may pass after the last daily backup before the dashboard warns. */
export const BACKUP_STALE_AFTER_DAYS = 2;

/**
 * ok: a recent backup; none: none made yet; stale: the last is over two days old; failed: the
 * latest attempt failed; off: daily backups are turned off (BACKUP_KEEP=0).
 */
export const BACKUP_STATES = ["ok", "none", "stale", "failed", "off"] as const;

/** The daily backups, for the administrators' overview. */
export const backupStatus = z.object({
  state: z.enum(BACKUP_STATES),
  /** How many daily backups are kept (BACKUP_KEEP). */
  keep: z.number(),
  /** The newest backup that worked. */
  lastBackup: z.object({ finishedAt: dateTime, bytes: z.number(), fileName: z.string() }).nullable(),
  /** The latest attempt, when it failed after the last backup that worked. */
  lastFailure: z.object({ startedAt: dateTime, message: z.string() }).nullable(),
});
export type BackupStatus = z.input<typeof backupStatus>;
