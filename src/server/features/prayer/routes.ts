import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams, messageResponse, pageQuery } from "../../../core/schemas/common";
import {
  answeredBody,
  answeredResult,
  createPrayerBody,
  prayerDefaults,
  prayerListQuery,
  prayerRequest,
  prayerRequestList,
  prayerResponse,
  prayerResponseList,
  prayResult,
  respondBody,
} from "../../../core/schemas/prayer";
import { memberOf } from "../../auth/guards";
import * as service from "./service";

const errors = { 400: messageResponse, 401: messageResponse, 403: messageResponse, 404: messageResponse };

export default async function prayerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    "/prayer-requests",
    { schema: { querystring: prayerListQuery, response: { 200: prayerRequestList, ...errors } } },
    async (request, reply) => {
      const viewer = memberOf(request);
      const { limit, before, answered } = request.query;
      const key = `wall|${viewer.id}|${viewer.isAdmin}|${limit}|${before}|${answered}`;
      return app.memberCache.reply(request, reply, key, () => service.listWall(db, viewer, request.query));
    },
  );

  app.get(
    "/prayer-requests/defaults",
    { schema: { response: { 200: prayerDefaults, ...errors } } },
    async (request) => service.defaults(db, memberOf(request)),
  );

  app.post(
    "/prayer-requests",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { body: createPrayerBody, response: { 201: prayerRequest, ...errors } },
    },
    async (request, reply) => {
      const created = await service.shareRequest(db, memberOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.post(
    "/prayer-requests/:id/pray",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { params: idParams, response: { 200: prayResult, ...errors } },
    },
    async (request) => service.pray(db, memberOf(request), request.params.id),
  );

  app.get(
    "/prayer-requests/:id/responses",
    {
      schema: { params: idParams, querystring: pageQuery, response: { 200: prayerResponseList, ...errors } },
    },
    async (request) => service.responses(db, memberOf(request), request.params.id, request.query),
  );

  app.post(
    "/prayer-requests/:id/respond",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { params: idParams, body: respondBody, response: { 201: prayerResponse, ...errors } },
    },
    async (request, reply) => {
      const saved = await service.respond(db, memberOf(request), request.params.id, request.body);
      return reply.status(201).send(saved);
    },
  );

  app.post(
    "/prayer-requests/:id/answered",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { params: idParams, body: answeredBody, response: { 200: answeredResult, ...errors } },
    },
    async (request) => service.markAnswered(db, memberOf(request), request.params.id, request.body),
  );
}
