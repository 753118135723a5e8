import { type AnyPgColumn, integer, serial, timestamp } from "drizzle-orm/pg-core";

// Column shapes the tables share. Each call makes a new column: call them once per table.

/** The table's own serial id. */
export const id = () => serial("id").primaryKey();

/** A moment, with its time zone; nullable until `.notNull()`. */
export const at = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => at("created_at").notNull().defaultNow();

/** When the row last changed: the code that changes it sets it. */
export const updatedAt = () => at("updated_at").notNull().defaultNow();

/** A required reference: the row goes when the row it belongs to goes (a member, a video, a group). */
export const belongsTo = <N extends string>(name: N, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: "cascade" });

/** An optional reference, cleared when the other row goes (who created a group, who decided). */
export const mayReference = <N extends string>(name: N, target: () => AnyPgColumn) =>
  integer(name).references(target, { onDelete: "set null" });

/** A count kept beside the rows it counts (likes, members, views), in the same transaction. */
export const counter = <N extends string>(name: N) => integer(name).notNull().default(0);

/**
 * What members write that others may report (decision 040): when its author last edited it, and
 * when it was hidden from everyone but her and the administrators (reports reached the threshold).
 */
export const moderatedColumns = () => ({ editedAt: at("edited_at"), hiddenAt: at("hidden_at") });
