import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ARTICLE_MESSAGES, type ArticleSyncResult } from "../../../core/articles/schemas";
import { recordActivity } from "../../activity/record";
import type { Viewer } from "../../auth/policies";
import type { SessionUser } from "../../auth/sessions";
import type { AppConfig, NewMemberLimits } from "../../config";
import type { Db } from "../../db/client";
import { notFound, unavailable } from "../../http/errors";
import { invalidateSharedCaches } from "../../http/shared-cache";
import { withinNewMemberLimit } from "../moderation";
import { notifyEveryMember } from "../notifications";
import { FeedError, fetchFeed, parseFeed } from "./feed";
import * as q from "./queries";

/** Held for the whole scheduled run, so one instance syncs each hour. */
export const SCHEDULED_SYNC_LOCK = 7_341_101;
/** Held while writing, so a manual and a scheduled sync never interleave their upserts. */
const SYNC_WRITE_LOCK = 7_341_102;

export interface SyncOptions {
  feedUrl: string | undefined;
  /** The newsletter platform's name, e.g. "Substack". */
  name: string;
  timeoutMs?: number;
  maxBytes?: number;
  /** The address came from the dashboard, not the server's environment: public hosts only. */
  publicOnly?: boolean;
  /** The administrator who asked, or none for the scheduled sync. */
  userId?: number | null;
}

/**
 * Fetches and parses the whole feed first, then writes everything in one transaction: a feed that
 * cannot be read changes nothing. How it went is recorded either way, for the dashboard's status:
 * a success in the transaction of its articles, a failure as its kind and values (the status writes
 * the sentence in the language of whoever reads it).
 */
export async function syncArticles(db: Db, options: SyncOptions): Promise<ArticleSyncResult> {
  const { feedUrl, name } = options;
  if (!feedUrl) {
    throw unavailable(ARTICLE_MESSAGES.feedNotSet(name));
  }
  try {
    return await fetchAndStore(db, feedUrl, options);
  } catch (err) {
    const failure =
      err instanceof FeedError
        ? err.failure
        : { kind: "unexpected" as const, detail: err instanceof Error ? err.message : String(err) };
    await q.recordSyncRun(db, { failure });
    throw err;
  }
}

async function fetchAndStore(db: Db, feedUrl: string, options: SyncOptions): Promise<ArticleSyncResult> {
  const { name } = options;
  const xml = await fetchFeed(feedUrl, {
    name,
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
    publicOnly: options.publicOnly,
  });
  const items = await parseFeed(xml, name);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_WRITE_LOCK})`);
    const now = new Date();
    const { newest, ...result } = await q.upsertFeedItems(tx, items, now);
    if (newest) {
      await notifyEveryMember(tx, {
        kind: "articles_arrived",
        actorId: options.userId ?? null,
        subjectId: newest.id,
        dedupeKey: `sync@${now.getTime()}`,
        actorCount: result.added,
        title: newest.title,
      });
    }
    if (result.added || result.updated) {
      await recordActivity(
        tx,
        "articles_synced",
        { added: result.added, updated: result.updated, source: name },
        options.userId ?? null,
      );
    }
    await q.recordSyncRun(tx, result);
    return result;
  });
  if (result.added || result.updated) invalidateSharedCaches(db);
  return result;
}

/**
 * The newsletter's feed as it stands now (the dashboard may change it at any moment); an address an
 * administrator typed is read from public hosts only, one the server's environment sets as it is.
 */
export const feedOf = (config: AppConfig) => ({
  feedUrl: config.newsletter.feedUrl,
  name: config.newsletter.name,
  publicOnly: !config.settingsFromEnvironment.has("newsletterFeedUrl"),
});

/** The hourly sync: skipped without a feed, and by every instance but the one holding the lock. */
export async function runScheduledArticleSync(app: FastifyInstance): Promise<void> {
  const { feedUrl } = feedOf(app.config);
  if (!feedUrl) return;
  const client = await app.database.pool.connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      SCHEDULED_SYNC_LOCK,
    ]);
    if (!rows[0]?.locked) return;
    try {
      const result = await syncArticles(app.db, feedOf(app.config));
      if (result.added || result.updated) app.log.info(result, "articles synced");
    } finally {
      await client.query("select pg_advisory_unlock($1)", [SCHEDULED_SYNC_LOCK]).catch((err: Error) => {
        broken = err;
      });
    }
  } finally {
    // A connection whose unlock failed may still hold the lock: close it rather than reuse it.
    client.release(broken ?? false);
  }
}

/** Tags the filter offers: the most used first. */
const TAGS_MAX = 100;

export const listArticles = (db: Db, filter: Parameters<typeof q.listArticles>[1]) =>
  q.listArticles(db, filter);

export const articleTags = (db: Db) => q.listArticleTags(db, TAGS_MAX);

/** An article's comments she may see, newest first; 404 for an article that is not there. */
export async function articleDiscussions(
  db: Db,
  viewer: Viewer,
  articleId: number,
  page: { before?: number; limit: number },
) {
  if (!(await q.articleExists(db, articleId))) throw notFound(ARTICLE_MESSAGES.articleNotFound);
  return q.listArticleDiscussions(db, viewer, articleId, page);
}

/** The administrators' list, with each article's comment count, and how many there are. */
export const adminArticles = (db: Db, page: { before?: number; limit: number }) =>
  q.listAdminArticles(db, page);
/** The admin page's heading count, and whether there is a feed to sync from at all. */
export async function articleCount(db: Db, feedUrl: string | undefined) {
  return { count: await q.countArticles(db), feedConfigured: feedUrl !== undefined };
}

export async function countView(db: Db, id: number) {
  if (!(await q.countArticleView(db, id))) throw notFound(ARTICLE_MESSAGES.articleNotFound);
}

const FOREIGN_KEY_VIOLATION = "23503";
/** Postgres error code, whether or not the driver error is wrapped by Drizzle. */
const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: unknown } | null;
  if (typeof e?.code === "string") return e.code;
  return e?.cause ? pgCode(e.cause) : undefined;
};

export async function addDiscussion(
  db: Db,
  limits: NewMemberLimits,
  viewer: Viewer & Pick<SessionUser, "createdAt">,
  body: { articleId: number; content: string },
) {
  try {
    return await withinNewMemberLimit(db, limits, viewer, "posts", () =>
      q.insertArticleDiscussion(db, { ...body, userId: viewer.id }),
    );
  } catch (err) {
    if (pgCode(err) === FOREIGN_KEY_VIOLATION) throw notFound(ARTICLE_MESSAGES.articleNotFound);
    throw err;
  }
}
