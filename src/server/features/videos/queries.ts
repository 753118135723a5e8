import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import { RESUME_MIN_SECONDS } from "../../../core/videos/progress";
import { memberContentVisibleTo, personColumnsSeenBy, type Viewer } from "../../auth/policies";
import { batchedStatement } from "../../db/batched-statement";
import type { Db, Tx } from "../../db/client";
import { preparedStatement } from "../../db/prepared";
import { searchMatches, shiftedCounter } from "../../db/query-helpers";
import {
  discussionLikes,
  discussions,
  users,
  videoLikes,
  videoProgress,
  videoSaves,
  videos,
  videoViewMarks,
} from "../../db/schema";

type Conn = Db | Tx;

/**
 * The hosted video's id, which is what plays it (the player, the thumbnails): withheld from a patron-
 * only video unless she `opens` patron teaching (a patron or an administrator).
 */
const youtubeIdFor = (opens: boolean) =>
  opens
    ? videos.youtubeId
    : sql<string | null>`case when ${videos.patronOnly} then null else ${videos.youtubeId} end`;

/** The columns of a library item (SPEC §3 Video), as one who does or does not open patron teaching sees them. */
const itemColumns = (opens: boolean) => ({
  id: videos.id,
  title: videos.title,
  description: videos.description,
  youtubeId: youtubeIdFor(opens),
  patronOnly: videos.patronOnly,
  series: videos.series,
  duration: videos.duration,
  views: videos.views,
  likes: videos.likesCount,
  publishedAt: videos.publishedAt,
  createdAt: videos.createdAt,
});

// Correlated subqueries name the outer table themselves: in a single-table select Drizzle leaves
// column names unqualified, which the subquery would resolve to its own columns.
const discussionsCount = sql<number>`(select count(*)::int from ${discussions} d where d.video_id = "videos"."id")`;

/** Matches the trigram index expression, so a search stays fast in a library of thousands. */
const videoSearchCondition = (search: string) => searchMatches(videos.title, videos.description, search);

/** Newest first: (publishedAt, id) descending, the order of videos_published_idx. */
async function beforeVideo(db: Conn, before: number | undefined): Promise<SQL | undefined> {
  if (!before) return undefined;
  const [cursor] = await db.select({ id: videos.id }).from(videos).where(eq(videos.id, before)).limit(1);
  // The last video shown was deleted meanwhile: ids still give a stable, if approximate, position.
  if (!cursor) return lt(videos.id, before);
  // Compared inside Postgres: a JavaScript Date would drop the timestamp's microseconds.
  return sql`("videos"."published_at", "videos"."id") < (select c.published_at, c.id from ${videos} c where c.id = ${before})`;
}

/** Library items, newest first: (publishedAt, id) descending, the order of videos_published_idx. */
const newestFirst = <Q extends PgSelect>(query: Q, where: (SQL | undefined)[], limit: number) =>
  query
    .where(and(...where))
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(limit);

/** What the administrators' list and form show besides a library item. */
const adminColumns = { ...itemColumns(true), reflectionPrompts: videos.reflectionPrompts, discussionsCount };

export async function listVideos(
  db: Conn,
  options: { search?: string; series?: string; limit: number; before?: number },
  opens: boolean,
) {
  const conditions = [
    options.series ? eq(videos.series, options.series) : undefined,
    options.search ? videoSearchCondition(options.search) : undefined,
    await beforeVideo(db, options.before),
  ];
  return newestFirst(db.select(itemColumns(opens)).from(videos).$dynamic(), conditions, options.limit);
}

export async function listAdminVideos(
  db: Conn,
  options: { search?: string; limit: number; before?: number },
) {
  const conditions = [
    options.search ? videoSearchCondition(options.search) : undefined,
    await beforeVideo(db, options.before),
  ];
  return newestFirst(db.select(adminColumns).from(videos).$dynamic(), conditions, options.limit);
}

export async function findAdminVideo(db: Conn, id: number) {
  const [row] = await db.select(adminColumns).from(videos).where(eq(videos.id, id)).limit(1);
  return row;
}

