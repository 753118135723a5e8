import { bigint, pgTable, text } from "drizzle-orm/pg-core";
import { at, id } from "./columns";

/**
 * The daily backups the job queue made (or tried to), for the administrators' dashboard. Kept in the
 * database, not read from the folder, so every instance shows the same and a failure is remembered.
 * Not itself backed up: its files belong to the machine that wrote them.
 */
export const backupRuns = pgTable("backup_runs", {
  id: id(),
  startedAt: at("started_at").notNull().defaultNow(),
  finishedAt: at("finished_at"),
  /** The file's name in the backup folder; null until it is complete. */
  fileName: text("file_name"),
  bytes: bigint("bytes", { mode: "number" }),
  /** Why it failed; null for a backup that worked or is still being made. */
  error: text("error"),
});
