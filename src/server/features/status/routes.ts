import type { FastifyInstance } from "fastify";
import { statusEndpoints as api } from "../../../core/status/endpoints";
import { serve } from "../../http/endpoint-routes";
import { inLocale, localeOfRequest } from "../../i18n";
import * as service from "./service";

/** The dashboard's Status, for the administrators: each part as it is set up and last went, and a test mail. */
export default async function statusRoutes(app: FastifyInstance) {
  serve(app, api.status, async ({ reply }) => {
    reply.header("cache-control", "no-store");
    return service.systemStatus(app);
  });
  // What the mail server's answer came to is said in the language of her page.
  serve(app, api.testMail, ({ viewer, request }) =>
    inLocale(localeOfRequest(request, app.config, viewer.locale), () =>
      service.sendTestMail(app, viewer, request.log),
    ),
  );
}
