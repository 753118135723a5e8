import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams, pageQuery } from "../../../core/schemas/common";
import {
  createLocalGroupBody,
  localGroup,
  localGroupsQuery,
  localJoinResult,
  localLeaveResult,
  myLocalGroupMembership,
} from "../../../core/schemas/local-groups";
import { memberOf } from "../../auth/guards";
import * as service from "./service";

/** Local in-person groups: discover by name or area, create, join and leave. */
export default async function localGroupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    "/local-groups",
    {
      schema: { querystring: localGroupsQuery, response: { 200: z.array(localGroup) } },
    },
    (request) => service.listGroups(db, memberOf(request), request.query),
  );

  app.get(
    "/my-local-groups",
    {
      schema: { querystring: pageQuery, response: { 200: z.array(myLocalGroupMembership) } },
    },
    (request) => service.myGroups(db, memberOf(request), request.query),
  );

  app.post(
    "/local-groups",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { body: createLocalGroupBody, response: { 201: localGroup } },
    },
    async (request, reply) => {
      const group = await service.createGroup(db, memberOf(request), request.body);
      return reply.status(201).send(group);
    },
  );

  app.post(
    "/local-groups/:id/join",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { params: idParams, response: { 200: localJoinResult } },
    },
    (request) => service.joinGroup(db, memberOf(request), request.params.id),
  );

  app.post(
    "/local-groups/:id/leave",
    { schema: { params: idParams, response: { 200: localLeaveResult } } },
    (request) => service.leaveGroup(db, memberOf(request), request.params.id),
  );
}
