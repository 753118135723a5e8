import { personName } from "../../../core/format";
import { opensPatronTeaching, type TeachingViewer } from "../../../core/patron-teaching";
import type { AdminVideoChanges, AdminVideoValues } from "../../../core/videos/schemas";
import { VIDEO_MESSAGES } from "../../../core/videos/schemas";
import { parseYouTubeId, youTubeWatchUrl } from "../../../core/youtube";
import { recordActivity } from "../../activity/record";
import type { Viewer } from "../../auth/policies";
import type { NewMemberLimits } from "../../config";
import type { Db } from "../../db/client";
import { badRequest, notFound } from "../../http/errors";
import { withinNewMemberLimit } from "../moderation";
import { notifyEveryMember } from "../notifications";
import * as q from "./queries";

/** Postgres' error code, also when the driver's error is wrapped (Drizzle puts it in `cause`). */
const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: unknown } | null;
  if (!e) return undefined;
  return typeof e.code === "string" ? e.code : pgCode(e.cause);
};
const isForeignKeyViolation = (err: unknown) => pgCode(err) === "23503";

/** A write that raced with the video's deletion is a 404, not a 500. */
async function orVideoNotFound<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound(VIDEO_MESSAGES.notFound);
    throw err;
  }
}

/**
 * A page of the library: patron-only videos carry their hosted ids only for those who may play them
 * (`opensPatron`, worked out once per request with the entry the page is cached under).
 */
export const library = (
  db: Db,
  query: { search?: string; series?: string; limit: number; before?: number },
  opensPatron: boolean,
) => q.listVideos(db, query, opensPatron);

/** What she has started and not finished, newest first; patron teaching playable for patrons only. */
export const watching = (
  db: Db,
  viewer: TeachingViewer & { id: number },
  page: { limit: number; before?: number },
) => q.listWatching(db, viewer.id, page, opensPatronTeaching(viewer));

/** What she saved, newest first; patron teaching playable for patrons only. */
export const savedVideos = (
  db: Db,
  viewer: TeachingViewer & { id: number },
  page: { limit: number; before?: number },
) => q.listSavedVideos(db, viewer.id, page, opensPatronTeaching(viewer));

export async function getVideo(db: Db, id: number, viewer: TeachingViewer & { id: number }) {
  const row = await q.findVideoForMember(db, id, viewer.id, opensPatronTeaching(viewer));
  if (!row) throw notFound(VIDEO_MESSAGES.notFound);
  const { progressSeconds, progressFinished, progressUpdatedAt, ...video } = row;
  const progress =
    progressSeconds !== null && progressFinished !== null && progressUpdatedAt !== null
      ? { seconds: progressSeconds, finished: progressFinished, updatedAt: progressUpdatedAt }
      : null;
  return { ...video, progress };
}

/** A save for a video deleted meanwhile is a 404 (the foreign key refuses the row). */
export function saveProgress(
  db: Db,
  videoId: number,
  memberId: number,
  progress: { seconds: number; finished: boolean },
) {
  return orVideoNotFound(() => q.saveProgress(db, memberId, videoId, progress));
}

export async function relatedVideos(db: Db, id: number, limit: number, viewer: TeachingViewer) {
  const video = await q.videoExists(db, id);
  if (!video) throw notFound(VIDEO_MESSAGES.notFound);
  return q.listRelated(db, video, limit, opensPatronTeaching(viewer));
}

export async function recordView(db: Db, videoId: number, memberId: number) {
  if (!(await q.videoExists(db, videoId))) throw notFound(VIDEO_MESSAGES.notFound);
  const result = await orVideoNotFound(() => db.transaction((tx) => q.countView(tx, videoId, memberId)));
  if (!result) throw notFound(VIDEO_MESSAGES.notFound);
  return result;
}

export async function toggleLike(db: Db, videoId: number, memberId: number) {
  if (!(await q.videoExists(db, videoId))) throw notFound(VIDEO_MESSAGES.notFound);
  return orVideoNotFound(() => db.transaction((tx) => q.toggleVideoLike(tx, videoId, memberId)));
}

export async function toggleSave(db: Db, videoId: number, memberId: number) {
  if (!(await q.videoExists(db, videoId))) throw notFound(VIDEO_MESSAGES.notFound);
  return orVideoNotFound(() => db.transaction((tx) => q.toggleVideoSave(tx, videoId, memberId)));
}

type DiscussionRow = Awaited<ReturnType<typeof q.listDiscussions>>[number];

/** Another member's name and picture, never her e-mail: the display name is worked out here. */
function presentDiscussion(row: DiscussionRow) {
  return {
    id: row.id,
    videoId: row.videoId,
    content: row.content,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    likes: row.likes,
    likedByMe: row.likedByMe,
    isReflectionPrompt: row.isReflectionPrompt,
    user: {
      id: row.authorId,
      firstName: row.authorFirstName,
      profileImageUrl: row.authorImage,
      displayName: personName({ firstName: row.authorFirstName, email: row.authorEmail }),
    },
  };
}

