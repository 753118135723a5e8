import os from "node:os";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Where it is, for a connection of its own (migrations, a rebuild). */
  url: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  max?: number;
}

/** The app's connections, with bounded waits, so a database outage fails fast. */
const poolOptions = (url: string, max: number, settings: Record<string, string> = {}): pg.PoolConfig => ({
  connectionString: url,
  max,
  idleTimeoutMillis: 30_000,
  connectionTimeoutMillis: 5000,
  // Per-statement limit on the server, plus a client-side limit for a server that stopped responding.
  statement_timeout: 15_000,
  query_timeout: 20_000,
  application_name: "mishpacha",
  // The app's statements are short: JIT compiling (over 100 ms where a plan's estimate passes
  // jit_above_cost, as a search's fallback branch that never runs does) costs far more than it saves.
  options: Object.entries({ jit: "off", ...settings })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" "),
});

/**
 * A pool of connections to `url`. A client losing its connection (database restart) must not crash
 * the process: the pool's idle clients report on the pool, and checked-out ones (a LISTEN held
 * open) on their own emitter; the query in flight fails with the same error, which its caller
 * handles.
 */
function openPool(url: string, max: number, settings?: Record<string, string>): pg.Pool {
  const pool = new pg.Pool(poolOptions(url, max, settings));
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

/** Each database's address and pools of connections set for generic plans, by their settings. */
const genericPlanPools = new WeakMap<pg.Pool, { url: string; pools: Map<string, pg.Pool> }>();

/**
 * How many of a kind of statement that only computes (a search) run at once by default: one a core.
 * More at once only make each wait on the others and the database switch between them; the rest
 * wait their turn here, in order, which keeps the slowest answers close to the typical ones.
 */
const COMPUTING_CONNECTIONS = Math.max(2, os.availableParallelism());

/**
 * A pool beside `db`'s whose connections plan each prepared statement once for any values
 * (`plan_cache_mode = force_generic_plan`), with `settings` of their own: for large statements of
 * fixed text whose planning costs more than their run (a search's twenty sub-selects). Only named
 * statements run there: an unnamed one would be planned without its values. Opened when first
 * asked for, with at most `max` connections, and closed with the database.
 */
export function genericPlanPool(
  db: Db,
  settings: Record<string, string>,
  max = COMPUTING_CONNECTIONS,
): pg.Pool {
  const opened = genericPlanPools.get(db.$client);
  if (!opened) throw new Error("Not a database opened by openDatabase");
  const key = JSON.stringify(settings);
  let pool = opened.pools.get(key);
  if (!pool) {
    pool = openPool(opened.url, max, { plan_cache_mode: "force_generic_plan", ...settings });
    opened.pools.set(key, pool);
  }
  return pool;
}

/** A pooled connection to Postgres with bounded waits, so a database outage fails fast. */
export function openDatabase(url: string, options: DatabaseOptions = {}): Database {
  const pool = openPool(url, options.max ?? 20);
  const db = drizzle(pool, { schema });
  const generic = new Map<string, pg.Pool>();
  genericPlanPools.set(pool, { url, pools: generic });
  const close = async () => {
    await Promise.all([pool.end(), ...[...generic.values()].map((p) => p.end())]);
  };
  return { db, pool, url, close };
}

/** A unique index refused the row (Drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | null;
  if (!e) return false;
  return e.code === "23505" || (e.cause !== undefined && isUniqueViolation(e.cause));
}
