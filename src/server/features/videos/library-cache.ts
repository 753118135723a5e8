import { videosEndpoints } from "../../../core/endpoints/videos";
import { opensPatronTeaching, type TeachingViewer } from "../../../core/patron-teaching";
import { VIDEO_PAGE_SIZE, videoListQuery } from "../../../core/schemas/videos";
import { youTubeThumbnail } from "../../../core/youtube";
import type { Db } from "../../db/client";
import { sharedCacheOf, sharedKeyOf } from "../../http/endpoint-routes";
import { listVideos } from "./queries";

const library = videosEndpoints.library;

/**
 * The library is kept twice: with the hosted ids of patron-only videos (for patrons and
 * administrators) and without them (for everyone else, whose entry is the plain key).
 */
export const libraryVariant = (viewer: TeachingViewer) => (opensPatronTeaching(viewer) ? "patron" : "");

/**
 * The stills the library's first cards show (the ones it loads eagerly), for the page's HTML to
 * announce: the largest thing on a phone's first screen is the first thumbnail. Read from the same
 * shared cache entry the library's first request (`GET /api/videos?limit=24`) of a member who is not
 * a patron uses, so a patron-only video's id is never announced: the key is made
 * from the inputs as the route sees them, validated (`{}` is what Fastify gives for a path without
 * parameters).
 */
export async function firstLibraryThumbnails(db: Db, count = 3): Promise<string[]> {
  const query = videoListQuery.parse({ limit: String(VIDEO_PAGE_SIZE) });
  const { value } = await sharedCacheOf<Awaited<ReturnType<typeof listVideos>>>(db, library).get(
    sharedKeyOf(library, undefined, query),
    () => listVideos(db, query, false),
  );
  return value
    .slice(0, count)
    .flatMap((video) => (video.youtubeId ? [youTubeThumbnail(video.youtubeId, "mqdefault")] : []));
}
