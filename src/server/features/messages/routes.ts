import type { FastifyInstance } from "fastify";
import { messagesEndpoints as api } from "../../../core/messages/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

export default async function messageRoutes(app: FastifyInstance) {
  const { db, config } = app;
  serve(app, api.conversations, ({ viewer, query }) => service.list(db, viewer, query));
  serve(app, api.start, ({ viewer, body }) => service.start(db, config.newMemberLimits, viewer, body));
  serve(app, api.messages, ({ viewer, params, query }) => service.messages(db, viewer, params.id, query));
  serve(app, api.send, ({ viewer, params, body }) => service.send(db, viewer, params.id, body));
  serve(app, api.read, ({ viewer, params, body }) => service.read(db, viewer, params.id, body.messageId));
  serve(app, api.accept, ({ viewer, params }) => service.accept(db, viewer, params.id));
  serve(app, api.decline, ({ viewer, params }) => service.decline(db, viewer, params.id));
  serve(app, api.edit, ({ viewer, params, body }) => service.edit(db, viewer, params.id, body));
  serve(app, api.remove, ({ viewer, params }) => service.remove(db, viewer, params.id));
  serve(app, api.unreadCount, ({ viewer }) => service.unreadCount(db, viewer));
}
