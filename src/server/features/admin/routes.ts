import type { FastifyInstance } from "fastify";
import { adminEndpoints as api } from "../../../core/admin/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

/** The admin dashboard's read models: overview figures, members and groups. */
export default async function adminRoutes(app: FastifyInstance) {
  const { db, config } = app;

  serve(app, api.analytics, async ({ reply }) => {
    reply.header("cache-control", "no-store");
    return service.analytics(db);
  });

  serve(app, api.users, ({ query }) => service.users(db, config, query));

  serve(app, api.updateUser, ({ viewer, params, body }) =>
    service.setIntercessor(db, config, viewer, params.id, body.isIntercessor),
  );

  serve(app, api.groups, ({ query }) => service.groups(db, query));
}
