/** Where a member stopped in a video, and what the pages make of it. */

/** A start shorter than this is not worth going back to: the video simply starts again. */
export const RESUME_MIN_SECONDS = 5;

/** How often, in seconds of play, the player saves where she is (and on pause and on leaving). */
export const PROGRESS_SAVE_EVERY_SECONDS = 15;

/** Closer than this to the end, she has finished it. */
export const FINISHED_WITHIN_SECONDS = 10;

/** Videos the library's "Continue Watching" row shows at most (and the page of progress it asks for). */
export const CONTINUE_WATCHING_COUNT = 24;

/** The home page asks only for the video she watched last ("Continue Watching"). */
export const HOME_WATCHING_COUNT = 1;

/** The moment to take her back to, if any. */
export function resumePoint(progress: { seconds: number; finished: boolean } | null | undefined) {
  return progress && !progress.finished && progress.seconds >= RESUME_MIN_SECONDS
    ? progress.seconds
    : undefined;
}

/** The share of the video behind her, from 0 to 1 (nothing when the length is unknown). */
export function watchedShare(seconds: number, duration: number | null) {
  if (!duration || duration <= 0) return undefined;
  return Math.min(1, Math.max(0, seconds / duration));
}
