import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messageResponse } from "../../../core/schemas/common";
import {
  deleteAccountBody,
  memberSettings,
  PROFILE_MESSAGES,
  profileExport,
  profileResponse,
  updateProfileBody,
  updateSettingsBody,
} from "../../../core/schemas/profile";
import { memberOf, requireUser } from "../../auth/guards";
import { clearSessionCookies } from "../../auth/sessions";
import * as service from "./service";

const errors = { 400: messageResponse, 401: messageResponse };

/** The member's own profile, settings, data download and account deletion. */
export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    "/profile",
    { preHandler: requireUser, schema: { response: { 200: profileResponse, 401: messageResponse } } },
    async (request) => service.getProfile(db, memberOf(request).id),
  );

  app.patch(
    "/profile",
    {
      preHandler: requireUser,
      config: { rateLimit: app.rateLimits.write },
      schema: {
        body: updateProfileBody,
        response: { 200: profileResponse, 409: messageResponse, ...errors },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const updated = await service.updateProfile(db, member.id, request.body);
      // This instance answers her next "who am I?" itself: no waiting for the database's notice.
      app.sessionCache.forgetUser(member.id);
      return updated;
    },
  );

  app.patch(
    "/profile/settings",
    {
      preHandler: requireUser,
      config: { rateLimit: app.rateLimits.write },
      schema: { body: updateSettingsBody, response: { 200: memberSettings, ...errors } },
    },
    async (request) => service.updateSettings(db, memberOf(request).id, request.body),
  );

  app.get(
    "/profile/export",
    { preHandler: requireUser, schema: { response: { 200: profileExport, 401: messageResponse } } },
    async (request, reply) => {
      const data = await service.exportData(db, memberOf(request).id);
      const day = data.exportedAt.toISOString().slice(0, 10);
      reply
        .header(
          "content-disposition",
          `attachment; filename="${app.config.siteName.replace(/[^\w-]+/g, "-").toLowerCase()}-my-data-${day}.json"`,
        )
        .header("cache-control", "no-store");
      return data;
    },
  );

  app.delete(
    "/profile",
    {
      preHandler: requireUser,
      schema: {
        body: deleteAccountBody,
        response: { 200: messageResponse, 503: messageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteAccount(app, request.log, memberOf(request).id);
      clearSessionCookies(reply);
      return { message: PROFILE_MESSAGES.deleted };
    },
  );
}
