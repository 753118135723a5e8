import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { hashToken } from "../../src/server/auth/sessions";
import { openDatabase } from "../../src/server/db/client";
import { startEmbeddedPostgres } from "../../src/server/db/embedded-postgres";
import { runMigrations } from "../../src/server/db/migrate";
import { adminQuery, uniqueName, withDatabase } from "../support/databases";

const scratch = (name: string) => {
  const dir = path.resolve(".tmp", uniqueName(name));
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  return dir;
};

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function tablesIn(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' order by 1",
  );
  await client.end();
  return rows.map((r) => r.table_name);
}

describe("migrations", () => {
  it("build the whole schema on an empty database, once, even when two instances start together", async () => {
    const adminUrl = inject("dbAdminUrl");
    const name = `${inject("runPrefix")}_migrate`;
    await adminQuery(adminUrl, `create database "${name}"`);
    const url = withDatabase(adminUrl, name);
    const a = openDatabase(url, { max: 2 });
    const b = openDatabase(url, { max: 2 });
    try {
      await Promise.all([runMigrations(a), runMigrations(b)]);
      await runMigrations(a);
      const tables = await tablesIn(url);
      for (const table of [
        "users",
        "sessions",
        "videos",
        "prayer_requests",
        "cultivation_groups",
        "payments",
      ]) {
        expect(tables).toContain(table);
      }
      const applied = await a.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const files = fs.readdirSync("src/server/db/migrations").filter((f) => f.endsWith(".sql"));
      expect(applied.rows[0]).toEqual({ n: files.length });
      // Lists ask for ORDER BY ... DESC (nulls first); an index built DESC NULLS LAST cannot give
      // that order in either direction, and every page of a large table would be sorted in full.
      const backwards = await a.db.execute<{ indexname: string }>(
        sql`select indexname from pg_indexes where schemaname = 'public' and indexdef like '%DESC NULLS LAST%'`,
      );
      expect(backwards.rows.map((r) => r.indexname)).toEqual([]);
    } finally {
      await a.close();
      await b.close();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    }
  });
});

/**
 * A copy of the migrations folder that stops before the first migration whose name ends with
 * `name` (the whole folder when there is none yet): a database as it was before that change.
 */
function migrationsBefore(name: string) {
  const source = "src/server/db/migrations";
  const dir = scratch("migrations-before");
  fs.cpSync(source, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(name));
  if (at >= 0) journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe("calendar feeds made before their tokens were stored hashed", () => {
  it("keep their address: the migration stores the hash the app looks for, and no token", async () => {
    const adminUrl = inject("dbAdminUrl");
    const name = `${inject("runPrefix")}_feed_hash`;
    await adminQuery(adminUrl, `create database "${name}"`);
    const url = withDatabase(adminUrl, name);
    const database = openDatabase(url, { max: 2 });
    const before = migrationsBefore("calendar_feed_token_hashes");
    try {
      await migrate(database.db, { migrationsFolder: before });
      const token = randomBytes(32).toString("base64url");
      await database.pool.query(
        `with u as (insert into users (email) values ('ruth@example.test') returning id)
        insert into calendar_feeds (user_id, token) select id, $1 from u`,
        [token],
      );
      await runMigrations(database);
      const { rows } = await database.pool.query("select * from calendar_feeds");
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows[0])).not.toContain(token);
      expect(rows[0]).toMatchObject({ token_hash: hashToken(token) });
    } finally {
      await database.close();
      fs.rmSync(before, { recursive: true, force: true });
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    }
  });
});

describe("embedded PostgreSQL", () => {
  it("starts in a new folder, migrates, and keeps data across restarts", async () => {
    const dir = scratch("embedded");
    try {
      const first = await startEmbeddedPostgres({ dataDir: dir, ephemeral: true });
      const db = openDatabase(first.url, { max: 2 });
      await runMigrations(db);
      await db.db.execute(sql`insert into users (email, first_name) values ('kept@example.test', 'Kept')`);
      await db.close();
      await first.stop();
      expect(isAlive(first.pid)).toBe(false);

      const second = await startEmbeddedPostgres({ dataDir: dir, ephemeral: true });
      const again = openDatabase(second.url, { max: 2 });
      await runMigrations(again);
      const rows = await again.db.execute(
        sql`select first_name from users where email = 'kept@example.test'`,
      );
      expect(rows.rows).toEqual([{ first_name: "Kept" }]);
      await again.close();
      await second.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("recovers by itself after the previous process was killed with SIGKILL", async () => {
    const dir = scratch("killed");
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "test/support/embedded-child.ts", dir], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      const orphanPid = await new Promise<number>((resolve, reject) => {
        let out = "";
        child.stdout!.on("data", (chunk) => {
          out += chunk;
          const match = /READY (\d+)/.exec(out);
          if (match) resolve(Number(match[1]));
        });
        child.on("exit", (code) => reject(new Error(`child exited early (${code})`)));
      });
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));
      // The postgres it started is now an orphan still holding the folder.
      expect(isAlive(orphanPid)).toBe(true);

      const next = await startEmbeddedPostgres({ dataDir: dir, ephemeral: true });
      expect(isAlive(orphanPid)).toBe(false);
      const client = new pg.Client({ connectionString: next.url });
      await client.connect();
      const { rows } = await client.query("select note from survivors");
      expect(rows).toEqual([{ note: "written before the crash" }]);
      await client.end();
      await next.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("starts despite a stale postmaster.pid left by a crash", async () => {
    const dir = scratch("stale");
    try {
      const first = await startEmbeddedPostgres({ dataDir: dir, ephemeral: true });
      await first.stop();
      // A pid that is not running: what a machine reboot or a hard crash leaves behind.
      fs.writeFileSync(path.join(dir, "postgres", "postmaster.pid"), "999999\n/nowhere\n");
      const second = await startEmbeddedPostgres({ dataDir: dir, ephemeral: true });
      const client = new pg.Client({ connectionString: second.url });
      await client.connect();
      expect((await client.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
      await client.end();
      await second.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
