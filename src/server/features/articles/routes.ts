import type { FastifyInstance } from "fastify";
import { articlesEndpoints as api } from "../../../core/endpoints/articles";
import { serve } from "../../http/endpoint-routes";
import * as q from "./queries";
import { addDiscussion, countView, requireArticle, syncArticles } from "./service";

const TAGS_MAX = 100;

export default async function articleRoutes(app: FastifyInstance) {
  const { db, config } = app;
  serve(app, api.list, ({ query }) => q.listArticles(db, query));
  serve(app, api.tags, () => q.listArticleTags(db, TAGS_MAX));
  /** "Read on …" was opened: counts toward the views the admin page shows. */
  serve(app, api.view, async ({ params }) => {
    await countView(db, params.id);
  });
  serve(app, api.discussions, async ({ viewer, query }) => {
    const { articleId, ...page } = query;
    await requireArticle(db, articleId);
    return q.listArticleDiscussions(db, viewer, articleId, page);
  });
  serve(app, api.discuss, ({ viewer, body }) => addDiscussion(db, config.newMemberLimits, viewer, body));
  serve(app, api.adminList, ({ query }) => q.listAdminArticles(db, query));
  serve(app, api.adminCount, async () => ({ count: await q.countArticles(db) }));
  serve(app, api.adminSync, ({ viewer }) =>
    syncArticles(db, { feedUrl: config.newsletter.feedUrl, name: config.newsletter.name, userId: viewer.id }),
  );
}
