import { bigint, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * Every row the demo seed wrote, by table and id, recorded in the seed's transaction: what
 * "Remove the demo content" takes away, leaving whatever real members added since.
 */
export const demoRows = pgTable(
  "demo_rows",
  {
    tableName: text("table_name").notNull(),
    rowId: bigint("row_id", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.rowId] })],
);
