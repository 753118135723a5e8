import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { emailConfirmedResult, tokenBody } from "../../../core/schemas/auth";
import { messageResponse } from "../../../core/schemas/common";
import {
  changePasswordBody,
  deleteAccountBody,
  memberSettings,
  PROFILE_MESSAGES,
  profileExport,
  profileResponse,
  signedOutOthersResult,
  updateProfileBody,
  updateSettingsBody,
} from "../../../core/schemas/profile";
import { memberOf } from "../../auth/guards";
import { cancelEmailChange, changePassword, confirmEmailChange } from "../../auth/identity";
import { clearSessionCookies, endOtherSessions } from "../../auth/sessions";
import * as service from "./service";

const errors = { 400: messageResponse, 401: messageResponse, 429: messageResponse };

/** The member's own profile, settings, data download and account deletion. */
export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    "/profile",
    { schema: { response: { 200: profileResponse, 401: messageResponse } } },
    async (request) => service.getProfile(db, memberOf(request).id),
  );

  app.patch(
    "/profile",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: {
        body: updateProfileBody,
        response: { 200: profileResponse, 409: messageResponse, ...errors },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const updated = await service.updateProfile(db, app.config, member, request.body);
      // This instance answers her next "who am I?" itself: no waiting for the database's notice.
      app.sessionCache.forgetUser(member.id);
      return updated;
    },
  );

  app.delete(
    "/profile/email/pending",
    { schema: { response: { 200: profileResponse, ...errors } } },
    async (request) => {
      const member = memberOf(request);
      await cancelEmailChange(db, member.id);
      return service.getProfile(db, member.id);
    },
  );

  app.post(
    "/profile/email/confirm",
    {
      // The link mailed to the new address is the proof; she may open it where she is not signed in.
      config: { access: "public", rateLimit: app.rateLimits.auth },
      schema: { body: tokenBody, response: { 200: emailConfirmedResult, 409: messageResponse, ...errors } },
    },
    async (request) => confirmEmailChange(db, app.sessionCache, request.body.token),
  );

  app.post(
    "/profile/password",
    {
      config: { rateLimit: app.rateLimits.auth },
      schema: { body: changePasswordBody, response: { 200: messageResponse, ...errors } },
    },
    async (request) =>
      changePassword(
        db,
        app.config,
        app.sessionCache,
        memberOf(request),
        request.body.currentPassword,
        request.body.newPassword,
      ),
  );

  app.post(
    "/profile/sign-out-others",
    { schema: { response: { 200: signedOutOthersResult, ...errors } } },
    async (request) => {
      const member = memberOf(request);
      const ended = await endOtherSessions(db, member.id, member.sessionId, app.sessionCache);
      return { message: PROFILE_MESSAGES.signedOutOthers(ended), ended };
    },
  );

  app.patch(
    "/profile/settings",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { body: updateSettingsBody, response: { 200: memberSettings, ...errors } },
    },
    async (request) => service.updateSettings(db, memberOf(request).id, request.body),
  );

  app.get(
    "/profile/export",
    { schema: { response: { 200: profileExport, 401: messageResponse } } },
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
