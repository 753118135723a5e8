import type { FastifyInstance, FastifyRequest } from "fastify";
import { dashboardEndpoints as api } from "../../../core/endpoints/dashboard";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

type Teasers = Awaited<ReturnType<typeof service.sharedTeasers>>;

export default async function dashboardRoutes(app: FastifyInstance) {
  const { db } = app;
  /** The teasers read for a request's cache key, so that her answer embeds those very ones. */
  const teasersOf = new WeakMap<FastifyRequest, Teasers>();

  serve(
    app,
    api.home,
    ({ viewer, request }) => {
      const teasers = teasersOf.get(request);
      if (!teasers) throw new Error("The dashboard's teasers are read for its cache key first");
      return service.dashboard(db, viewer, teasers.value);
    },
    {
      // Her answer changes with the community (the cache's version) or the shared teasers (their ETag).
      vary: ({ request }) => {
        const keep = (teasers: Teasers) => {
          teasersOf.set(request, teasers);
          return teasers.etag;
        };
        const teasers = service.sharedTeasers(db);
        return teasers instanceof Promise ? teasers.then(keep) : keep(teasers);
      },
    },
  );
}