export async function videoDiscussions(
  db: Db,
  videoId: number,
  viewer: Viewer,
  page: { limit: number; before?: number },
) {
  const rows = await q.listDiscussions(db, videoId, viewer, page);
  if (rows.length === 0 && !(await q.videoExists(db, videoId))) throw notFound(VIDEO_MESSAGES.notFound);
  return rows.map(presentDiscussion);
}

export async function addDiscussion(
  db: Db,
  limits: NewMemberLimits,
  member: {
    id: number;
    isAdmin: boolean;
    createdAt: Date;
    firstName: string | null;
    email: string;
    profileImageUrl: string | null;
  },
  body: { videoId: number; content: string; isReflectionPrompt: boolean },
) {
  // Her place is taken before the batched insert: a refusal never holds up the reflections sent
  // with hers. One round trip: a missing video shows up as the foreign key refusing the row.
  const row = await orVideoNotFound(() =>
    withinNewMemberLimit(db, limits, member, "posts", () =>
      q.insertDiscussion(db, {
        videoId: body.videoId,
        userId: member.id,
        content: body.content,
        isReflectionPrompt: body.isReflectionPrompt,
      }),
    ),
  );
  return presentDiscussion({
    id: row.id,
    videoId: row.videoId,
    content: row.content,
    createdAt: row.createdAt,
    editedAt: null,
    likes: row.likes,
    likedByMe: false,
    isReflectionPrompt: row.isReflectionPrompt,
    authorId: member.id,
    authorFirstName: member.firstName,
    authorEmail: member.email,
    authorImage: member.profileImageUrl,
  });
}

export async function toggleDiscussionLike(db: Db, discussionId: number, memberId: number) {
  if (!(await q.discussionExists(db, discussionId))) throw notFound(VIDEO_MESSAGES.discussionNotFound);
  try {
    return await db.transaction((tx) => q.toggleDiscussionLike(tx, discussionId, memberId));
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound(VIDEO_MESSAGES.discussionNotFound);
    throw err;
  }
}

export async function memberReflections(db: Db, memberId: number, page: { limit: number; before?: number }) {
  const rows = await q.listReflections(db, memberId, page);
  return rows.map(({ videoId, videoTitle, ...rest }) => ({
    ...rest,
    video: videoId !== null && videoTitle !== null ? { id: videoId, title: videoTitle } : null,
  }));
}

// --- Administration ---------------------------------------------------------------------------

type AdminRow = NonNullable<Awaited<ReturnType<typeof q.findAdminVideo>>>;

const presentAdminVideo = (row: AdminRow) => ({
  ...row,
  youtubeUrl: row.youtubeId ? youTubeWatchUrl(row.youtubeId) : null,
});

export async function adminVideos(db: Db, options: { search?: string; limit: number; before?: number }) {
  return (await q.listAdminVideos(db, options)).map(presentAdminVideo);
}

/** The id inside any common form of YouTube link; the schema already refused anything else. */
function youtubeIdOf(url: string) {
  const id = parseYouTubeId(url);
  if (!id) throw badRequest(VIDEO_MESSAGES.youtubeUrl);
  return id;
}

export async function createVideo(db: Db, adminId: number, body: AdminVideoValues) {
  const id = await db.transaction(async (tx) => {
    const videoId = await q.insertVideo(tx, {
      title: body.title,
      description: body.description,
      youtubeId: youtubeIdOf(body.youtubeUrl),
      series: body.series ?? null,
      duration: body.duration ?? null,
      reflectionPrompts: body.reflectionPrompts ?? [],
      patronOnly: body.patronOnly ?? false,
      createdBy: adminId,
    });
    await recordActivity(tx, "video_added", { title: body.title }, adminId);
    await notifyEveryMember(tx, {
      kind: "video_published",
      actorId: adminId,
      subjectId: videoId,
      title: body.title,
    });
    return videoId;
  });
  return presentAdminVideo((await q.findAdminVideo(db, id))!);
}

export async function editVideo(db: Db, id: number, body: AdminVideoChanges) {
  const changes: Partial<q.VideoValues> = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) changes.description = body.description;
  if (body.youtubeUrl !== undefined) changes.youtubeId = youtubeIdOf(body.youtubeUrl);
  if (body.series !== undefined) changes.series = body.series;
  if (body.duration !== undefined) changes.duration = body.duration;
  if (body.reflectionPrompts !== undefined) changes.reflectionPrompts = body.reflectionPrompts;
  if (body.patronOnly !== undefined) changes.patronOnly = body.patronOnly;
  if (!(await q.updateVideo(db, id, changes))) throw notFound(VIDEO_MESSAGES.notFound);
  return presentAdminVideo((await q.findAdminVideo(db, id))!);
}

export async function removeVideo(db: Db, id: number) {
  if (!(await q.deleteVideo(db, id))) throw notFound(VIDEO_MESSAGES.notFound);
}
