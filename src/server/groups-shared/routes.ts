import type { FastifyInstance } from "fastify";
import type { PageQuery } from "../../core/common-schemas";
import type { Result } from "../../core/contract";
import type { groupsEndpoints } from "../../core/groups/endpoints";
import type { localGroupsEndpoints } from "../../core/local-groups/endpoints";
import type { SessionUser } from "../auth/sessions";
import type { Db } from "../db/client";
import { serve } from "../http/endpoint-routes";

type Decision = "approved" | "declined";
type Endpoints = Pick<
  typeof groupsEndpoints | typeof localGroupsEndpoints,
  "requests" | "approveRequest" | "declineRequest"
>;

/** A group's queue of requests to join, as its leaders see and decide it. */
interface JoinRequestService {
  listRequests(
    db: Db,
    viewer: SessionUser,
    groupId: number,
    page: PageQuery,
  ): Promise<Result<Endpoints["requests"]>>;
  decideRequest(
    db: Db,
    viewer: SessionUser,
    groupId: number,
    requestId: number,
    decision: Decision,
  ): Promise<Result<Endpoints["approveRequest"]>>;
}

/**
 * The routes of a group's join requests, alike for cultivation groups and local groups. The
 * endpoint's leader policy decides who is refused; the service checks again in its transaction.
 */
export function serveJoinRequests(app: FastifyInstance, api: Endpoints, service: JoinRequestService) {
  const { db } = app;
  serve(app, api.requests, ({ viewer, params, query }) => service.listRequests(db, viewer, params.id, query));
  for (const [e, decision] of [
    [api.approveRequest, "approved"],
    [api.declineRequest, "declined"],
  ] as const) {
    serve(app, e, ({ viewer, params }) =>
      service.decideRequest(db, viewer, params.id, params.requestId, decision),
    );
  }
}