export async function findVideoForMember(db: Conn, id: number, memberId: number, opens: boolean) {
  const [row] = await db
    .select({
      ...adminColumns,
      youtubeId: youtubeIdFor(opens),
      likedByMe: sql<boolean>`exists (select 1 from ${videoLikes} l where l.video_id = "videos"."id" and l.user_id = ${memberId})`,
      savedByMe: sql<boolean>`exists (select 1 from ${videoSaves} s where s.video_id = "videos"."id" and s.user_id = ${memberId})`,
      progressSeconds: videoProgress.seconds,
      progressFinished: videoProgress.finished,
      progressUpdatedAt: videoProgress.updatedAt,
    })
    .from(videos)
    .leftJoin(videoProgress, and(eq(videoProgress.videoId, videos.id), eq(videoProgress.userId, memberId)))
    .where(eq(videos.id, id))
    .limit(1);
  return row;
}

export async function videoExists(db: Conn, id: number) {
  const [row] = await db
    .select({ id: videos.id, series: videos.series })
    .from(videos)
    .where(eq(videos.id, id));
  return row;
}

/** Same series when the video has one, otherwise the newest others. */
export async function listRelated(
  db: Conn,
  video: { id: number; series: string | null },
  limit: number,
  opens: boolean,
) {
  const conditions = [
    sql`${videos.id} <> ${video.id}`,
    video.series ? eq(videos.series, video.series) : undefined,
  ];
  return newestFirst(db.select(itemColumns(opens)).from(videos).$dynamic(), conditions, limit);
}

/**
 * Counts a view unless this member's last counted view of the video is less than an hour old. The
 * mark and the counter change in one statement, so two tabs opening together count once.
 */
export async function countView(tx: Tx, videoId: number, memberId: number) {
  const result = await tx.execute<{ views: number }>(sql`
    with mark as (
      insert into ${videoViewMarks} (user_id, video_id, counted_at)
      values (${memberId}, ${videoId}, now())
      on conflict (user_id, video_id) do update set counted_at = excluded.counted_at
        where video_view_marks.counted_at <= now() - interval '1 hour'
      returning 1
    )
    update ${videos} set views = views + 1
    where id = ${videoId} and exists (select 1 from mark)
    returning views`);
  const row = result.rows[0];
  if (row) return { views: Number(row.views), counted: true };
  const [current] = await tx.select({ views: videos.views }).from(videos).where(eq(videos.id, videoId));
  return current ? { views: current.views, counted: false } : undefined;
}

/**
 * Adds the member's mark (a like, a save) unless it is there, else removes it; answers how the
 * counter beside it should move: 1 added, -1 removed, 0 when another request added it meanwhile.
 */
async function toggleMark<T extends PgTable>(
  tx: Tx,
  table: T,
  mark: T["$inferInsert"],
  match: SQL | undefined,
) {
  const marks: PgTable = table;
  const removed = await tx.delete(marks).where(match).returning();
  if (removed.length > 0) return -1;
  const added = await tx.insert(marks).values(mark).onConflictDoNothing().returning();
  return added.length;
}

/**
 * Adds or removes the member's like (a row of `table`), then moves the liked row's `counter` by what
 * changed (it moves only when a mark really did): whether she likes it now, and its count.
 */
async function toggleLike<T extends PgTable>(
  tx: Tx,
  table: T,
  mark: T["$inferInsert"],
  match: SQL | undefined,
  liked: { counter: PgColumn; id: PgColumn; value: number },
) {
  const delta = await toggleMark(tx, table, mark, match);
  const { counter, id, value } = liked;
  const result = await tx.execute<{ likes: number }>(sql`update ${counter.table}
    set ${sql.identifier(counter.name)} = ${shiftedCounter(counter, delta)}
    where ${eq(id, value)} returning ${counter} as likes`);
  return { liked: delta >= 0, likes: result.rows[0]?.likes ?? 0 };
}

export function toggleVideoLike(tx: Tx, videoId: number, userId: number) {
  const mine = and(eq(videoLikes.videoId, videoId), eq(videoLikes.userId, userId));
  return toggleLike(tx, videoLikes, { videoId, userId }, mine, {
    counter: videos.likesCount,
    id: videos.id,
    value: videoId,
  });
}

export async function toggleVideoSave(tx: Tx, videoId: number, memberId: number) {
  const mine = and(eq(videoSaves.videoId, videoId), eq(videoSaves.userId, memberId));
  return { saved: (await toggleMark(tx, videoSaves, { videoId, userId: memberId }, mine)) >= 0 };
}

