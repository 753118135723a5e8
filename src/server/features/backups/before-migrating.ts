import path from "node:path";
import type { Database } from "../../db/client";
import { runMigrations } from "../../db/migrate";
import { backupFileName } from "./format";
import { knownMigrations, schemaVersionOf } from "./schema-version";
import { connect, writeBackup } from "./write";

/** A start could not bring the database up to this version; the data is as it was. */
export class UpgradeFailed extends Error {}

/**
 * Applies this version's new migrations to a database that already holds a community, with a backup
 * of it taken first into `backupDir` (said through `say`). The migrations go in one transaction: if
 * one fails, none is kept, and the error says so, where the backup is and how to put it back. A
 * database with no migration pending, or none at all yet (a first start), is migrated as before.
 */
export async function migrateWithBackup(
  database: Database,
  connectionString: string,
  backupDir: string,
  say: (line: string) => void,
): Promise<{ backup: string | null }> {
  const client = await connect(connectionString, "upgrade check");
  let pending: string[] = [];
  try {
    const version = await schemaVersionOf(client);
    if (version)
      pending = knownMigrations()
        .filter((m) => m.createdAt > version.createdAt)
        .map((m) => m.tag);
  } finally {
    await client.end().catch(() => {});
  }
  if (pending.length === 0) {
    await runMigrations(database);
    return { backup: null };
  }

  const file = path.join(backupDir, backupFileName(new Date()));
  say(`  This version changes the database (${pending.join(", ")}): backing it up first...`);
  const written = await writeBackup({ connectionString, file });
  say(`  Backed up to ${written.file}`);
  try {
    await runMigrations(database);
  } catch (err) {
    // Drizzle wraps what PostgreSQL said in an error naming the statement.
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    throw new UpgradeFailed(
      [
        `The database could not be changed for this version of the app: ${cause instanceof Error ? cause.message : String(cause)}`,
        "Nothing was changed: the data is as it was before this start, and the previous version of the app runs on it.",
        `The backup made just before is ${written.file}; to put it back: npm run restore -- ${written.file} --force`,
      ].join("\n"),
    );
  }
  return { backup: written.file };
}
