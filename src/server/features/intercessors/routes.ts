import type { FastifyInstance } from "fastify";
import { intercessorsEndpoints as api } from "../../../core/intercessors/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

/** The prayer support network: the patrons' prayer list and the intercessors' weekly marks. */
export default async function intercessorRoutes(app: FastifyInstance) {
  const { db } = app;
  serve(app, api.prayerList, ({ viewer, query }) => service.prayerList(db, viewer, query));
  serve(app, api.prayed, ({ viewer, params }) => service.markPrayed(db, viewer, params.requestId));
}
