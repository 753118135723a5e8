import type { FastifyInstance } from "fastify";
import { moderationEndpoints as api } from "../../../core/moderation/endpoints";
import type { ContentType } from "../../../core/moderation/schemas";
import { serve } from "../../http/endpoint-routes";
import * as service from "./service";

export default async function moderationRoutes(app: FastifyInstance) {
  const { db, config, sessionCache } = app;
  const own = [
    ["prayer_request", api.editPrayerRequest, api.deletePrayerRequest],
    ["prayer_response", api.editPrayerResponse, api.deletePrayerResponse],
    ["discussion", api.editDiscussion, api.deleteDiscussion],
    ["article_discussion", api.editArticleDiscussion, api.deleteArticleDiscussion],
  ] as const;
  for (const [type, edit, remove] of own) {
    serve(app, edit, ({ viewer, params, body }) =>
      service.edit(db, viewer, type as ContentType, params.id, body),
    );
    serve(app, remove, ({ viewer, params }) => service.remove(db, viewer, type as ContentType, params.id));
  }
  serve(app, api.report, ({ viewer, body }) => service.report(db, config, viewer, body));
  serve(app, api.block, ({ viewer, body }) => service.block(db, viewer, body.userId));
  serve(app, api.unblock, ({ viewer, params }) => service.unblock(db, viewer, params.userId));
  serve(app, api.blocks, ({ viewer }) => service.blocks(db, viewer));
  serve(app, api.adminReports, ({ query }) => service.queue(db, query));
  serve(app, api.adminRestore, ({ viewer, params, body }) =>
    service.restore(db, viewer, params.id, body.reason),
  );
  serve(app, api.adminRemove, ({ viewer, params, body }) =>
    service.removeReported(db, viewer, params.id, body.reason),
  );
  serve(app, api.adminWarn, ({ viewer, params, body }) => service.warn(db, viewer, params.id, body));
  serve(app, api.adminSuspend, ({ viewer, params, body }) =>
    service.suspend(db, config, sessionCache, viewer, params.id, body),
  );
  serve(app, api.adminUnsuspend, ({ viewer, params }) =>
    service.unsuspend(db, sessionCache, viewer, params.id),
  );
  serve(app, api.adminLog, ({ query }) => service.log(db, query));
}
