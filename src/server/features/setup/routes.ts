import type { FastifyInstance } from "fastify";
import { setupEndpoints as api } from "../../../core/setup/endpoints";
import { endSession, startSession } from "../../auth/sessions";
import { serve } from "../../http/endpoint-routes";
import { checkSetupLink, setUpMinistry } from "./service";

export default async function setupRoutes(app: FastifyInstance) {
  const { config, db } = app;

  serve(app, api.check, ({ body }) => checkSetupLink(db, config, body.token));

  serve(app, api.setUp, async ({ viewer, body, reply }) => {
    const owner = await setUpMinistry(db, config, body);
    // Signed in as she is when she registers: a fresh session, any earlier one in this browser ended.
    if (viewer) await endSession(db, viewer.sessionId, app.sessionCache);
    await startSession(db, config, reply, owner.id);
    return {
      id: owner.id,
      firstName: owner.firstName,
      lastName: owner.lastName,
      email: owner.email,
      profileImageUrl: owner.profileImageUrl,
      membershipTier: owner.membershipTier,
      createdAt: owner.createdAt,
      isAdmin: true,
      isIntercessor: owner.isIntercessor,
      locale: owner.locale,
      emailVerified: false,
      hasPassword: true,
    };
  });
}
