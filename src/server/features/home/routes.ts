import type { FastifyInstance } from "fastify";
import { isoDay } from "../../../core/calendar/civil";
import { homeEndpoints as api } from "../../../core/home/endpoints";
import { TIME_ZONE_COOKIE } from "../../../core/member-pages";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

/** What her answer is made of beside her rows: the shared teasers and her day on the calendar. */
interface HomeInputs {
  teasers: Awaited<ReturnType<typeof service.sharedTeasers>>;
  today: service.HomeDay;
}

export default async function homeRoutes(app: FastifyInstance) {
  const { db } = app;
  serve<typeof api.home, HomeInputs>(
    app,
    api.home,
    ({ viewer, derived }) => service.homePage(db, viewer, derived.teasers.value, derived.today),
    {
      // The shared teasers, read once per request: her answer embeds those very ones, and is kept
      // under their ETag (it changes with the community, the cache's version, or with them). Her day
      // on the calendar, in her zone, keys it too: a new day is a new answer.
      derive: ({ request }): HomeInputs | Promise<HomeInputs> => {
        const today = service.homeDay(request.cookies[TIME_ZONE_COOKIE], app.config.timeZone);
        const teasers = service.sharedTeasers(db);
        // Fresh teasers come at once, without a promise.
        return teasers instanceof Promise
          ? teasers.then((value) => ({ teasers: value, today }))
          : { teasers, today };
      },
      vary: ({ derived }) => `${derived.teasers.etag}|${isoDay(derived.today.day)}|${derived.today.israel}`,
    },
  );
}
