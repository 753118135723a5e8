import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { QueryResultRow } from "pg";
import { type Db, genericPlanPool, type Tx } from "./client";

const dialect = new PgDialect();

/** Where a statement runs: the pool, or the connection Drizzle holds for a transaction. */
const clientOf = (db: Db | Tx): pg.Pool | pg.PoolClient =>
  "$client" in db ? db.$client : (db as unknown as { session: { client: pg.PoolClient } }).session.client;

/**
 * A statement the busiest routes run again and again, by name: each pooled connection has Postgres
 * parse and plan it once, and its text is written once instead of being built per request. Inside
 * a transaction, it runs on the transaction's connection.
 */
export function preparedStatement<Row extends QueryResultRow, Values extends unknown[]>(
  name: string,
  text: string,
) {
  return async (db: Db | Tx, ...values: Values): Promise<Row[]> =>
    (await clientOf(db).query<Row>({ name, text, values })).rows;
}

/** A fragment written into a prepared statement's text: it must carry no parameters. */
export function statementText(fragment: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error("A prepared statement's fragment must not carry parameters");
  return text;
}

/**
 * Statements of one shape made when first asked for, one for each set of arguments written into
 * their text (a page size, whether she is an administrator), then kept: the arguments are few and
 * bounded (page sizes by their schema).
 */
export function statementsBy<Args extends (string | number | boolean)[], Statement>(
  make: (...args: Args) => Statement,
) {
  const made = new Map<string, Statement>();
  return (...args: Args): Statement => {
    const key = args.join(" ");
    let statement = made.get(key);
    if (!statement) {
      statement = make(...args);
      made.set(key, statement);
    }
    return statement;
  };
}

/**
 * A statement of fixed text run by name on a pool set for generic plans (`genericPlanPool`): each
 * connection parses and plans it once, for any values, where PostgreSQL left to itself would plan a
 * large statement again at every call.
 */
export function genericPlanStatement<Row extends QueryResultRow, Values extends unknown[]>(
  name: string,
  text: string,
  settings: Record<string, string> = {},
) {
  return async (db: Db, ...values: Values): Promise<Row[]> =>
    (await genericPlanPool(db, settings).query<Row>({ name, text, values })).rows;
}
