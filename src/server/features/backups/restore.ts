import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import tar, { type Extract } from "tar-stream";
import { openDatabase } from "../../db/client";
import { MIGRATION_LOCK, runMigrations } from "../../db/migrate";
import { type BackupManifest, backupManifest, MANIFEST_ENTRY, tableEntry } from "./format";
import { applyMigrations, knownMigrations } from "./schema-version";
import { connect } from "./write";

/** A restore that did not start, with why; the database was not touched. */
export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

export interface RestoreResult {
  manifest: BackupManifest;
  members: number;
  rows: number;
  /** Migrations applied after the rows, when the backup came from an older version of the app. */
  laterMigrations: string[];
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

type ArchiveEntry = Extract extends AsyncIterable<infer E> ? E : never;
type Entry = AsyncIterator<ArchiveEntry>;

/** The archive's entries one at a time, each read to its end before the next. */
function entriesOf(file: string): { entries: Entry; close(): void } {
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), createGunzip(), extract);
  reading.catch((err: Error) => extract.destroy(err));
  return { entries: extract[Symbol.asyncIterator](), close: () => extract.destroy() };
}

async function readAll(entry: ArchiveEntry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function readManifest(file: string, entries: Entry): Promise<BackupManifest> {
  const notOurs = (why: string) => new RestoreRefused(`${file} is not a backup of this app (${why}).`);
  let first: IteratorResult<ArchiveEntry>;
  try {
    first = await entries.next();
  } catch (err) {
    throw notOurs((err as Error).message);
  }
  if (first.done || first.value.header.name !== MANIFEST_ENTRY)
    throw notOurs(`no ${MANIFEST_ENTRY} at its start`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readAll(first.value));
  } catch (err) {
    throw notOurs((err as Error).message);
  }
  const manifest = backupManifest.safeParse(parsed);
  if (!manifest.success) throw notOurs(`its manifest does not read: ${manifest.error.issues[0]?.message}`);
  const migrations = knownMigrations();
  if (!migrations.some((m) => m.createdAt === manifest.data.schema.createdAt)) {
    throw new RestoreRefused(
      `This backup was made by a newer version of the app (schema ${manifest.data.schema.migration}; this version ` +
        `knows up to ${migrations.at(-1)?.tag}). Update the app, then restore. Nothing was changed.`,
    );
  }
  return manifest.data;
}

