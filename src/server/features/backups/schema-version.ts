import fs from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type pg from "pg";
import { migrationsFolder } from "../../db/migrate";

/** One migration of this build: its name, Drizzle's timestamp for it, and its statements. */
export interface Migration {
  tag: string;
  /** Drizzle's journal `when`, which its bookkeeping table records as `created_at`. */
  createdAt: number;
  hash: string;
  statements: string[];
}

/** The migrations this build carries, oldest first. */
export function knownMigrations(folder = migrationsFolder): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, i) => ({
    tag: entry.tag,
    createdAt: entry.when,
    hash: files[i]!.hash,
    statements: files[i]!.sql,
  }));
}

/** Where a database's schema stands: the last migration applied to it. */
export interface SchemaVersion {
  migration: string;
  createdAt: number;
}

/** The last migration applied to the database, or null when it has never been migrated. */
export async function schemaVersionOf(client: pg.ClientBase): Promise<SchemaVersion | null> {
  const { rows: found } = await client.query<{ table: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as table",
  );
  if (!found[0]?.table) return null;
  const { rows } = await client.query<{ created_at: string }>(
    "select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
  );
  if (!rows[0]) return null;
  const createdAt = Number(rows[0].created_at);
  const known = knownMigrations().find((m) => m.createdAt === createdAt);
  return { migration: known?.tag ?? `unknown (${createdAt})`, createdAt };
}

/**
 * Applies, on the caller's connection and so inside its transaction, the migrations after the
 * database's last one and up to `upTo` (a migration's `createdAt`; all of them without it). Each is
 * recorded as Drizzle's migrator records it, so the app's start-up finds them applied. Drizzle's own
 * `migrate` cannot join a transaction that is already open: it begins and commits its own.
 */
export async function applyMigrations(client: pg.ClientBase, upTo?: number): Promise<Migration[]> {
  await client.query("create schema if not exists drizzle");
  await client.query(
    "create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)",
  );
  const { rows } = await client.query<{ created_at: string }>(
    "select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
  );
  const last = rows[0] ? Number(rows[0].created_at) : Number.NEGATIVE_INFINITY;
  const applied: Migration[] = [];
  for (const migration of knownMigrations()) {
    if (migration.createdAt <= last || (upTo !== undefined && migration.createdAt > upTo)) continue;
    for (const statement of migration.statements) await client.query(statement);
    await client.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [
      migration.hash,
      migration.createdAt,
    ]);
    applied.push(migration);
  }
  return applied;
}
