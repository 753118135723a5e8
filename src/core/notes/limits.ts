// What the pages need of notes without zod: the tag of a kept reflection and how far into a video
// a note can point.

/** The tag on a reflection she kept private, so her private reflections gather under one tag. */
export const REFLECTION_NOTE_TAG = "reflection";

/** Longest position in a video a note can point at: 24 hours, in seconds. */
export const NOTE_TIMESTAMP_MAX = 24 * 3600;
