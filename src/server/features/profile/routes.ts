import type { FastifyInstance } from "fastify";
import { LANGUAGE_COOKIE } from "../../../core/i18n";
import { profileEndpoints as api } from "../../../core/profile/endpoints";
import { PROFILE_MESSAGES } from "../../../core/profile/schemas";
import { cancelEmailChange, changePassword, confirmEmailChange } from "../../auth/identity";
import { clearSessionCookies, endOtherSessions } from "../../auth/sessions";
import { serve } from "../../http/endpoint-routes";
import { languageCookieOptions } from "../../i18n";
import * as service from "./service";

/** The member's own profile, settings, data download and account deletion. */
export default async function profileRoutes(app: FastifyInstance) {
  const { db } = app;

  serve(app, api.get, ({ viewer }) => service.getProfile(db, viewer.id));

  serve(app, api.update, async ({ viewer, body }) => {
    const updated = await service.updateProfile(db, app.config, viewer, body);
    // This instance answers her next "who am I?" itself: no waiting for the database's notice.
    app.sessionCache.forgetUser(viewer.id);
    return updated;
  });

  serve(app, api.cancelEmailChange, async ({ viewer }) => {
    await cancelEmailChange(db, viewer.id);
    return service.getProfile(db, viewer.id);
  });

  serve(app, api.confirmEmailChange, ({ body }) => confirmEmailChange(db, app.sessionCache, body.token));

  serve(app, api.changePassword, ({ viewer, body }) =>
    changePassword(db, app.config, app.sessionCache, viewer, body.currentPassword, body.newPassword),
  );

  serve(app, api.signOutOthers, async ({ viewer }) => {
    const ended = await endOtherSessions(db, viewer.id, viewer.sessionId, app.sessionCache);
    return { message: PROFILE_MESSAGES.signedOutOthers(ended), ended };
  });

  serve(app, api.setLanguage, async ({ viewer, body, reply }) => {
    await service.setLanguage(db, viewer.id, body.locale);
    app.sessionCache.forgetUser(viewer.id);
    // Her pages before she signs in again (and a visitor's on this browser) follow her choice too.
    reply.setCookie(LANGUAGE_COOKIE, body.locale, languageCookieOptions(app.config));
  });

  serve(app, api.updateSettings, ({ viewer, body }) => service.updateSettings(db, viewer.id, body));

  serve(app, api.export, async ({ viewer, reply }) => {
    const data = await service.exportData(db, viewer.id);
    const day = data.exportedAt.toISOString().slice(0, 10);
    reply
      .header(
        "content-disposition",
        `attachment; filename="${app.config.siteName.replace(/[^\w-]+/g, "-").toLowerCase()}-my-data-${day}.json"`,
      )
      .header("cache-control", "no-store");
    return data;
  });

  serve(app, api.delete, async ({ viewer, request, reply }) => {
    await service.deleteAccount(app, request.log, viewer.id);
    clearSessionCookies(reply);
    return { message: PROFILE_MESSAGES.deleted };
  });
}
