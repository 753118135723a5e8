import type { AdminGroupType } from "../../../core/admin/schemas";
import { activityLine } from "../../activity/words";
import type { Viewer } from "../../auth/policies";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import { recordModeration } from "../moderation";
import * as q from "./queries";

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The overview's figures: counts, this month's revenue by source, its growth and the conversion rate,
 * and the recent activity written in the language of the request.
 */
export async function analytics(db: Db) {
  const [figures, activity] = await Promise.all([q.analyticsFigures(db), q.recentActivity(db)]);
  const recentActivity = activity.map(({ kind, params, timestamp }) => {
    const parts = activityLine(kind, params);
    return { description: parts.map((p) => p.text).join(""), parts, timestamp };
  });
  const {
    revenueThisMonthCents: current,
    revenueLastMonthCents: previous,
    revenueByKindCents: byKind,
    ...counts
  } = figures;
  const dollarsOf = (kind: keyof typeof byKind) => Number(byKind[kind] ?? 0) / 100;
  return {
    ...counts,
    recentActivity,
    monthlyRevenue: current / 100,
    revenueBySource: {
      subscriptions: dollarsOf("subscription"),
      donations: dollarsOf("donation"),
      monthlyGifts: dollarsOf("recurring_gift"),
      courses: dollarsOf("course"),
    },
    revenueGrowth: previous > 0 ? round1(((current - previous) / previous) * 100) : current > 0 ? 100 : 0,
    conversionRate: counts.totalUsers > 0 ? round1((counts.premiumMembers / counts.totalUsers) * 100) : 0,
  };
}

export const users = (db: Db, config: AppConfig, page: { limit: number; before?: number }) =>
  q.listUsers(db, config, page);

/**
 * Gives or takes away the intercessor's role (she then sees, or no longer sees, the patrons' private
 * requests), recorded in the moderation log with who changed it; 404 when there is no such member.
 * Asking for what is already so changes and records nothing.
 */
export async function setIntercessor(
  db: Db,
  config: AppConfig,
  viewer: Viewer,
  id: number,
  isIntercessor: boolean,
) {
  return db.transaction(async (tx) => {
    const before = await q.intercessorOf(tx, id);
    if (before === undefined) throw notFound("Member not found");
    const row = await q.setIntercessor(tx, config, id, isIntercessor);
    if (before !== isIntercessor) {
      await recordModeration(tx, {
        actorId: viewer.id,
        action: isIntercessor ? "intercessor_added" : "intercessor_removed",
        memberId: id,
      });
    }
    return row;
  });
}

/** Both kinds of group, newest first; the cursor names the last one shown ("cultivation-12"). */
export function groups(db: Db, { limit, cursor }: { limit: number; cursor?: string }) {
  const [type, id] = cursor ? cursor.split("-") : [];
  return q.listGroups(db, {
    limit,
    cursor: type && id ? { type: type as AdminGroupType, id: Number(id) } : undefined,
  });
}
