import { z } from "zod";
import { idParams, pageQuery } from "../common-schemas";
import { endpoint } from "../contract";
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
} from "./schemas";

/** Articles synced from the newsletter, members' discussions of them, and their administration. */
export const articlesEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/articles",
    summary: "The newsletter's articles, newest first, searched or by tag",
    caller: "member",
    query: articleListQuery,
    response: z.array(articleSchema),
  }),
  tags: endpoint({
    method: "GET",
    path: "/api/articles/tags",
    summary: "The articles' tags, the most used first",
    caller: "member",
    response: z.array(z.string()),
  }),
  view: endpoint({
    method: "POST",
    path: "/api/articles/:id/view",
    summary: "Count that she opened an article on the newsletter",
    caller: "member",
    params: idParams,
    status: 204,
    response: null,
    rateLimit: "write",
  }),
  discussions: endpoint({
    method: "GET",
    path: "/api/article-discussions",
    summary: "Members' discussion of an article, newest first",
    caller: "member",
    query: articleDiscussionsQuery,
    response: z.array(articleDiscussionSchema),
    // The article the query names may not exist.
    errors: [404],
  }),
  discuss: endpoint({
    method: "POST",
    path: "/api/article-discussions",
    summary: "Share her thoughts on an article",
    caller: "member",
    idempotent: true,
    body: createArticleDiscussionBody,
    status: 201,
    response: articleDiscussionSchema,
    // The article the body names may not exist.
    errors: [404],
    rateLimit: "write",
  }),
  adminList: endpoint({
    method: "GET",
    path: "/api/admin/articles",
    summary: "Every article for the admin dashboard, newest first, with how many discussed it",
    caller: "admin",
    deniedMessage: ARTICLE_MESSAGES.notAdmin,
    query: pageQuery,
    response: z.array(adminArticleSchema),
  }),
  adminCount: endpoint({
    method: "GET",
    path: "/api/admin/articles/count",
    summary: "How many articles have been synced",
    caller: "admin",
    deniedMessage: ARTICLE_MESSAGES.notAdmin,
    response: articleCount,
  }),
  adminSync: endpoint({
    method: "POST",
    path: "/api/admin/articles/sync",
    summary: "Sync the articles from the newsletter's feed now",
    caller: "admin",
    deniedMessage: ARTICLE_MESSAGES.notAdmin,
    response: articleSyncResult,
    // 502: the feed answered with something unusable; 503: the feed is unreachable or not set up.
    errors: [502, 503],
    rateLimit: "write",
  }),
};
