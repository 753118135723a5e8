import type { FastifyInstance } from "fastify";
import { settingsEndpoints as api } from "../../../core/settings/endpoints";
import { serve } from "../../http/endpoint-routes";
import { inLocale, localeOfRequest } from "../../i18n";
import * as service from "./service";

/** The dashboard's Settings tab (decision 063). */
export default async function settingsRoutes(app: FastifyInstance) {
  const { db, config } = app;

  serve(app, api.get, async ({ reply }) => {
    reply.header("cache-control", "no-store");
    return service.currentSettings(db, config);
  });

  serve(app, api.update, async ({ viewer, body, request, reply }) => {
    // A refusal that names a setting is said in the language of her page.
    const changed = await inLocale(localeOfRequest(request, config, viewer.locale), () =>
      db.transaction((tx) => service.saveSettings(tx, config, viewer.id, body)),
    );
    // This instance applies the change before answering; the others hear of it with the commit.
    if (changed.length) await app.reloadSettings();
    reply.header("cache-control", "no-store");
    return service.currentSettings(db, config);
  });
}
