import type { Db } from "../../db/client";
import { sharedCache } from "../../http/shared-cache";
import type { listVideos } from "./queries";

/** Library pages are the same for every member. */
export const libraryCache = (db: Db) =>
  sharedCache<Awaited<ReturnType<typeof listVideos>>>(db, "video-library");
