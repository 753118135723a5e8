import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams, pageQuery } from "../../../core/schemas/common";
import {
  createCultivationGroupBody,
  cultivationGroupDetail,
  cultivationGroupSummary,
  cultivationGroupsQuery,
  groupMember,
  groupMemberParams,
  groupRequestParams,
  joinCultivationGroupBody,
  joinRequest,
  joinRequestDecision,
  joinResult,
  leaveResult,
  myGroupMembership,
  setMemberRoleBody,
} from "../../../core/schemas/groups";
import { memberOf } from "../../auth/guards";
import * as service from "./service";

/** Cultivation groups: discover, create, join with approvals, and each group's page. */
export default async function groupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    "/cultivation-groups",
    {
      schema: { querystring: cultivationGroupsQuery, response: { 200: z.array(cultivationGroupSummary) } },
    },
    (request) => service.listGroups(db, memberOf(request), request.query),
  );

  app.get(
    "/my-groups",
    {
      schema: { querystring: pageQuery, response: { 200: z.array(myGroupMembership) } },
    },
    (request) => service.myGroups(db, memberOf(request), request.query),
  );

  app.post(
    "/cultivation-groups",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { body: createCultivationGroupBody, response: { 201: cultivationGroupDetail } },
    },
    async (request, reply) => {
      const group = await service.createGroup(db, memberOf(request), request.body);
      return reply.status(201).send(group);
    },
  );

  app.get(
    "/cultivation-groups/:id",
    { schema: { params: idParams, response: { 200: cultivationGroupDetail } } },
    (request) => service.getGroup(db, memberOf(request), request.params.id),
  );

  app.post(
    "/cultivation-groups/:id/join",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { params: idParams, body: joinCultivationGroupBody, response: { 200: joinResult } },
    },
    (request) => service.joinGroup(db, memberOf(request), request.params.id, request.body.requestMessage),
  );

  app.post(
    "/cultivation-groups/:id/leave",
    { schema: { params: idParams, response: { 200: leaveResult } } },
    (request) => service.leaveGroup(db, memberOf(request), request.params.id),
  );

  app.get(
    "/cultivation-groups/:id/requests",
    {
      schema: { params: idParams, querystring: pageQuery, response: { 200: z.array(joinRequest) } },
    },
    (request) => service.listRequests(db, memberOf(request), request.params.id, request.query),
  );

  for (const [action, decision] of [
    ["approve", "approved"],
    ["decline", "declined"],
  ] as const) {
    app.post(
      `/cultivation-groups/:id/requests/:requestId/${action}`,
      {
        schema: { params: groupRequestParams, response: { 200: joinRequestDecision } },
      },
      (request) =>
        service.decideRequest(db, memberOf(request), request.params.id, request.params.requestId, decision),
    );
  }

  app.patch(
    "/cultivation-groups/:id/members/:userId",
    {
      schema: { params: groupMemberParams, body: setMemberRoleBody, response: { 200: groupMember } },
    },
    (request) =>
      service.setMemberRole(
        db,
        memberOf(request),
        request.params.id,
        request.params.userId,
        request.body.role,
      ),
  );
}
