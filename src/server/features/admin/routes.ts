import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type AdminGroupType,
  adminGroup,
  adminGroupsQuery,
  adminUser,
  adminUsersQuery,
  analyticsResponse,
} from "../../../core/schemas/admin";
import { messageResponse } from "../../../core/schemas/common";
import * as q from "./queries";

const round1 = (n: number) => Math.round(n * 10) / 10;

const denied = { 401: messageResponse, 403: messageResponse };

/** The admin dashboard's read models: overview figures, members and groups. */
export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  // Before validation, so a non-admin learns nothing from a malformed query either.

  app.get(
    "/admin/analytics",
    { schema: { response: { 200: analyticsResponse, ...denied } } },
    async (_request, reply) => {
      const [figures, recentActivity] = await Promise.all([q.analyticsFigures(db), q.recentActivity(db)]);
      const { revenueThisMonthCents: current, revenueLastMonthCents: previous, ...counts } = figures;
      reply.header("cache-control", "no-store");
      return {
        ...counts,
        recentActivity,
        monthlyRevenue: current / 100,
        revenueGrowth: previous > 0 ? round1(((current - previous) / previous) * 100) : current > 0 ? 100 : 0,
        conversionRate: counts.totalUsers > 0 ? round1((counts.premiumMembers / counts.totalUsers) * 100) : 0,
      };
    },
  );

  app.get(
    "/admin/users",
    { schema: { querystring: adminUsersQuery, response: { 200: z.array(adminUser), ...denied } } },
    async (request) => q.listUsers(db, request.query),
  );

  app.get(
    "/admin/groups",
    { schema: { querystring: adminGroupsQuery, response: { 200: z.array(adminGroup), ...denied } } },
    async (request) => {
      const { limit, cursor } = request.query;
      const [type, id] = cursor ? cursor.split("-") : [];
      return q.listGroups(db, {
        limit,
        cursor: type && id ? { type: type as AdminGroupType, id: Number(id) } : undefined,
      });
    },
  );
}
