import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { containsPattern } from "../../db/query-helpers";
import { videoNotes, videos } from "../../db/schema";

/** A note as its author sees it: with its video's title. Left-join `videos`. */
const noteColumns = {
  id: videoNotes.id,
  videoId: videoNotes.videoId,
  videoTitle: videos.title,
  content: videoNotes.content,
  timestamp: videoNotes.timestamp,
  tags: videoNotes.tags,
  isHighlight: videoNotes.isHighlight,
  createdAt: videoNotes.createdAt,
};

/** Her notes, each with its video's title, filtered by `where` (which names her). */
const notesWhere = (db: Db, where: SQL | undefined) =>
  db.select(noteColumns).from(videoNotes).leftJoin(videos, eq(videos.id, videoNotes.videoId)).where(where);

/** Only the member's own notes, newest first; search covers the note and its video's title. */
export async function listNotes(
  db: Db,
  memberId: number,
  options: { search?: string; tag?: string; highlights: boolean; limit: number; before?: number },
) {
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const where = and(
    eq(videoNotes.userId, memberId),
    pattern ? sql`(${videoNotes.content} ilike ${pattern} or ${videos.title} ilike ${pattern})` : undefined,
    options.tag ? sql`${videoNotes.tags} @> array[${options.tag}]::text[]` : undefined,
    options.highlights ? eq(videoNotes.isHighlight, true) : undefined,
    options.before ? lt(videoNotes.id, options.before) : undefined,
  );
  return notesWhere(db, where).orderBy(desc(videoNotes.id)).limit(options.limit);
}

export async function findNote(db: Db, memberId: number, id: number) {
  const [row] = await notesWhere(db, and(eq(videoNotes.id, id), eq(videoNotes.userId, memberId)));
  return row;
}

/** Every tag the member has used, alphabetically. */
export async function listTags(db: Db, memberId: number) {
  const result = await db.execute<{ tag: string }>(sql`
    select distinct unnest(${videoNotes.tags}) as tag
    from ${videoNotes}
    where ${videoNotes.userId} = ${memberId}
    order by tag`);
  return result.rows.map((r) => r.tag);
}

export async function insertNote(
  db: Db,
  values: {
    userId: number;
    videoId: number | null;
    content: string;
    timestamp: number | null;
    tags: string[];
    isHighlight: boolean;
  },
) {
  const [row] = await db.insert(videoNotes).values(values).returning({ id: videoNotes.id });
  return row!.id;
}

/** Changes her own note; false when she has no such note. */
export async function updateNote(
  db: Db,
  memberId: number,
  id: number,
  changes: Partial<{
    videoId: number | null;
    content: string;
    timestamp: number | null;
    tags: string[];
    isHighlight: boolean;
  }>,
) {
  const mine = and(eq(videoNotes.id, id), eq(videoNotes.userId, memberId));
  if (Object.keys(changes).length === 0) {
    const [row] = await db.select({ id: videoNotes.id }).from(videoNotes).where(mine);
    return Boolean(row);
  }
  const rows = await db.update(videoNotes).set(changes).where(mine).returning({ id: videoNotes.id });
  return rows.length > 0;
}

export async function deleteNote(db: Db, memberId: number, id: number) {
  const rows = await db
    .delete(videoNotes)
    .where(and(eq(videoNotes.id, id), eq(videoNotes.userId, memberId)))
    .returning({ id: videoNotes.id });
  return rows.length > 0;
}

export async function videoExists(db: Db, id: number) {
  const [row] = await db.select({ id: videos.id }).from(videos).where(eq(videos.id, id));
  return Boolean(row);
}
