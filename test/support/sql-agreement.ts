import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, expect, inject } from "vitest";

/** A temporary table of that name and columns, holding these rows (each its values in column order). */
export type StandInTable = (
  name: string,
  columns: string,
  rows?: readonly (readonly unknown[])[],
) => Promise<void>;

/**
 * For a describe block that checks a rule's SQL against its TypeScript: a connection of its own
 * where `tables` creates the rule's tables as temporary ones of the same names, so no copy of the
 * schema is needed and they disappear with the connection.
 */
export function sqlAgreement(tables: (table: StandInTable) => Promise<void>) {
  let client: pg.Client | undefined;
  const dialect = new PgDialect();

  beforeAll(async () => {
    const connected = new pg.Client({ connectionString: inject("dbAdminUrl") });
    client = connected;
    await connected.connect();
    await tables(async (name, columns, rows = []) => {
      await connected.query(`create temporary table ${name} (${columns})`);
      for (const row of rows) {
        const placeholders = row.map((_, i) => `$${i + 1}`).join(", ");
        await connected.query(`insert into ${name} values (${placeholders})`, [...row]);
      }
    });
  });
  afterAll(() => client?.end());

  const query = async <T extends pg.QueryResultRow>(fragment: SQL) => {
    if (!client) throw new Error("the stand-in tables are not ready");
    const { sql: text, params } = dialect.sqlToQuery(fragment);
    return (await client.query<T>(text, params)).rows;
  };

  return {
    query,
    /** The statement's rows are, in order, what the TypeScript decides for each case. */
    expectAgreement: async <C>(statement: SQL, cases: readonly C[], decide: (c: C, i: number) => unknown) =>
      expect(await query(statement)).toEqual(cases.map(decide)),
  };
}
