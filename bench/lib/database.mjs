import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
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

/**
 * `count` members with proved addresses, named "Member Number N", all with one password hash (a
 * placeholder unless the bench signs them in).
 */
export async function seedMembers(c, count, passwordHash = "not-a-password") {
  await c.query(
    `insert into users (email, password_hash, first_name, last_name, email_verified_at, created_at)
     select 'member' || g || '@example.test', $1, 'Member', 'Number ' || g, now(), now() - make_interval(mins => g)
     from generate_series(1, $2) g`,
    [passwordHash, count],
  );
}

/**
 * Runs the bench module at `moduleUrl` as a script of its own against `url` (and `args`), so its peak
 * RSS is the measured run's alone, and returns the JSON it prints last.
 */
export function measureInOwnProcess(moduleUrl, url, args = []) {
  const out = execFileSync(process.execPath, ["--import", "tsx", fileURLToPath(moduleUrl), url, ...args], {
    encoding: "utf8",
  });
  return JSON.parse(out.trim().split("\n").pop());
}
