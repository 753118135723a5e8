import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { QueryResultRow } from "pg";
import type { Db } from "./client";

/**
 * A statement the busiest routes run again and again, by name: each pooled connection has Postgres
 * parse and plan it once, and its text is written once instead of being built per request.
 */
export function preparedStatement<Row extends QueryResultRow, Values extends unknown[]>(
  name: string,
  text: string,
) {
  return async (db: Db, ...values: Values): Promise<Row[]> =>
    (await db.$client.query<Row>({ name, text, values })).rows;
}

/** A fragment written into a prepared statement's text: it must carry no parameters. */
export function statementText(fragment: SQL): string {
  const { sql: text, params } = new PgDialect().sqlToQuery(fragment);
  if (params.length > 0) throw new Error("A prepared statement's fragment must not carry parameters");
  return text;
}
