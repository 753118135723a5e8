import { type SQL, sql } from "drizzle-orm";

/** The one asking, and how the rules name a row's column. */

/** The one asking, as her session knows her. */
export interface Viewer {
  id: number;
  isAdmin: boolean;
}

/**
 * A viewer known only inside a statement: set-based statements that serve several members at
 * once (the batched "I prayed") read her id and rights from columns of their input.
 */
export interface ViewerColumns {
  id: SQL;
  isAdmin: SQL;
}

/** A column of the row `table`, quoted. */
export const column = (table: string, name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;

/**
 * A member named by the column `id` of a statement (a recipient, an answer's author), as a viewer:
 * her rights read from her users row.
 */
export const memberOfStatement = (id: SQL): ViewerColumns => ({
  id,
  isAdmin: sql`coalesce((select seen_ra.role = 'admin' from users seen_ra where seen_ra.id = ${id}), false)`,
});

/**
 * The viewer of a prepared statement: her id its first parameter; whether she is an administrator
 * is written into its text (a statement for each), so its plan keeps only what applies to her.
 */
export const statementViewer = (isAdmin: boolean): ViewerColumns => ({
  id: sql.raw("$1::int"),
  isAdmin: sql.raw(isAdmin ? "true" : "false"),
});
