import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminVideoBody,
  adminVideoItem,
  adminVideoListQuery,
  adminVideoPatch,
  videoParams,
} from "../../../core/schemas/videos";
import { memberOf } from "../../auth/guards";
import { invalidateSharedCaches } from "../../http/shared-cache";
import * as service from "./service";

/** The admin dashboard's Videos tab: list, add, edit and delete. */
export default async function adminVideoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    "/admin/videos",
    {
      schema: { querystring: adminVideoListQuery, response: { 200: z.array(adminVideoItem) } },
    },
    async (request) => service.adminVideos(db, request.query),
  );

  app.post(
    "/admin/videos",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { body: adminVideoBody, response: { 201: adminVideoItem } },
    },
    async (request, reply) => {
      const created = await service.createVideo(db, memberOf(request).id, request.body);
      invalidateSharedCaches(db);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    "/admin/videos/:id",
    {
      schema: { params: videoParams, body: adminVideoPatch, response: { 200: adminVideoItem } },
    },
    async (request) => {
      const edited = await service.editVideo(db, request.params.id, request.body);
      invalidateSharedCaches(db);
      return edited;
    },
  );

  app.delete("/admin/videos/:id", { schema: { params: videoParams } }, async (request, reply) => {
    await service.removeVideo(db, request.params.id);
    invalidateSharedCaches(db);
    return reply.status(204).send();
  });
}
