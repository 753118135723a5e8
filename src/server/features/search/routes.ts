import type { FastifyInstance } from "fastify";
import { searchEndpoints as api } from "../../../core/search/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

/** One search across everything she may see, and suggestions as she types (decision 072). */
export default async function searchRoutes(app: FastifyInstance) {
  const { db } = app;
  serve(app, api.search, ({ viewer, query }) => service.search(db, viewer, query));
  serve(app, api.suggest, ({ viewer, query }) => service.suggest(db, viewer, query));
}
