import type { AdminGroupType } from "../../../core/admin/schemas";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import * as q from "./queries";

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The overview's figures: counts, this month's revenue by source, its growth and the conversion rate. */
export async function analytics(db: Db) {
  const [figures, recentActivity] = await Promise.all([q.analyticsFigures(db), q.recentActivity(db)]);
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

export const users = (db: Db, page: { limit: number; before?: number }) => q.listUsers(db, page);

/** Gives or takes away the intercessor's role; 404 when there is no such member. */
export async function setIntercessor(db: Db, id: number, isIntercessor: boolean) {
  const row = await q.setIntercessor(db, id, isIntercessor);
  if (!row) throw notFound("Member not found");
  return row;
}

/** Both kinds of group, newest first; the cursor names the last one shown ("cultivation-12"). */
export function groups(db: Db, { limit, cursor }: { limit: number; cursor?: string }) {
  const [type, id] = cursor ? cursor.split("-") : [];
  return q.listGroups(db, {
    limit,
    cursor: type && id ? { type: type as AdminGroupType, id: Number(id) } : undefined,
  });
}
