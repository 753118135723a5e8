import { type SQL, sql } from "drizzle-orm";
import { column, type Viewer } from "./viewer";

// Video notes: whose they are.

/**
 * A member's notes (and the highlights among them) are hers alone: no one else, the administrators
 * included, reads them, and anyone else is told a note does not exist (404).
 */
export function canSeeNote(viewer: Viewer, note: { userId: number }): boolean {
  return note.userId === viewer.id;
}

/** SQL of `canSeeNote`: a condition on the row `table` (with `user_id`). */
export const noteVisibleTo = (viewer: { id: number | SQL }, table = "video_notes"): SQL =>
  sql`(${column(table, "user_id")} = ${viewer.id})`;
