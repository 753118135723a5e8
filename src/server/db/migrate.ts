import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Database } from "./client";

/** Beside this module in the source tree, and copied beside the server bundle by the build. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

// Any constant: every instance takes the same lock, so only one migrates at a time. A backup holds
// it shared (it never reads a half-migrated schema) and a restore holds it (nobody migrates meanwhile).
export const MIGRATION_LOCK = 7_341_001;

type LoggerClass = typeof import("graphile-worker").Logger;
const quietLogger = (Logger: LoggerClass) =>
  new Logger(() => (level, message) => {
    if (level === "error") process.stderr.write(`job queue migration: ${message}\n`);
  });

/**
 * Applies pending migrations under a Postgres advisory lock; instances starting together wait their
 * turn. On a connection of their own, without the app's limits on a statement: a migration that
 * carries a large community's rows over (every search row, say) takes longer than any request may.
 */
export async function runMigrations(database: Database): Promise<void> {
  const client = new pg.Client({ connectionString: database.url, application_name: "mishpacha migrations" });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
      // The job queue's own tables (schema graphile_worker), installed and upgraded by the engine.
      const worker = await import("graphile-worker");
      await worker.runMigrations({ pgPool: database.pool, logger: quietLogger(worker.Logger) });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    await client.end();
  }
}
