import { z } from "zod";
import {
  dateTime,
  idSchema,
  oneLine,
  pageQuery,
  requiredText,
  searchText,
  tagFilter,
  timecode,
} from "../common-schemas";
import { LIMITS } from "../constants";
import { NOTE_TIMESTAMP_MAX } from "./limits";

export const NOTE_MESSAGES = {
  content: "Note content is required",
  notFound: "Note not found",
  videoNotFound: "That video no longer exists",
} as const;

const content = requiredText(NOTE_MESSAGES.content, LIMITS.text);

const tag = oneLine(z.string().trim()).max(LIMITS.tag, {
  message: `Each tag must be at most ${LIMITS.tag} characters`,
});

/** Trimmed, empties dropped, duplicates (ignoring case) dropped, order kept. */
const cleanTags = (tags: string[]) => {
  const seen = new Set<string>();
  return tags.filter((t) => {
    const key = t.toLowerCase();
    if (!t || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

const tags = z
  .array(tag)
  .transform(cleanTags)
  .pipe(z.array(z.string()).max(LIMITS.tags, { message: `At most ${LIMITS.tags} tags` }));

const timestamp = timecode(NOTE_TIMESTAMP_MAX, "Timestamp must be under 24 hours");

/** POST /api/video-notes. */
export const createNoteBody = z.object({
  videoId: idSchema.nullish(),
  content,
  timestamp: timestamp.seconds.nullish(),
  tags: tags.optional().default([]),
  isHighlight: z.boolean().optional().default(false),
});
export type CreateNoteBody = z.input<typeof createNoteBody>;

/** PATCH /api/video-notes/{id}: any of the fields; null clears the video or the time. */
export const updateNoteBody = z.object({
  videoId: idSchema.nullish(),
  content: content.optional(),
  timestamp: timestamp.seconds.nullish(),
  tags: tags.optional(),
  isHighlight: z.boolean().optional(),
});
export type UpdateNoteBody = z.input<typeof updateNoteBody>;

export const noteItem = z.object({
  id: z.number(),
  videoId: z.number().nullable(),
  videoTitle: z.string().nullable(),
  content: z.string(),
  /** Seconds into the video. */
  timestamp: z.number().nullable(),
  tags: z.array(z.string()),
  isHighlight: z.boolean(),
  createdAt: dateTime,
});
export type NoteItem = z.input<typeof noteItem>;

export const noteListQuery = pageQuery.extend({
  search: searchText,
  tag: tagFilter,
  highlights: z.stringbool().optional().default(false),
});
export type NoteListQuery = z.infer<typeof noteListQuery>;

/**
 * The "Create New Note" form: the video picked from a list, the time typed as m:ss (or filled in
 * from the player), tags typed comma-separated. Its output is the API body.
 */
export const noteForm = z.object({
  videoId: z.string().transform((v) => (v ? Number(v) : null)),
  timestamp: timestamp.field,
  content,
  tags: z
    .string()
    .transform((text) => text.split(","))
    .pipe(tags),
  isHighlight: z.boolean(),
});
export type NoteFormInput = z.input<typeof noteForm>;
export type NoteFormOutput = z.output<typeof noteForm>;
