import type { FastifyInstance } from "fastify";
import { conversationEndpoints as api } from "../../../core/conversation/endpoints";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

export default async function conversationRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const limits = config.newMemberLimits;
  const groups = [
    ["cultivation", api.cultivationPosts, api.postInCultivationGroup],
    ["local", api.localPosts, api.postInLocalGroup],
  ] as const;
  for (const [kind, list, create] of groups) {
    serve(app, list, ({ viewer, params, query }) => service.listPosts(db, viewer, kind, params.id, query));
    serve(app, create, ({ viewer, params, body }) =>
      service.createPost(db, limits, viewer, kind, params.id, body),
    );
  }
  serve(app, api.post, ({ viewer, params, query }) => service.getPost(db, viewer, params.id, query));
  serve(app, api.editPost, ({ viewer, params, body }) => service.editPost(db, viewer, params.id, body));
  serve(app, api.removePost, ({ viewer, params, body }) => service.removePost(db, viewer, params.id, body));
  serve(app, api.reply, ({ viewer, params, body }) => service.reply(db, limits, viewer, params.id, body));
  serve(app, api.editReply, ({ viewer, params, body }) => service.editReply(db, viewer, params.id, body));
  serve(app, api.removeReply, ({ viewer, params, body }) => service.removeReply(db, viewer, params.id, body));
  serve(app, api.react, ({ viewer, params }) => service.react(db, viewer, params.id, params.reaction));
  serve(app, api.unreact, ({ viewer, params }) => service.unreact(db, viewer, params.id, params.reaction));
  serve(app, api.postReactions, ({ viewer, params }) => service.postReactions(db, viewer, params.id));
  serve(app, api.pray, ({ viewer, params }) => service.pray(db, viewer, params.id));
  serve(app, api.markAnswered, ({ viewer, params, body }) =>
    service.markAnswered(db, viewer, params.id, body),
  );
  serve(app, api.pin, ({ viewer, params }) => service.pin(db, viewer, params.id));
  serve(app, api.unpin, ({ viewer, params }) => service.unpin(db, viewer, params.id));
}
