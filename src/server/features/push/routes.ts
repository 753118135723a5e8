import type { FastifyInstance } from "fastify";
import { pushEndpoints as api } from "../../../core/push/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

/** Her devices that show her notifications (Web Push). */
export default async function pushRoutes(app: FastifyInstance) {
  const { db, config } = app;
  serve(app, api.publicKey, () => service.publicKey(config));
  serve(app, api.subscribe, ({ viewer, body }) => service.subscribe(db, config, viewer, body));
  serve(app, api.current, ({ viewer }) => service.current(db, viewer));
  serve(app, api.unsubscribe, ({ viewer, body }) => service.unsubscribe(db, viewer.id, body.endpoint));
}
