import { z } from "zod";
import {
  dateTime,
  idParams,
  idSchema,
  oneLine,
  pageQuery,
  requiredLine,
  requiredText,
  searchText,
  timecode,
} from "../common-schemas";
import { DESCRIPTION_MIN, DISCUSSION_PAGE_SIZE, LIMITS, VIDEO_SERIES } from "../constants";
import { isYouTubeId, parseYouTubeId } from "../youtube";

export const VIDEO_MESSAGES = {
  title: "Title is required",
  description: `Description must be at least ${DESCRIPTION_MIN} characters`,
  youtubeUrl: "Must be a valid YouTube URL",
  comment: "Please write something before sharing",
  notFound: "Video not found",
  discussionNotFound: "Reflection not found",
} as const;

/** Longest teaching a form accepts: 24 hours, in seconds. */
export const VIDEO_DURATION_MAX = 24 * 3600;
export const REFLECTION_PROMPTS_MAX = 10;
const PROGRESS_MESSAGE = `Seconds must be a whole number from 0 to ${VIDEO_DURATION_MAX}`;

export const RELATED_DEFAULT = 4;

export const videoSeries = z.enum(VIDEO_SERIES, { message: "Choose one of the series" });

/** A blank query parameter means "no filter" (the "All Series" button). */
const optionalSeries = z
  .union([videoSeries, z.literal("")])
  .optional()
  .transform((v) => (v ? v : undefined));

export const videoListQuery = pageQuery.extend({ search: searchText, series: optionalSeries });
export type VideoListQuery = z.infer<typeof videoListQuery>;

export const relatedQuery = z.object({
  limit: z.coerce.number().int().min(1).max(12).default(RELATED_DEFAULT),
});

export const videoParams = idParams;

/** A video's reflections, a page at a time: `pageQuery` with the discussions' own page size. */
export const discussionPageQuery = pageQuery.extend({
  limit: pageQuery.shape.limit.unwrap().default(DISCUSSION_PAGE_SIZE),
});

/** The sizes of still YouTube makes that a thumbnail may ask for. */
export const THUMBNAIL_SIZES = ["mqdefault", "hqdefault", "sddefault"] as const;

/** `GET /api/thumbnails/:youtubeId`. */
export const thumbnailParams = z.object({
  youtubeId: z.string().refine(isYouTubeId, { message: "Not a YouTube video id" }),
});
export const thumbnailQuery = z.object({ size: z.enum(THUMBNAIL_SIZES).default("hqdefault") });

/** A video as the library, the home page and saved videos show it. */
export const videoItem = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  /** What plays it: withheld from a patron-only video unless she is a patron or an administrator. */
  youtubeId: z.string().nullable(),
  /** Listed to every member, played only by patrons and administrators. */
  patronOnly: z.boolean(),
  series: z.string().nullable(),
  /** Seconds. */
  duration: z.number().nullable(),
  views: z.number(),
  likes: z.number(),
  publishedAt: dateTime,
  createdAt: dateTime,
});
export type VideoItem = z.input<typeof videoItem>;

/** Where she stopped in a video. */
export const videoProgress = z.object({
  /** Whole seconds into the video. */
  seconds: z.number(),
  /** She reached the end: the video starts from the beginning again. */
  finished: z.boolean(),
  updatedAt: dateTime,
});
export type VideoProgress = z.input<typeof videoProgress>;

/** PUT /api/videos/{id}/progress: where she is now, read from the player. */
export const saveProgressBody = z.object({
  seconds: z
    .number({ message: PROGRESS_MESSAGE })
    .int({ message: PROGRESS_MESSAGE })
    .min(0, { message: PROGRESS_MESSAGE })
    .max(VIDEO_DURATION_MAX, { message: PROGRESS_MESSAGE }),
  finished: z.boolean().optional().default(false),
});
export type SaveProgressBody = z.input<typeof saveProgressBody>;

export const videoDetail = videoItem.extend({
  reflectionPrompts: z.array(z.string()),
  discussionsCount: z.number(),
  likedByMe: z.boolean(),
  savedByMe: z.boolean(),
  /** Where she stopped, if she has started it. */
  progress: videoProgress.nullable(),
});
export type VideoDetail = z.input<typeof videoDetail>;

/** A video she started and has not finished (GET /api/video-progress), the latest watched first. */
export const watchingItem = videoItem
  .pick({ id: true, title: true, series: true, youtubeId: true, patronOnly: true, duration: true })
  .extend({ seconds: z.number(), watchedAt: dateTime });
export type WatchingItem = z.input<typeof watchingItem>;

