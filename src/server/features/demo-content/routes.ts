import type { FastifyInstance } from "fastify";
import { demoContentEndpoints as api } from "../../../core/demo-content/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

/** The demo content of a trial, for the administrators: how much is left, and its removal. */
export default async function demoContentRoutes(app: FastifyInstance) {
  serve(app, api.status, ({ viewer }) => service.status(app, viewer));
  serve(app, api.remove, ({ viewer }) => service.remove(app, viewer));
}