/** A page of her videos: how many, after the video `before` (its id) where the last page ended. */
type PageAfterVideo = { limit: number; before?: number };

/** The member's saved videos, most recently saved first; `before` is the last video id shown. */
export async function listSavedVideos(db: Conn, memberId: number, options: PageAfterVideo, opens: boolean) {
  let cursor: SQL | undefined;
  if (options.before) {
    const [mark] = await db
      .select({ videoId: videoSaves.videoId })
      .from(videoSaves)
      .where(and(eq(videoSaves.userId, memberId), eq(videoSaves.videoId, options.before)));
    // Compared inside Postgres: a JavaScript Date would drop the timestamp's microseconds.
    cursor = mark
      ? sql`("video_saves"."created_at", "video_saves"."video_id") < (select m.created_at, m.video_id from ${videoSaves} m where m.user_id = ${memberId} and m.video_id = ${options.before})`
      : lt(videoSaves.videoId, options.before);
  }
  return db
    .select(itemColumns(opens))
    .from(videoSaves)
    .innerJoin(videos, eq(videos.id, videoSaves.videoId))
    .where(and(eq(videoSaves.userId, memberId), cursor))
    .orderBy(desc(videoSaves.createdAt), desc(videoSaves.videoId))
    .limit(options.limit);
}

// --- Where she stopped ------------------------------------------------------------------------

/** One row per member and video: the latest save wins. */
export async function saveProgress(
  db: Conn,
  memberId: number,
  videoId: number,
  progress: { seconds: number; finished: boolean },
) {
  const [row] = await db
    .insert(videoProgress)
    .values({ userId: memberId, videoId, ...progress })
    .onConflictDoUpdate({
      target: [videoProgress.userId, videoProgress.videoId],
      set: { ...progress, updatedAt: sql`now()` },
    })
    .returning({
      seconds: videoProgress.seconds,
      finished: videoProgress.finished,
      updatedAt: videoProgress.updatedAt,
    });
  return row!;
}

/**
 * The videos she started and has not finished, the latest watched first: (updatedAt, videoId)
 * descending, the order of video_progress_user_recent_idx; `before` is the last video id shown.
 */
export async function listWatching(db: Conn, memberId: number, options: PageAfterVideo, opens: boolean) {
  let cursor: SQL | undefined;
  if (options.before) {
    // Compared inside Postgres: a JavaScript Date would drop the timestamp's microseconds.
    cursor = sql`("video_progress"."updated_at", "video_progress"."video_id") < (select p.updated_at, p.video_id from ${videoProgress} p where p.user_id = ${memberId} and p.video_id = ${options.before})`;
  }
  return db
    .select({
      id: videos.id,
      title: videos.title,
      series: videos.series,
      youtubeId: youtubeIdFor(opens),
      patronOnly: videos.patronOnly,
      duration: videos.duration,
      seconds: videoProgress.seconds,
      watchedAt: videoProgress.updatedAt,
    })
    .from(videoProgress)
    .innerJoin(videos, eq(videos.id, videoProgress.videoId))
    .where(
      and(
        eq(videoProgress.userId, memberId),
        eq(videoProgress.finished, false),
        gte(videoProgress.seconds, RESUME_MIN_SECONDS),
        cursor,
      ),
    )
    .orderBy(desc(videoProgress.updatedAt), desc(videoProgress.videoId))
    .limit(options.limit);
}

// --- Discussions ------------------------------------------------------------------------------

/** A reflection's own columns. */
const discussionColumns = {
  id: discussions.id,
  content: discussions.content,
  createdAt: discussions.createdAt,
  editedAt: discussions.editedAt,
  likes: discussions.likes,
  isReflectionPrompt: discussions.isReflectionPrompt,
};

/** A page of reflections, newest first, from a select over `discussions`. */
const discussionsPage = <Q extends PgSelect>(
  query: Q,
  where: SQL,
  page: { limit: number; before?: number },
) =>
  query
    .where(and(where, page.before ? lt(discussions.id, page.before) : undefined))
    .orderBy(desc(discussions.id))
    .limit(page.limit);

