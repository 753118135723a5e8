import type { FastifyInstance } from "fastify";
import { discipleshipEndpoints as api } from "../../../core/discipleship/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

export default async function discipleshipRoutes(app: FastifyInstance) {
  const { db } = app;
  serve(app, api.connections, ({ viewer, query }) => service.list(db, viewer, query));
  serve(app, api.submit, ({ viewer, body }) => service.submit(db, viewer, body));
  serve(app, api.accept, ({ viewer, params }) => service.accept(db, viewer, params.id));
  serve(app, api.decline, ({ viewer, params }) => service.decline(db, viewer, params.id));
  serve(app, api.complete, ({ viewer, params }) => service.complete(db, viewer, params.id));
  serve(app, api.withdraw, async ({ viewer, params }) => {
    await service.withdraw(db, viewer, params.id);
  });
}
