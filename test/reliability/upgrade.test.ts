import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { migrateWithBackup, UpgradeFailed } from "../../src/server/features/backups";
import { applyMigrations, knownMigrations } from "../../src/server/features/backups/schema-version";
import { adminQuery, uniqueName, withDatabase } from "../support/databases";

// A new version of the app starting on a community made by the one before: the start backs the
// data up before changing it, and a change that fails leaves the data as it was.

const scratch = path.resolve(".tmp", uniqueName("upgrade-test"));
const created: string[] = [];
afterAll(async () => {
  for (const name of created)
    await adminQuery(inject("dbAdminUrl"), `drop database if exists "${name}" with (force)`);
  fs.rmSync(scratch, { recursive: true, force: true });
});

const migrations = knownMigrations();
const previous = migrations.at(-2)!;
const latest = migrations.at(-1)!;

/** A community as the previous version left it: its migrations, and a member. */
async function previousVersionCommunity() {
  const name = `${inject("runPrefix")}_${uniqueName("upgrade")}`;
  await adminQuery(inject("dbAdminUrl"), `create database "${name}"`);
  created.push(name);
  const url = withDatabase(inject("dbAdminUrl"), name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    await applyMigrations(client, previous.createdAt);
    await client.query(
      "insert into users (email, first_name, last_name) values ('lydia@example.org', 'Lydia', 'Brooks')",
    );
    await client.query("commit");
  } finally {
    await client.end();
  }
  return url;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const lastMigration = async (url: string) =>
  Number(
    (
      await query<{ created_at: string }>(
        url,
        "select max(created_at) as created_at from drizzle.__drizzle_migrations",
      )
    )[0]!.created_at,
  );

/** The manifest of a backup file, read with the system's tar. */
const manifestOf = (file: string) =>
  JSON.parse(execFileSync("tar", ["-xzOf", file, "manifest.json"], { encoding: "utf8" })) as {
    schema: { migration: string };
    tables: { name: string; rows: number }[];
  };

describe("a start of a new version", () => {
  it("backs the community up before changing its database, and says where", async () => {
    const url = await previousVersionCommunity();
    const said: string[] = [];
    const database = openDatabase(url, { max: 2 });
    try {
      const { backup } = await migrateWithBackup(database, url, path.join(scratch, "a"), (l) => said.push(l));
      expect(backup).not.toBeNull();
      expect(said).toEqual([
        `  This version changes the database (${latest.tag}): backing it up first...`,
        `  Backed up to ${backup}`,
      ]);
      const manifest = manifestOf(backup!);
      expect(manifest.schema.migration).toBe(previous.tag);
      expect(manifest.tables.find((t) => t.name === "users")?.rows).toBe(1);
      expect(await lastMigration(url)).toBe(latest.createdAt);

      // Started again, nothing is pending: no second backup.
      const again = await migrateWithBackup(database, url, path.join(scratch, "a"), (l) => said.push(l));
      expect(again.backup).toBeNull();
      expect(fs.readdirSync(path.join(scratch, "a"))).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it("leaves the data as it was when the change fails, and says how to put the backup back", async () => {
    const url = await previousVersionCommunity();
    // The change fails half-way, as a full disk or a broken migration would make it.
    await query(
      url,
      `create function refuse_changes() returns event_trigger language plpgsql as $$ begin
        -- The app's own objects: Drizzle's bookkeeping (its schema exists already) goes through.
        if exists (select 1 from pg_event_trigger_ddl_commands() c where c.schema_name is distinct from 'drizzle') then
          raise exception 'could not extend file: No space left on device';
        end if;
      end $$`,
    );
    await query(
      url,
      "create event trigger refuse_changes on ddl_command_end execute function refuse_changes()",
    );
    const database = openDatabase(url, { max: 2 });
    try {
      const failed = await migrateWithBackup(database, url, path.join(scratch, "b"), () => {}).catch(
        (e) => e,
      );
      expect(failed).toBeInstanceOf(UpgradeFailed);
      const [backup] = fs.readdirSync(path.join(scratch, "b"));
      const file = path.join(scratch, "b", backup!);
      expect((failed as Error).message).toBe(
        [
          "The database could not be changed for this version of the app: could not extend file: No space left on device",
          "Nothing was changed: the data is as it was before this start, and the previous version of the app runs on it.",
          `The backup made just before is ${file}; to put it back: npm run restore -- ${file} --force`,
        ].join("\n"),
      );
      expect(await lastMigration(url)).toBe(previous.createdAt);
      expect(await query(url, "select first_name from users")).toEqual([{ first_name: "Lydia" }]);
    } finally {
      await database.close();
      await query(url, "drop event trigger refuse_changes");
    }
  });
});
