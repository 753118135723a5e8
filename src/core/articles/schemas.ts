import { z } from "zod";
import { dateTime, idSchema, pageQuery, requiredText, searchText, tagFilter } from "../common-schemas";
import { LIMITS } from "../constants";
import { t } from "../i18n/translate";

/** An article synced from the newsletter (SPEC §3): plain text only, the link goes to the newsletter. */
export const articleSchema = z.object({
  id: z.number(),
  title: z.string(),
  excerpt: z.string(),
  tags: z.array(z.string()),
  readingTime: z.number(),
  url: z.string().nullable(),
  author: z.string().nullable(),
  views: z.number(),
  publishedAt: dateTime,
});
export type Article = z.input<typeof articleSchema>;

/** The admin list adds how many members discussed each article. */
export const adminArticleSchema = articleSchema.extend({ discussionCount: z.number() });
export type AdminArticle = z.input<typeof adminArticleSchema>;

const page = pageQuery.shape;

/** `GET /api/articles?search=&tag=&limit=&before=`: newest first. */
export const articleListQuery = z.object({ search: searchText, tag: tagFilter, ...page });
export type ArticleListQuery = z.infer<typeof articleListQuery>;

/**
 * `GET /api/admin/articles/count`: how many articles were synced, and whether a newsletter feed is
 * set to sync them from (NEWSLETTER_FEED_URL), so the page says how articles arrive, or that they cannot.
 */
export const articleCount = z.object({ count: z.number(), feedConfigured: z.boolean() });

/** `POST /api/admin/articles/sync` */
export const articleSyncResult = z.object({ added: z.number(), updated: z.number() });
export type ArticleSyncResult = z.infer<typeof articleSyncResult>;

/** Only the first name and picture of whoever wrote it: never another member's e-mail. */
export const articleDiscussionSchema = z.object({
  id: z.number(),
  articleId: z.number(),
  content: z.string(),
  createdAt: dateTime,
  /** When its author last edited it ("edited" is shown). */
  editedAt: dateTime.nullable(),
  /** She wrote it: she may edit and delete it. */
  isMine: z.boolean(),
  /** Whose it is, so she can block or report her; never her e-mail. */
  userId: z.number(),
  user: z.object({ firstName: z.string().nullable(), profileImageUrl: z.string().nullable() }),
});
export type ArticleDiscussion = z.input<typeof articleDiscussionSchema>;

export const articleDiscussionsQuery = z.object({ articleId: idSchema, ...page });

export const ARTICLE_MESSAGES = {
  discussionRequired: "Please write your thoughts before sharing",
  articleNotFound: "Article not found",
  notAdmin: "You don't have permission to access the article management.",
  /** The server refuses a sync, and the admin page explains, with these words while no feed is set. */
  feedNotSet: (newsletter: string) =>
    t("Article sync is not set up yet: add the address of your {newsletter} feed in Settings.", {
      newsletter,
    }),
} as const;

export const createArticleDiscussionBody = z.object({
  articleId: idSchema,
  content: requiredText(ARTICLE_MESSAGES.discussionRequired, LIMITS.text),
});
export type CreateArticleDiscussionBody = z.input<typeof createArticleDiscussionBody>;
