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
