import type { FastifyInstance, FastifyRequest } from "fastify";
import { liveEndpoints as api } from "../../core/live/endpoints";
import { serve } from "../http/endpoint-routes";
import { LiveHub } from "./hub";

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's live streams. */
    live: LiveHub;
  }
}

/** The id she had last: the header EventSource sends when it reconnects, else the query's. */
function lastEventIdOf(request: FastifyRequest, fromQuery: number | undefined) {
  const header = request.headers["last-event-id"];
  const value = Number(typeof header === "string" && header.trim() !== "" ? header : Number.NaN);
  return Number.isSafeInteger(value) && value >= 0 ? value : fromQuery;
}

/**
 * The instance's live hub, made at the root so that `app.live` is everyone's; its streams end
 * before the server stops accepting, or open streams would keep it from closing.
 */
export function registerLive(app: FastifyInstance) {
  const hub = new LiveHub(app.db, app.listener, app.config.liveHeartbeatMs, (err) =>
    app.log.warn({ err }, "live events"),
  );
  app.decorate("live", hub);
  app.addHook("preClose", (done) => {
    hub.close();
    done();
  });
}

/** `GET /api/live`: her stream of server-sent events (decision 057). */
export default async function liveRoutes(app: FastifyInstance) {
  const hub = app.live;
  serve(app, api.stream, async ({ viewer, query, request, reply }) => {
    await hub.open(viewer, query.watch, lastEventIdOf(request, query.lastEventId), reply.raw, () => {
      // From here the stream is written by the hub, with the headers set so far (security, request id).
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
    });
    return reply;
  });
}