export async function listDiscussions(
  db: Conn,
  videoId: number,
  viewer: Viewer,
  options: { limit: number; before?: number },
) {
  const memberId = viewer.id;
  // Her name, picture and e-mail (a nameless member's display name) as the viewer may see them.
  const author = personColumnsSeenBy(viewer);
  const query = db
    .select({
      ...discussionColumns,
      videoId: discussions.videoId,
      likedByMe: sql<boolean>`exists (select 1 from ${discussionLikes} l where l.discussion_id = "discussions"."id" and l.user_id = ${memberId})`,
      authorId: users.id,
      authorFirstName: author.firstName,
      authorEmail: author.email,
      authorImage: author.profileImageUrl,
    })
    .from(discussions)
    .innerJoin(users, eq(users.id, discussions.userId));
  return discussionsPage(
    query.$dynamic(),
    and(eq(discussions.videoId, videoId), memberContentVisibleTo(viewer, "discussions"))!,
    options,
  );
}

interface NewDiscussion {
  videoId: number;
  userId: number;
  content: string;
  isReflectionPrompt: boolean;
}

const insertDiscussionsStatement = preparedStatement<
  {
    id: number;
    video_id: number;
    content: string;
    created_at: Date;
    likes: number;
    is_reflection_prompt: boolean;
  },
  [number[], number[], string[], boolean[]]
>(
  "discussions_insert",
  // Ids are drawn first so each saved row is matched to its input (RETURNING has no set order).
  `with input as (
     select nextval('discussions_id_seq')::int as id, t.*
     from unnest($1::int[], $2::int[], $3::text[], $4::bool[])
       with ordinality as t(video_id, user_id, content, is_reflection_prompt, ord)
   ), saved as (
     insert into discussions (id, video_id, user_id, content, is_reflection_prompt)
     select id, video_id, user_id, content, is_reflection_prompt from input
     returning id, created_at, likes
   )
   select saved.id, input.video_id, input.content, saved.created_at, saved.likes, input.is_reflection_prompt
   from saved join input using (id)
   order by input.ord`,
);

/** Reflections posted at the same moment are stored in one statement (see `batchedStatement`). */
export const insertDiscussion = batchedStatement(async (db: Db, inputs: NewDiscussion[]) => {
  const rows = await insertDiscussionsStatement(
    db,
    inputs.map((d) => d.videoId),
    inputs.map((d) => d.userId),
    inputs.map((d) => d.content),
    inputs.map((d) => d.isReflectionPrompt),
  );
  return rows.map((row) => ({
    id: row.id,
    videoId: row.video_id,
    content: row.content,
    createdAt: row.created_at,
    likes: row.likes,
    isReflectionPrompt: row.is_reflection_prompt,
  }));
});

export async function discussionExists(db: Conn, id: number) {
  const [row] = await db.select({ id: discussions.id }).from(discussions).where(eq(discussions.id, id));
  return Boolean(row);
}

export function toggleDiscussionLike(tx: Tx, discussionId: number, userId: number) {
  const mine = and(eq(discussionLikes.discussionId, discussionId), eq(discussionLikes.userId, userId));
  const liked = { counter: discussions.likes, id: discussions.id, value: discussionId };
  return toggleLike(tx, discussionLikes, { discussionId, userId }, mine, liked);
}

/** The member's own comments on videos, newest first, with the video's title. */
export async function listReflections(
  db: Conn,
  memberId: number,
  options: { limit: number; before?: number },
) {
  const query = db
    .select({ ...discussionColumns, videoId: videos.id, videoTitle: videos.title })
    .from(discussions)
    .leftJoin(videos, eq(videos.id, discussions.videoId));
  return discussionsPage(query.$dynamic(), eq(discussions.userId, memberId), options);
}

// --- Administration ---------------------------------------------------------------------------

export interface VideoValues {
  title: string;
  description: string;
  youtubeId: string;
  series: string | null;
  duration: number | null;
  reflectionPrompts: string[];
  patronOnly: boolean;
}

export async function insertVideo(tx: Tx, values: VideoValues & { createdBy: number }) {
  const [row] = await tx.insert(videos).values(values).returning({ id: videos.id });
  return row!.id;
}

export async function updateVideo(db: Conn, id: number, values: Partial<VideoValues>) {
  if (Object.keys(values).length === 0) return Boolean(await videoExists(db, id));
  const rows = await db.update(videos).set(values).where(eq(videos.id, id)).returning({ id: videos.id });
  return rows.length > 0;
}

export async function deleteVideo(db: Conn, id: number) {
  const rows = await db.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id });
  return rows.length > 0;
}