export const viewResponse = z.object({ views: z.number(), counted: z.boolean() });
export const likeResponse = z.object({ liked: z.boolean(), likes: z.number() });
export type LikeResponse = z.input<typeof likeResponse>;
export const saveResponse = z.object({ saved: z.boolean() });
export type SaveResponse = z.input<typeof saveResponse>;

/** Another member as a discussion shows her: never her e-mail. */
export const discussionAuthor = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** First name, else the part of the e-mail before the at-sign, computed by the server. */
  displayName: z.string(),
});

export const discussionItem = z.object({
  id: z.number(),
  videoId: z.number(),
  content: z.string(),
  createdAt: dateTime,
  /** When its author last edited it ("edited" is shown). */
  editedAt: dateTime.nullable(),
  likes: z.number(),
  likedByMe: z.boolean(),
  isReflectionPrompt: z.boolean(),
  user: discussionAuthor,
});
export type DiscussionItem = z.input<typeof discussionItem>;

export const createDiscussionBody = z.object({
  content: requiredText(VIDEO_MESSAGES.comment, LIMITS.text),
  videoId: idSchema,
  isReflectionPrompt: z.boolean().optional().default(false),
});
export type CreateDiscussionBody = z.input<typeof createDiscussionBody>;

/** The member's own comments on videos (GET /api/reflections). */
export const reflectionItem = z.object({
  id: z.number(),
  content: z.string(),
  createdAt: dateTime,
  isReflectionPrompt: z.boolean(),
  likes: z.number(),
  video: z.object({ id: z.number(), title: z.string() }).nullable(),
});
export type ReflectionItem = z.input<typeof reflectionItem>;

// --- Administration -------------------------------------------------------------------------

const youtubeUrl = oneLine(z.string({ message: VIDEO_MESSAGES.youtubeUrl }).trim(), VIDEO_MESSAGES.youtubeUrl)
  .max(LIMITS.url, { message: VIDEO_MESSAGES.youtubeUrl })
  .refine((url) => parseYouTubeId(url) !== null, { message: VIDEO_MESSAGES.youtubeUrl });

const description = requiredText(VIDEO_MESSAGES.description, LIMITS.longText, DESCRIPTION_MIN);

const reflectionPrompts = z
  .array(
    oneLine(z.string().trim()).max(LIMITS.shortText * 2, {
      message: "Each prompt must be at most 400 characters",
    }),
  )
  .max(REFLECTION_PROMPTS_MAX, { message: `At most ${REFLECTION_PROMPTS_MAX} reflection prompts` })
  .transform((prompts) => prompts.filter(Boolean));

const duration = timecode(VIDEO_DURATION_MAX, "Duration must be under 24 hours");

const patronOnly = z.boolean({ message: "Choose whether it is for patrons" });

/**
 * POST /api/admin/videos: { title, description, youtubeUrl, series?, duration?, reflectionPrompts?,
 * patronOnly? }.
 */
export const adminVideoBody = z.object({
  title: requiredLine(VIDEO_MESSAGES.title, LIMITS.shortText),
  description,
  youtubeUrl,
  series: videoSeries.nullish(),
  duration: duration.seconds.nullish(),
  reflectionPrompts: reflectionPrompts.optional(),
  patronOnly: patronOnly.optional(),
});
export type AdminVideoBody = z.input<typeof adminVideoBody>;
export type AdminVideoValues = z.output<typeof adminVideoBody>;

/** PATCH /api/admin/videos/{id}: any of the fields; null clears series or duration. */
export const adminVideoPatch = adminVideoBody.partial();
export type AdminVideoPatch = z.input<typeof adminVideoPatch>;
export type AdminVideoChanges = z.output<typeof adminVideoPatch>;

export const adminVideoItem = videoItem.extend({
  reflectionPrompts: z.array(z.string()),
  youtubeUrl: z.string().nullable(),
  discussionsCount: z.number(),
});
export type AdminVideoItem = z.input<typeof adminVideoItem>;

export const adminVideoListQuery = pageQuery.extend({ search: searchText });

/**
 * The admin form: duration typed as m:ss, prompts one per line. Its output is the API body, so the
 * browser checks exactly what the server checks.
 */
export const adminVideoForm = z.object({
  youtubeUrl,
  title: requiredLine(VIDEO_MESSAGES.title, LIMITS.shortText),
  description,
  series: z.union([videoSeries, z.literal("")]).transform((v) => (v ? v : null)),
  duration: duration.field,
  reflectionPrompts: z
    .string()
    .transform((text) => text.split("\n"))
    .pipe(reflectionPrompts),
  patronOnly,
});
export type AdminVideoFormInput = z.input<typeof adminVideoForm>;
export type AdminVideoFormOutput = z.output<typeof adminVideoForm>;
