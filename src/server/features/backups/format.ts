import { z } from "zod";

/**
 * A backup file is a gzipped tar archive: `manifest.json` first, then one `tables/<name>.copy` per
 * table in PostgreSQL's COPY text format, parents before the tables that refer to them (decision 032).
 */
export const BACKUP_FORMAT = "mishpacha-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = "manifest.json";
export const tableEntry = (table: string) => `tables/${table}.copy`;

/**
 * Tables whose rows stay out: sessions (everyone signs in again; their cookies were signed with a
 * secret the file does not hold), the devices those sessions turned on for push (they end with
 * their sessions), the record of this machine's own backups, the answers kept for a day for
 * repeated Idempotency-Keys (payment forms' secrets among them), and the failed sign-ins that slow
 * password guessing (they expire within a day).
 */
export const TABLES_NOT_BACKED_UP = [
  "sessions",
  "push_subscriptions",
  "backup_runs",
  "idempotency_keys",
  "sign_in_throttles",
  // A link to set the ministry up works on the server that printed it, never on a restored copy.
  "setup_tokens",
  // What live streams replay for a day: nothing a restored site's tabs could use.
  "live_events",
];

export const backupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  /** The moment the file holds: when its transaction (and snapshot) began. */
  takenAt: z.iso.datetime({ offset: true }),
  /** The last migration the database had: a restore migrates to it before loading rows. */
  schema: z.object({ migration: z.string(), createdAt: z.number() }),
  postgresVersion: z.string(),
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)).min(1),
      rows: z.number().int().nonnegative(),
    }),
  ),
  /** Serial counters, so ids given after a restore never repeat one in the file. */
  sequences: z.array(
    z.object({
      table: z.string(),
      column: z.string(),
      lastValue: z.number(),
      isCalled: z.boolean(),
    }),
  ),
});
export type BackupManifest = z.infer<typeof backupManifest>;

const pad = (n: number) => String(n).padStart(2, "0");

/** `mishpacha-backup-2026-11-25T03-00-00Z.tar.gz`: sorts by date, in UTC. */
export function backupFileName(at: Date): string {
  const date = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  const time = `${pad(at.getUTCHours())}-${pad(at.getUTCMinutes())}-${pad(at.getUTCSeconds())}`;
  return `${BACKUP_FORMAT}-${date}T${time}Z.tar.gz`;
}

/** The backup files this app names (only these are ever pruned from a folder). */
export const BACKUP_FILE_PATTERN = /^mishpacha-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;
