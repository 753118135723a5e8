import fs from "node:fs";
import path from "node:path";
import type { Database } from "../../src/server/db/client";

const MIGRATIONS = path.resolve("src/server/db/migrations");

/**
 * The `UPDATE`s of a migration that carry one table's rows over, as the migration runs them: a test
 * brings back the old column, writes rows as an older version did, and runs these to see them read.
 */
export function backfillStatements(migration: string, table: string): string[] {
  const sql = fs.readFileSync(path.join(MIGRATIONS, `${migration}.sql`), "utf8");
  return sql
    .split("--> statement-breakpoint")
    .map((statement) =>
      statement
        .split("\n")
        .filter((line) => !line.trimStart().startsWith("--"))
        .join("\n")
        .trim(),
    )
    .filter((statement) => statement.startsWith(`UPDATE "${table}"`));
}

/** Runs `statements` in one transaction, as the migrations run. */
export async function runStatements(database: Database, statements: string[]) {
  const client = await database.pool.connect();
  try {
    await client.query("begin");
    for (const statement of statements) await client.query(statement);
    await client.query("commit");
  } catch (err) {
    await client.query("rollback");
    throw err;
  } finally {
    client.release();
  }
}
