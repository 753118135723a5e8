import type { FastifyInstance } from "fastify";
import { prayerEndpoints as api } from "../../../core/prayer/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

export default async function prayerRoutes(app: FastifyInstance) {
  const { db, config } = app;
  serve(app, api.wall, ({ viewer, query }) => service.listWall(db, viewer, query));
  serve(app, api.defaults, ({ viewer }) => service.defaults(db, viewer));
  serve(app, api.share, ({ viewer, body }) => service.shareRequest(db, config.newMemberLimits, viewer, body));
  serve(app, api.pray, ({ viewer, params }) => service.pray(db, viewer, params.id));
  serve(app, api.responses, ({ viewer, params, query }) => service.responses(db, viewer, params.id, query));
  serve(app, api.respond, ({ viewer, params, body }) =>
    service.respond(db, config.newMemberLimits, viewer, params.id, body),
  );
  serve(app, api.markAnswered, ({ viewer, params, body }) =>
    service.markAnswered(db, viewer, params.id, body),
  );
}
