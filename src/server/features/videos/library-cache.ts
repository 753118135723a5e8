import { CARDS_PAGE_SIZE } from "../../../core/constants";
import { opensPatronTeaching } from "../../../core/patron-teaching";
import { videosEndpoints } from "../../../core/videos/endpoints";
import { youTubeThumbnail } from "../../../core/youtube";
import type { Db } from "../../db/client";
import { type ServeOptions, sharedResponseOf } from "../../http/endpoint-routes";
import { listVideos } from "./queries";

const library = videosEndpoints.library;

/**
 * The library is kept twice: with the hosted ids of patron-only videos (for patrons and
 * administrators) and without them (for everyone else, whose entry is the plain key).
 */
const libraryVariant = (patron: boolean) => (patron ? "patron" : "");

/**
 * Whether she plays patron teaching, worked out once per request: the entry her library is kept
 * under and the list read for it follow the same answer.
 */
export const libraryServing: ServeOptions<typeof library, boolean> = {
  derive: ({ viewer }) => opensPatronTeaching(viewer),
  vary: ({ derived }) => libraryVariant(derived),
};

/**
 * The stills the library's first cards show (the ones it loads eagerly), for the page's HTML to
 * announce: the largest thing on a phone's first screen is the first thumbnail. Read from the shared
 * entry the library's first page (`CARDS_PAGE_SIZE` cards, as the browser asks) has for a member who
 * is not a patron, so a patron-only video's id is never announced.
 */
export async function firstLibraryThumbnails(db: Db, count = 3): Promise<string[]> {
  const { value } = await sharedResponseOf(
    db,
    library,
    { query: { limit: CARDS_PAGE_SIZE } },
    libraryVariant(false),
    ({ query }) => listVideos(db, query, false),
  );
  return value
    .slice(0, count)
    .flatMap((video) => (video.youtubeId ? [youTubeThumbnail(video.youtubeId, "mqdefault")] : []));
}
