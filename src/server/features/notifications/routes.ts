import type { FastifyInstance } from "fastify";
import { notificationsEndpoints as api } from "../../../core/notifications/endpoints";
import { serve } from "../../http/endpoint-routes";
import { inLocale, localeOfRequest } from "../../i18n";
import * as service from "./service";
import { readUnsubscribeToken, unsubscribe } from "./unsubscribe";

/** Her notifications and how she wants to hear of them. */
export default async function notificationRoutes(app: FastifyInstance) {
  const { db } = app;
  // Each notice's sentence is written in her language (as the page that asks is).
  serve(app, api.list, ({ viewer, query, request }) =>
    inLocale(localeOfRequest(request, app.config, viewer.locale), () => service.list(db, viewer, query)),
  );
  serve(app, api.unreadCount, ({ viewer }) => service.unreadCount(db, viewer.id));
  serve(app, api.markRead, ({ viewer, body }) => service.markRead(db, viewer.id, body.ids));
  serve(app, api.preferences, ({ viewer }) => service.preferences(db, viewer.id, app.config.timeZone));
  serve(app, api.updatePreferences, ({ viewer, body }) => service.savePreferences(db, viewer.id, body));

  // Mail apps post the one-click form (RFC 8058) url-encoded; everything it says is in the link.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, _body, done) =>
    done(null, undefined),
  );
  const secret = () => {
    if (!app.config.sessionSecret) throw new Error("SESSION_SECRET is not set");
    return app.config.sessionSecret;
  };
  serve(app, api.unsubscribe, ({ query, viewer }) =>
    unsubscribe(db, readUnsubscribeToken(secret(), query.token), query.mode, viewer),
  );
  serve(app, api.unsubscribePage, ({ query, reply }) =>
    reply.redirect(query.token ? `/unsubscribe?token=${encodeURIComponent(query.token)}` : "/unsubscribe"),
  );
}
