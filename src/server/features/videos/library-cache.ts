import { VIDEO_PAGE_SIZE, videoListQuery } from "../../../core/schemas/videos";
import { youTubeThumbnail } from "../../../core/youtube";
import type { Db } from "../../db/client";
import { sharedCache } from "../../http/shared-cache";
import { listVideos } from "./queries";

/** Library pages are the same for every member. */
export const libraryCache = (db: Db) =>
  sharedCache<Awaited<ReturnType<typeof listVideos>>>(db, "video-library");

/**
 * The stills the library's first cards show (the ones it loads eagerly), for the page's HTML to
 * announce: the largest thing on a phone's first screen is the first thumbnail. Read from the same
 * cache entry the library's first request uses.
 */
export async function firstLibraryThumbnails(db: Db, count = 3): Promise<string[]> {
  const query = videoListQuery.parse({ limit: String(VIDEO_PAGE_SIZE) });
  const { value } = await libraryCache(db).get(JSON.stringify(query), () => listVideos(db, query));
  return value
    .slice(0, count)
    .flatMap((video) => (video.youtubeId ? [youTubeThumbnail(video.youtubeId, "mqdefault")] : []));
}
