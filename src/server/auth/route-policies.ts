import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { EndpointSpec } from "../../core/contract";
import { idSchema } from "../../core/schemas/common";
import { GROUP_MESSAGES } from "../../core/schemas/groups";
import { cultivationGroupMembers, cultivationGroups } from "../db/schema";
import { forbidden, notFound } from "../http/errors";

export type RoutePolicy = NonNullable<EndpointSpec["policy"]>;

/**
 * Rules about her place in what a route's path names, checked after the caller's and before the
 * body is read. They read the raw path parameter: one that is not an id names nothing (404). The
 * service checks again inside its transaction; this check decides what a refused caller hears.
 */
export const routePolicies: Record<RoutePolicy, (request: FastifyRequest) => Promise<void>> = {
  /** `/cultivation-groups/:id/…`: the group's administrators; others 403, or 404 where it is hidden. */
  async groupAdmin(request) {
    const id = idSchema.safeParse((request.params as { id?: string }).id);
    if (!id.success) throw notFound(GROUP_MESSAGES.notFound);
    const g = cultivationGroups;
    const m = cultivationGroupMembers;
    const [row] = await request.server.db
      .select({ isActive: g.isActive, role: m.role })
      .from(g)
      .leftJoin(m, and(eq(m.groupId, g.id), eq(m.userId, request.user!.id)))
      .where(eq(g.id, id.data))
      .limit(1);
    if (!row || (!row.isActive && row.role === null)) throw notFound(GROUP_MESSAGES.notFound);
    if (row.role !== "admin") throw forbidden(GROUP_MESSAGES.adminsOnly);
  },
};
