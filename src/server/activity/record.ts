import type { Db, Tx } from "../db/client";
import { activityLog } from "../db/schema";

export type ActivityKind =
  | "member_joined"
  | "video_added"
  | "group_created"
  | "prayer_shared"
  | "patron_started"
  | "donation_received"
  | "course_added"
  | "course_purchased"
  | "articles_synced";

/** Appends to the activity log shown on the admin overview. Call it inside the write's transaction. */
export async function recordActivity(
  db: Db | Tx,
  kind: ActivityKind,
  description: string,
  userId?: number | null,
): Promise<void> {
  await db.insert(activityLog).values({ kind, description, userId: userId ?? null });
}

/** How an activity line names a member: her full name, or "A member" when she gave none (or is gone). */
export const activityName = (member: { firstName: string | null; lastName: string | null } | null) =>
  (member && [member.firstName, member.lastName].filter(Boolean).join(" ")) || "A member";