/** Refuses a database the app is using, or one that holds a community, unless `force`. */
async function checkTarget(client: pg.ClientBase, force: boolean) {
  const { rows: running } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name = 'mishpacha' and pid <> pg_backend_pid()`,
  );
  if (running[0]!.n > 0) {
    throw new RestoreRefused("The app is running on this database: stop it first. Nothing was changed.");
  }
  const { rows: found } = await client.query<{ table: string | null }>(
    "select to_regclass('public.users')::text as table",
  );
  if (!found[0]?.table) return;
  const { rows } = await client.query<{ n: number }>("select count(*)::int as n from users");
  const members = rows[0]!.n;
  if (members > 0 && !force) {
    throw new RestoreRefused(
      `This database already has ${members} member${members === 1 ? "" : "s"}. A restore replaces everything ` +
        "in it: run it again with --force to do that. Nothing was changed.",
    );
  }
}

/**
 * Drops what the app and its migrations made (its tables, functions and types, the migration
 * records, the job queue), leaving extensions and other schemas alone: the restore then builds the
 * schema up again, migration by migration.
 */
async function clearAppSchema(client: pg.ClientBase) {
  await client.query("drop schema if exists graphile_worker cascade");
  await client.query("drop schema if exists drizzle cascade");
  const notInExtension = (oid: string) =>
    `not exists (select 1 from pg_depend d where d.objid = ${oid} and d.deptype = 'e')`;
  const { rows } = await client.query<{ statement: string }>(
    `select format('drop %s if exists %s cascade', kind, name) as statement from (
       select 1 as step, case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
                                        when 'S' then 'sequence' else 'table' end as kind,
              c.oid::regclass::text as name
         from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S')
          and ${notInExtension("c.oid")}
       union all
       select 2, 'function', p.oid::regprocedure::text
         from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.prokind = 'f' and ${notInExtension("p.oid")}
       union all
       select 3, 'type', t.oid::regtype::text
         from pg_type t
        where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd')
          and ${notInExtension("t.oid")}
     ) objects order by step, name`,
  );
  for (const { statement } of rows) await client.query(statement);
}

async function loadRows(client: pg.ClientBase, manifest: BackupManifest, entries: Entry) {
  let rows = 0;
  for (const table of manifest.tables) {
    const next = await entries.next();
    if (next.done || next.value.header.name !== tableEntry(table.name)) {
      throw new Error(
        `the file ends or is out of order where ${tableEntry(table.name)} should be (is it complete?)`,
      );
    }
    const name = ident(table.name);
    // Triggers that announce changes or keep counts stay quiet: the counts are in the rows already.
    // References are still checked (parents come first), so a damaged file cannot load.
    await client.query(`alter table ${name} disable trigger user`);
    const copy = client.query(copyFrom(`copy ${name} (${table.columns.map(ident).join(", ")}) from stdin`));
    await pipeline(next.value, copy);
    if (copy.rowCount !== table.rows) {
      throw new Error(`${table.name} held ${copy.rowCount} rows where the backup recorded ${table.rows}`);
    }
    await client.query(`alter table ${name} enable trigger user`);
    rows += table.rows;
  }
  for (const s of manifest.sequences) {
    const next = s.isCalled ? s.lastValue : s.lastValue - 1;
    await client.query(
      `select setval(pg_get_serial_sequence($1, $2), greatest(v, 1), v > 0)
         from (select greatest($3::bigint, coalesce(max(${ident(s.column)}), 0)) as v from ${ident(s.table)}) m`,
      [s.table, s.column, next],
    );
  }
  return rows;
}

/**
 * Brings a backup into the database `connectionString` names, in one transaction: clears what is
 * there, applies the migrations up to the backup's, loads every table, sets the serial counters,
 * applies this version's later migrations, and commits; a failure anywhere rolls all of it back.
 * The job queue's tables are installed after (they hold no community data).
 */
export async function restoreBackup(options: {
  connectionString: string;
  file: string;
  force?: boolean;
  log?: (line: string) => void;
}): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  if (!fs.existsSync(options.file)) throw new RestoreRefused(`There is no file ${options.file}.`);
  const archive = entriesOf(options.file);
  const client = await connect(options.connectionString, "restore");
  try {
    const manifest = await readManifest(options.file, archive.entries);
    await checkTarget(client, options.force ?? false);
    log(`Restoring the backup of ${manifest.takenAt} (schema ${manifest.schema.migration})...`);

    let rows: number;
    let later: string[];
    await client.query("begin");
    try {
      // An instance starting meanwhile waits here instead of migrating a half-restored database.
      await client.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      await checkTarget(client, options.force ?? false);
      await clearAppSchema(client);
      await applyMigrations(client, manifest.schema.createdAt);
      rows = await loadRows(client, manifest, archive.entries);
      later = (await applyMigrations(client)).map((m) => m.tag);
      await client.query("commit");
    } catch (err) {
      await client.query("rollback").catch(() => {});
      if (err instanceof RestoreRefused) throw err;
      throw new Error(
        `The restore failed and was rolled back; the database is as it was. ${(err as Error).message}`,
        {
          cause: err,
        },
      );
    }
    if (later.length) log(`Applied the migrations made since the backup: ${later.join(", ")}.`);

    const database = openDatabase(options.connectionString, { max: 2 });
    try {
      await runMigrations(database); // the job queue's schema
      await client.query("analyze");
    } catch (err) {
      throw new Error(
        `The community was restored, but installing the job queue's tables failed (the app installs them when it starts): ${(err as Error).message}`,
        { cause: err },
      );
    } finally {
      await database.close();
    }
    const { rows: members } = await client.query<{ n: number }>("select count(*)::int as n from users");
    return { manifest, members: members[0]!.n, rows, laterMigrations: later };
  } finally {
    archive.close();
    await client.end().catch(() => {});
  }
}
