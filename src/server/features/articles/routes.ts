import type { FastifyInstance } from "fastify";
import { articlesEndpoints as api } from "../../../core/articles/endpoints";
import { serve } from "../../http/endpoint-routes";
import { inLocale, localeOfRequest } from "../../i18n";
import * as service from "./service";

export default async function articleRoutes(app: FastifyInstance) {
  const { db, config } = app;
  serve(app, api.list, ({ query }) => service.listArticles(db, query));
  serve(app, api.tags, () => service.articleTags(db));
  /** "Read on …" was opened: counts toward the views the admin page shows. */
  serve(app, api.view, async ({ params }) => {
    await service.countView(db, params.id);
  });
  serve(app, api.discussions, ({ viewer, query }) => {
    const { articleId, ...page } = query;
    return service.articleDiscussions(db, viewer, articleId, page);
  });
  serve(app, api.discuss, ({ viewer, body }) =>
    service.addDiscussion(db, config.newMemberLimits, viewer, body),
  );
  serve(app, api.adminList, ({ query }) => service.adminArticles(db, query));
  serve(app, api.adminCount, () => service.articleCount(db, config.newsletter.feedUrl));
  // A feed that is not set is explained in the language of her page.
  serve(app, api.adminSync, ({ viewer, request }) =>
    inLocale(localeOfRequest(request, config, viewer.locale), () =>
      service.syncArticles(db, { ...service.feedOf(config), userId: viewer.id }),
    ),
  );
}
