import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ARTICLE_MESSAGES,
  adminArticleSchema,
  articleCount,
  articleDiscussionSchema,
  articleDiscussionsQuery,
  articleListQuery,
  articleSchema,
  articleSyncResult,
  createArticleDiscussionBody,
} from "../../../core/schemas/articles";
import { idParams, pageQuery } from "../../../core/schemas/common";
import { memberOf } from "../../auth/guards";
import * as q from "./queries";
import { addDiscussion, countView, requireArticle, syncArticles } from "./service";

const TAGS_MAX = 100;

/** Administrators only, with the article page's own wording for everyone else. */
const articleAdmin = { access: "admin", deniedMessage: ARTICLE_MESSAGES.notAdmin } as const;

export default async function articleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;

  app.get(
    "/articles",
    {
      schema: { querystring: articleListQuery, response: { 200: z.array(articleSchema) } },
    },
    async (request) => q.listArticles(db, request.query),
  );

  app.get("/articles/tags", { schema: { response: { 200: z.array(z.string()) } } }, async () =>
    q.listArticleTags(db, TAGS_MAX),
  );

  /** "Read on …" was opened: counts toward the views the admin page shows. */
  app.post(
    "/articles/:id/view",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { params: idParams },
    },
    async (request, reply) => {
      await countView(db, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/article-discussions",
    {
      schema: { querystring: articleDiscussionsQuery, response: { 200: z.array(articleDiscussionSchema) } },
    },
    async (request) => {
      const { articleId, ...page } = request.query;
      await requireArticle(db, articleId);
      return q.listArticleDiscussions(db, articleId, page);
    },
  );

  app.post(
    "/article-discussions",
    {
      config: { rateLimit: app.rateLimits.write },
      schema: { body: createArticleDiscussionBody, response: { 201: articleDiscussionSchema } },
    },
    async (request, reply) => {
      const created = await addDiscussion(db, memberOf(request).id, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/admin/articles",
    {
      config: articleAdmin,
      schema: { querystring: pageQuery, response: { 200: z.array(adminArticleSchema) } },
    },
    async (request) => q.listAdminArticles(db, request.query),
  );

  app.get(
    "/admin/articles/count",
    { config: articleAdmin, schema: { response: { 200: articleCount } } },
    async () => ({ count: await q.countArticles(db) }),
  );

  app.post(
    "/admin/articles/sync",
    {
      config: { ...articleAdmin, rateLimit: app.rateLimits.write },
      schema: { response: { 200: articleSyncResult } },
    },
    async (request) =>
      syncArticles(db, {
        feedUrl: config.newsletter.feedUrl,
        name: config.newsletter.name,
        userId: memberOf(request).id,
      }),
  );
}
