import pg from "pg";
import { openDatabase } from "../../src/server/db/client.ts";
import { runMigrations } from "../../src/server/db/migrate.ts";

/** Migrates the database at `url` and returns a client connected to it (the caller ends it). */
export async function migratedClient(url) {
  const database = openDatabase(url, { max: 2 });
  await runMigrations(database);
  await database.close();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}
