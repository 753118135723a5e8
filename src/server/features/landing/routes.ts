import type { FastifyInstance } from "fastify";
import { landingEndpoints as api } from "../../../core/landing/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

/** What the visitors' landing page asks of the server. */
export default async function landingRoutes(app: FastifyInstance) {
  serve(app, api.stats, () => service.publicStats(app.db));
}
