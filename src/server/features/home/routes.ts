import type { FastifyInstance } from "fastify";
import { homeEndpoints as api } from "../../../core/home/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

export default async function homeRoutes(app: FastifyInstance) {
  const { db } = app;
  serve(app, api.home, ({ viewer, derived }) => service.homePage(db, viewer, derived.value), {
    // The shared teasers, read once per request: her answer embeds those very ones, and is kept
    // under their ETag (it changes with the community, the cache's version, or with them).
    derive: () => service.sharedTeasers(db),
    vary: ({ derived }) => derived.etag,
  });
}
