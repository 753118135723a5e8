import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  max?: number;
}

/** A pooled connection to Postgres with bounded waits, so a database outage fails fast. */
export function openDatabase(url: string, options: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5000,
    // Per-statement limit on the server, plus a client-side limit for a server that stopped responding.
    statement_timeout: 15_000,
    query_timeout: 20_000,
    application_name: "mishpacha",
    // The app's statements are short: JIT compiling (over 100 ms where a plan's estimate passes
    // jit_above_cost, as a search's fallback branch that never runs does) costs far more than it saves.
    options: "-c jit=off",
  });
  // A client losing its connection (database restart) must not crash the process: the pool's
  // idle clients report here, and checked-out ones (a LISTEN held open) on their own emitter; the
  // query in flight fails with the same error, which its caller handles.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** A unique index refused the row (Drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | null;
  if (!e) return false;
  return e.code === "23505" || (e.cause !== undefined && isUniqueViolation(e.cause));
}
