import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { memberContentVisibleTo, personColumnsSeenBy, type Viewer } from "../../auth/policies";
import type { Db, Tx } from "../../db/client";
import { jsonbValue } from "../../db/json";
import { searchMatches } from "../../db/query-helpers";
import { articleDiscussions, articleSyncRuns, articles, users } from "../../db/schema";
import type { FeedItem } from "./feed";
import type { FeedFailure } from "./feed-failures";

const articleColumns = {
  id: articles.id,
  title: articles.title,
  excerpt: articles.excerpt,
  tags: articles.tags,
  readingTime: articles.readingTime,
  url: articles.url,
  author: articles.author,
  views: articles.views,
  publishedAt: articles.publishedAt,
};

/** Newest first by publication date; `before` is the id of the last article already shown. */
function listConditions(filter: { search?: string; tag?: string; before?: number }): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.search) {
    // The same expression as the trigram index, so the search uses it.
    conditions.push(searchMatches(articles.title, articles.excerpt, filter.search));
  }
  if (filter.tag) conditions.push(sql`${articles.tags} @> array[${filter.tag}]::text[]`);
  if (filter.before) {
    conditions.push(
      sql`(${articles.publishedAt}, ${articles.id}) < (select a.published_at, a.id from articles a where a.id = ${filter.before})`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export function listArticles(
  db: Db,
  filter: { search?: string; tag?: string; before?: number; limit: number },
) {
  return db
    .select(articleColumns)
    .from(articles)
    .where(listConditions(filter))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(filter.limit);
}

export function listAdminArticles(db: Db, page: { before?: number; limit: number }) {
  return db
    .select({
      ...articleColumns,
      // Qualified by hand: Drizzle leaves single-table columns unqualified, which would bind to d.id here.
      discussionCount: sql<number>`(select count(*)::int from article_discussions d where d.article_id = "articles"."id")`,
    })
    .from(articles)
    .where(listConditions(page))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(page.limit);
}

export async function countArticles(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(articles);
  return row?.count ?? 0;
}

/** Every distinct tag, the most used first. */
export async function listArticleTags(db: Db, limit: number): Promise<string[]> {
  const rows = await db.execute<{ tag: string }>(sql`
    select tag from (select unnest(${articles.tags}) as tag from ${articles}) t
    group by tag order by count(*) desc, lower(tag) asc limit ${limit}`);
  return rows.rows.map((r) => r.tag);
}

export async function articleExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, id)).limit(1);
  return Boolean(row);
}

export async function countArticleView(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(articles)
    .set({ views: sql`${articles.views} + 1` })
    .where(eq(articles.id, id))
    .returning({ id: articles.id });
  return rows.length > 0;
}

const discussionColumns = (viewer: Viewer) => {
  // Her name and picture as the viewer may see them (her profile setting).
  const { firstName, profileImageUrl } = personColumnsSeenBy(viewer);
  return {
    id: articleDiscussions.id,
    articleId: articleDiscussions.articleId,
    content: articleDiscussions.content,
    createdAt: articleDiscussions.createdAt,
    editedAt: articleDiscussions.editedAt,
    isMine: sql<boolean>`${articleDiscussions.userId} = ${viewer.id}`.mapWith(Boolean),
    userId: articleDiscussions.userId,
    user: { firstName, profileImageUrl },
  };
};

export function listArticleDiscussions(
  db: Db,
  viewer: Viewer,
  articleId: number,
  page: { before?: number; limit: number },
) {
  return db
    .select(discussionColumns(viewer))
    .from(articleDiscussions)
    .innerJoin(users, eq(users.id, articleDiscussions.userId))
    .where(
      and(
        eq(articleDiscussions.articleId, articleId),
        memberContentVisibleTo(viewer, "article_discussions"),
        page.before ? sql`${articleDiscussions.id} < ${page.before}` : undefined,
      ),
    )
    .orderBy(desc(articleDiscussions.id))
    .limit(page.limit);
}

export async function insertArticleDiscussion(
  db: Db,
  values: { articleId: number; userId: number; content: string },
) {
  const [row] = await db.insert(articleDiscussions).values(values).returning({ id: articleDiscussions.id });
  const [created] = await db
    .select(discussionColumns({ id: values.userId, isAdmin: false }))
    .from(articleDiscussions)
    .innerJoin(users, eq(users.id, articleDiscussions.userId))
    .where(eq(articleDiscussions.id, row!.id));
  return created!;
}

const CHUNK = 500;

/**
 * Inserts new articles and updates changed ones, keyed by guid; never deletes and never touches
 * views. Unchanged rows are not written, so a repeated sync reports nothing updated.
 */
export async function upsertFeedItems(tx: Tx, items: FeedItem[], now: Date) {
  let added = 0;
  let updated = 0;
  /** The first new item of the feed (feeds list the newest first). */
  let newest: { id: number; title: string } | undefined;
  // Items without a date are inserted with the sync time and keep the date they first arrived with.
  const undated = sql`${now.toISOString()}::timestamptz`;
  for (let i = 0; i < items.length; i += CHUNK) {
    const rows = items.slice(i, i + CHUNK).map((item) => ({
      guid: item.guid,
      title: item.title,
      url: item.url,
      excerpt: item.excerpt,
      contentHtml: item.contentHtml,
      author: item.author,
      tags: item.tags,
      readingTime: item.readingTime,
      publishedAt: item.publishedAt ?? now,
      createdAt: now,
      updatedAt: now,
    }));
    const changed = await tx
      .insert(articles)
      .values(rows)
      .onConflictDoUpdate({
        target: articles.guid,
        set: {
          title: sql`excluded.title`,
          url: sql`excluded.url`,
          excerpt: sql`excluded.excerpt`,
          contentHtml: sql`excluded.content_html`,
          author: sql`excluded.author`,
          tags: sql`excluded.tags`,
          readingTime: sql`excluded.reading_time`,
          publishedAt: sql`case when excluded.published_at = ${undated} then ${articles.publishedAt} else excluded.published_at end`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: sql`(${articles.title}, ${articles.url}, ${articles.excerpt}, ${articles.contentHtml}, ${articles.author}, ${articles.tags}, ${articles.readingTime})
          is distinct from (excluded.title, excluded.url, excluded.excerpt, excluded.content_html, excluded.author, excluded.tags, excluded.reading_time)
          or (excluded.published_at <> ${undated} and excluded.published_at <> ${articles.publishedAt})`,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)`, id: articles.id, title: articles.title });
    for (const row of changed) {
      if (row.inserted) {
        added += 1;
        newest ??= { id: row.id, title: row.title };
      } else updated += 1;
    }
  }
  return { added, updated, newest };
}

/** A library's or the server's own words, kept to a readable length. */
const clipDetail = (failure: FeedFailure): FeedFailure =>
  "detail" in failure ? { ...failure, detail: failure.detail.slice(0, 2000) } : failure;

/** How many days of sync outcomes are kept: the status shows the last, and the last that worked. */
const SYNC_RUNS_KEPT_DAYS = 30;

/** Records how a sync went (its counts, or why it failed) and forgets those over a month old. */
export async function recordSyncRun(
  db: Db | Tx,
  outcome: { added: number; updated: number } | { failure: FeedFailure },
) {
  await db
    .insert(articleSyncRuns)
    .values(
      "failure" in outcome
        ? { failure: jsonbValue(clipDetail(outcome.failure)) }
        : { added: outcome.added, updated: outcome.updated },
    );
  await db
    .delete(articleSyncRuns)
    .where(sql`${articleSyncRuns.finishedAt} < now() - make_interval(days => ${SYNC_RUNS_KEPT_DAYS})`);
}
