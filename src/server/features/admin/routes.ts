import type { FastifyInstance } from "fastify";
import { adminEndpoints as api } from "../../../core/endpoints/admin";
import type { AdminGroupType } from "../../../core/schemas/admin";
import { serve } from "../../http/endpoint-routes";
import { notFound } from "../../http/errors";
import * as q from "./queries";

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The admin dashboard's read models: overview figures, members and groups. */
export default async function adminRoutes(app: FastifyInstance) {
  const { db } = app;

  serve(app, api.analytics, async ({ reply }) => {
    const [figures, recentActivity] = await Promise.all([q.analyticsFigures(db), q.recentActivity(db)]);
    const {
      revenueThisMonthCents: current,
      revenueLastMonthCents: previous,
      revenueByKindCents: byKind,
      ...counts
    } = figures;
    const dollarsOf = (kind: keyof typeof byKind) => Number(byKind[kind] ?? 0) / 100;
    reply.header("cache-control", "no-store");
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
  });

  serve(app, api.users, ({ query }) => q.listUsers(db, query));

  serve(app, api.updateUser, async ({ params, body }) => {
    const row = await q.setIntercessor(db, params.id, body.isIntercessor);
    if (!row) throw notFound("Member not found");
    return row;
  });

  serve(app, api.groups, ({ query }) => {
    const { limit, cursor } = query;
    const [type, id] = cursor ? cursor.split("-") : [];
    return q.listGroups(db, {
      limit,
      cursor: type && id ? { type: type as AdminGroupType, id: Number(id) } : undefined,
    });
  });
}
