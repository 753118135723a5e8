import type { FastifyInstance } from "fastify";
import { videosEndpoints as api } from "../../../core/videos/endpoints";
import { serve } from "../../http/endpoint-routes";
import { libraryServing } from "./library-cache";
import * as service from "./service";

/** The video library, a video's page, its reflections, and the member's likes, saves and views. */
export default async function videoRoutes(app: FastifyInstance) {
  const { db, config } = app;
  // Shared, one answer for those who play patron teaching and one for the others: the page's
  // first-thumbnail hint reads the others' entry (`library-cache.ts`).
  serve(app, api.library, ({ query, derived }) => service.library(db, query, derived), libraryServing);
  serve(app, api.video, ({ viewer, params }) => service.getVideo(db, params.id, viewer));
  serve(app, api.related, ({ viewer, params, query }) =>
    service.relatedVideos(db, params.id, query.limit, viewer),
  );
  serve(app, api.view, ({ viewer, params }) => service.recordView(db, params.id, viewer.id));
  serve(app, api.saveProgress, ({ viewer, params, body }) =>
    service.saveProgress(db, params.id, viewer.id, body),
  );
  serve(app, api.watching, ({ viewer, query }) => service.watching(db, viewer, query));
  serve(app, api.like, ({ viewer, params }) => service.toggleLike(db, params.id, viewer.id));
  serve(app, api.save, ({ viewer, params }) => service.toggleSave(db, params.id, viewer.id));
  serve(app, api.saved, ({ viewer, query }) => service.savedVideos(db, viewer, query));
  serve(app, api.discussions, ({ viewer, params, query }) =>
    service.videoDiscussions(db, params.id, viewer, query),
  );
  serve(app, api.discuss, ({ viewer, body }) =>
    service.addDiscussion(db, config.newMemberLimits, viewer, body),
  );
  serve(app, api.likeDiscussion, ({ viewer, params }) =>
    service.toggleDiscussionLike(db, params.id, viewer.id),
  );
  serve(app, api.reflections, ({ viewer, query }) => service.memberReflections(db, viewer.id, query));
}
