import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { idSchema } from "../../core/common-schemas";
import type { EndpointSpec } from "../../core/contract";
import { GROUP_MESSAGES } from "../../core/groups/schemas";
import { INTERCESSOR_MESSAGES } from "../../core/intercessors/schemas";
import { LOCAL_GROUP_MESSAGES } from "../../core/local-groups/schemas";
import { cultivationGroupMembers, cultivationGroups, localGroupMembers, localGroups } from "../db/schema";
import { forbidden, notFound } from "../http/errors";
import { mayEditGroup } from "./policies";

export type RoutePolicy = NonNullable<EndpointSpec["policy"]>;

/**
 * Rules about her place in what a route's path names, checked after the caller's and before the
 * body is read. They read the raw path parameter: one that is not an id names nothing (404). The
 * service checks again inside its transaction; this check decides what a refused caller hears.
 */
/**
 * The group the path's `:id` names, for the caller: whether it is active and her role in it (null
 * when she is not a member). 404 with `notFoundMessage` when there is none or it is hidden from her.
 */
async function callerInGroup(
  request: FastifyRequest,
  tables: {
    g: typeof cultivationGroups | typeof localGroups;
    m: typeof cultivationGroupMembers | typeof localGroupMembers;
  },
  notFoundMessage: string,
) {
  const id = idSchema.safeParse((request.params as { id?: string }).id);
  if (!id.success) throw notFound(notFoundMessage);
  const { g, m } = tables;
  const [row] = await request.server.db
    .select({ isActive: g.isActive, role: m.role })
    .from(g)
    .leftJoin(m, and(eq(m.groupId, g.id), eq(m.userId, request.user!.id)))
    .where(eq(g.id, id.data))
    .limit(1);
  if (!row || (!row.isActive && row.role === null)) throw notFound(notFoundMessage);
  return row;
}

export const routePolicies: Record<RoutePolicy, (request: FastifyRequest) => Promise<void>> = {
  /** `/cultivation-groups/:id/…`: the group's administrators; others 403, or 404 where it is hidden. */
  async groupAdmin(request) {
    const row = await callerInGroup(
      request,
      { g: cultivationGroups, m: cultivationGroupMembers },
      GROUP_MESSAGES.notFound,
    );
    if (!mayEditGroup("cultivation", row)) throw forbidden(GROUP_MESSAGES.adminsOnly);
  },

  /** `/local-groups/:id/…`: the group's leader; others 403, or 404 where it is closed to them. */
  async localGroupLeader(request) {
    const row = await callerInGroup(
      request,
      { g: localGroups, m: localGroupMembers },
      LOCAL_GROUP_MESSAGES.notFound,
    );
    if (!mayEditGroup("local", row)) throw forbidden(LOCAL_GROUP_MESSAGES.leadersOnly);
  },

  /** The patrons' prayer list: the intercessors, and the administrators who appoint them. */
  async intercessor(request) {
    const user = request.user!;
    if (!user.isIntercessor && !user.isAdmin) throw forbidden(INTERCESSOR_MESSAGES.intercessorsOnly);
  },
};
