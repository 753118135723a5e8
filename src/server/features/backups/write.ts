import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import tar from "tar-stream";
import { MIGRATION_LOCK } from "../../db/migrate";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  MANIFEST_ENTRY,
  TABLES_NOT_BACKED_UP,
  tableEntry,
} from "./format";
import { schemaVersionOf } from "./schema-version";

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A connection of its own: no statement or read time limit (a large table takes a while). */
export async function connect(connectionString: string, purpose: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString, application_name: `mishpacha-${purpose}` });
  client.on("error", () => {}); // a lost connection fails the query in flight, which reports it
  await client.connect();
  await client.query("set statement_timeout = 0");
  return client;
}

/** The app's tables, parents before the tables that refer to them (so a restore can check every reference). */
export async function tablesInLoadOrder(
  client: pg.ClientBase,
): Promise<{ name: string; columns: string[] }[]> {
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
      group by c.relname
      order by c.relname`,
  );
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`,
  );
  const kept = tables.filter((t) => !TABLES_NOT_BACKED_UP.includes(t.name));
  const parents = new Map(kept.map((t) => [t.name, new Set<string>()]));
  for (const r of references) {
    if (parents.has(r.child) && parents.has(r.parent)) parents.get(r.child)!.add(r.parent);
  }
  const ordered: typeof kept = [];
  const placed = new Set<string>();
  while (ordered.length < kept.length) {
    const ready = kept.filter(
      (t) => !placed.has(t.name) && [...parents.get(t.name)!].every((p) => placed.has(p)),
    );
    if (ready.length === 0) {
      const rest = kept.filter((t) => !placed.has(t.name)).map((t) => t.name);
      throw new Error(
        `The tables ${rest.join(", ")} refer to each other in a circle; a backup cannot order them.`,
      );
    }
    for (const t of ready) {
      ordered.push(t);
      placed.add(t.name);
    }
  }
  return ordered;
}

async function serialCounters(client: pg.ClientBase, tables: Set<string>) {
  const { rows } = await client.query<{ sequence: string; table: string; column: string }>(
    `select s.oid::regclass::text as sequence, t.relname as table, a.attname as column
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
                       and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and t.relnamespace = 'public'::regnamespace
      order by t.relname, a.attname`,
  );
  const counters: BackupManifest["sequences"] = [];
  for (const r of rows.filter((r) => tables.has(r.table))) {
    // Not part of the snapshot (counters never go back): at least as far as any id in the file.
    const { rows: state } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value, is_called from ${r.sequence}`,
    );
    counters.push({
      table: r.table,
      column: r.column,
      lastValue: Number(state[0]!.last_value),
      isCalled: state[0]!.is_called,
    });
  }
  return counters;
}

/**
 * Writes a backup of the database to `file`: every table's rows (sessions excepted) as of one
 * moment, read in a single REPEATABLE READ READ ONLY transaction while the app goes on writing. The
 * rows go to a scratch folder beside the file first (a tar entry states its size before its bytes),
 * then into `<file>.partial`, which is renamed to `file` only once complete and on disk.
 */
export async function writeBackup(options: {
  connectionString: string;
  file: string;
}): Promise<BackupResult> {
  const file = path.resolve(options.file);
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(dir, ".backup-"));
  const partial = `${file}.partial`;
  const client = await connect(options.connectionString, "backup");
  try {
    // Shared with other backups, exclusive with a migrating instance: taken before the snapshot,
    // so the schema it reads is never half-migrated.
    await client.query("select pg_advisory_lock_shared($1)", [MIGRATION_LOCK]);
    let manifest: BackupManifest;
    await client.query("begin isolation level repeatable read read only");
    try {
      // The first statement fixes the snapshot; now() is the moment the transaction began.
      const { rows: moment } = await client.query<{ taken_at: Date; version: string }>(
        "select now() as taken_at, current_setting('server_version') as version",
      );
      const schema = await schemaVersionOf(client);
      if (!schema)
        throw new Error("This database has no tables of the app yet: there is nothing to back up.");
      const tables = await tablesInLoadOrder(client);
      const dumped: BackupManifest["tables"] = [];
      for (const table of tables) {
        const columns = table.columns.map(ident).join(", ");
        const stream = client.query(copyTo(`copy ${ident(table.name)} (${columns}) to stdout`));
        await pipeline(stream, fs.createWriteStream(path.join(scratch, `${table.name}.copy`)));
        dumped.push({ name: table.name, columns: table.columns, rows: stream.rowCount });
      }
      const sequences = await serialCounters(client, new Set(tables.map((t) => t.name)));
      manifest = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        takenAt: moment[0]!.taken_at.toISOString(),
        schema,
        postgresVersion: moment[0]!.version,
        tables: dumped,
        sequences,
      };
      await client.query("commit");
    } catch (err) {
      await client.query("rollback").catch(() => {});
      throw err;
    } finally {
      await client.query("select pg_advisory_unlock_shared($1)", [MIGRATION_LOCK]).catch(() => {});
    }

    await packArchive(manifest, scratch, partial);
    const fd = fs.openSync(partial, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, manifest };
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    await client.end().catch(() => {});
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

async function packArchive(manifest: BackupManifest, scratch: string, out: string) {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), fs.createWriteStream(out, { mode: 0o600 }));
  const add = async (name: string, source: string | Buffer) => {
    const size = typeof source === "string" ? fs.statSync(source).size : source.length;
    const done = new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date(manifest.takenAt) }, (err) =>
        err ? reject(err) : resolve(),
      );
      if (typeof source === "string") pipeline(fs.createReadStream(source), entry).catch(reject);
      else entry.end(source);
    });
    await done;
  };
  try {
    await add(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    for (const table of manifest.tables)
      await add(tableEntry(table.name), path.join(scratch, `${table.name}.copy`));
    pack.finalize();
  } catch (err) {
    pack.destroy(err as Error);
  }
  await written;
}
