import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messageResponse } from "../../../core/schemas/common";
import { dashboard } from "../../../core/schemas/dashboard";
import { memberOf, requireUser } from "../../auth/guards";
import * as service from "./service";

export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    "/dashboard",
    { preHandler: requireUser, schema: { response: { 200: dashboard, 401: messageResponse } } },
    async (request) => service.dashboard(db, memberOf(request), app.memberCache),
  );
}
