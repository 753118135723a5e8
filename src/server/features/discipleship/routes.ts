import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams, messageResponse } from "../../../core/schemas/common";
import {
  connectionsQuery,
  createConnectionBody,
  createConnectionResult,
  discipleshipConnection,
  discipleshipConnectionList,
} from "../../../core/schemas/discipleship";
import { memberOf } from "../../auth/guards";
import * as service from "./service";

const errors = {
  400: messageResponse,
  401: messageResponse,
  403: messageResponse,
  404: messageResponse,
  409: messageResponse,
};

export default async function discipleshipRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    "/discipleship/connections",
    { schema: { querystring: connectionsQuery, response: { 200: discipleshipConnectionList, ...errors } } },
    async (request) => service.list(db, memberOf(request), request.query),
  );

  app.post(
    "/discipleship/connections",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { body: createConnectionBody, response: { 201: createConnectionResult, ...errors } },
    },
    async (request, reply) => {
      const result = await service.submit(db, memberOf(request), request.body);
      return reply.status(201).send(result);
    },
  );

  const transitions = { accept: service.accept, decline: service.decline, complete: service.complete };
  for (const [action, run] of Object.entries(transitions)) {
    app.post(
      `/discipleship/connections/:id/${action}`,
      { schema: { params: idParams, response: { 200: discipleshipConnection, ...errors } } },
      async (request) => run(db, memberOf(request), request.params.id),
    );
  }

  app.post(
    "/discipleship/entries/:id/withdraw",
    { schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.withdraw(db, memberOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
