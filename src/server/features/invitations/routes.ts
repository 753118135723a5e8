import type { FastifyInstance } from "fastify";
import { invitationsEndpoints as api } from "../../../core/invitations/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

/** Invitations to join: the administrators' list, sending and withdrawing; the link's preview. */
export default async function invitationRoutes(app: FastifyInstance) {
  const { db, config } = app;
  serve(app, api.invite, ({ viewer, body }) => service.invite(db, config, viewer, body.email));
  serve(app, api.pending, ({ query }) => service.pending(db, query));
  serve(app, api.revoke, ({ viewer, params }) => service.revoke(db, viewer, params.id));
  serve(app, api.preview, ({ params }) => service.preview(db, config, params.token));
}
