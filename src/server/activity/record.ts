import type { Db, Tx } from "../db/client";
import { jsonbValue } from "../db/json";
import { activityLog } from "../db/schema";
import type { ActivityKind, ActivityParams } from "./kinds";

export type { ActivityEntry, ActivityKind, ActivityParams } from "./kinds";

/**
 * Appends to the activity log shown on the admin overview: its kind and the values its sentence
 * needs (written in the reader's language when read). Call it inside the write's transaction.
 */
export async function recordActivity<K extends ActivityKind>(
  db: Db | Tx,
  kind: K,
  params: ActivityParams<K>,
  userId?: number | null,
): Promise<void> {
  await db.insert(activityLog).values({ kind, params: jsonbValue(params), userId: userId ?? null });
}

/** How an activity line names a member: her full name, or null when she gave none (or is gone). */
export const activityName = (member: { firstName: string | null; lastName: string | null } | null) =>
  (member && [member.firstName?.trim(), member.lastName?.trim()].filter(Boolean).join(" ")) || null;
