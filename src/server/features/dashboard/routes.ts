import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messageResponse } from "../../../core/schemas/common";
import { dashboard } from "../../../core/schemas/dashboard";
import { memberOf } from "../../auth/guards";
import * as service from "./service";

export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    "/dashboard",
    { schema: { response: { 200: dashboard, 401: messageResponse } } },
    async (request, reply) => {
      const viewer = memberOf(request);
      // Her answer changes with the community (the cache's version) or the shared teasers (their ETag).
      const teasers = await service.sharedTeasers(db);
      const key = `home|${viewer.id}|${viewer.isAdmin}|${viewer.membershipTier}|${teasers.etag}`;
      return app.memberCache.reply(request, reply, key, () => service.dashboard(db, viewer, teasers.value));
    },
  );
}
