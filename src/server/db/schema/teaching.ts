import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { at, belongsTo, counter, createdAt, id, mayReference, moderatedColumns, updatedAt } from "./columns";
import { users } from "./users";

export const videos = pgTable(
  "videos",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    youtubeId: text("youtube_id"),
    series: text("series"),
    duration: integer("duration"),
    views: counter("views"),
    likesCount: counter("likes_count"),
    reflectionPrompts: text("reflection_prompts").array().notNull().default(sql`'{}'::text[]`),
    /** Listed to everyone, played only by patrons and administrators (the YouTube id stays here). */
    patronOnly: boolean("patron_only").notNull().default(false),
    publishedAt: at("published_at").notNull().defaultNow(),
    createdAt: createdAt(),
    createdBy: mayReference("created_by", () => users.id),
  },
  (t) => [
    index("videos_published_idx").on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("videos_series_published_idx").on(
      t.series,
      t.publishedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("videos_search_trgm_idx").using("gin", sql`(${t.title} || ' ' || ${t.description}) gin_trgm_ops`),
    index("videos_created_idx").on(t.createdAt),
  ],
);

/** Last time a member's view was counted, so views count once per member per video per hour. */
export const videoViewMarks = pgTable(
  "video_view_marks",
  {
    userId: belongsTo("user_id", () => users.id),
    videoId: belongsTo("video_id", () => videos.id),
    countedAt: at("counted_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

export const videoLikes = pgTable(
  "video_likes",
  {
    userId: belongsTo("user_id", () => users.id),
    videoId: belongsTo("video_id", () => videos.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

export const videoSaves = pgTable(
  "video_saves",
  {
    userId: belongsTo("user_id", () => users.id),
    videoId: belongsTo("video_id", () => videos.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index("video_saves_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * Where a member stopped in a video, saved now and then while she watches: the page takes her back
 * there, and the library and home page offer what she has started. One row per member and video.
 */
export const videoProgress = pgTable(
  "video_progress",
  {
    userId: belongsTo("user_id", () => users.id),
    videoId: belongsTo("video_id", () => videos.id),
    /** Whole seconds into the video. */
    seconds: integer("seconds").notNull(),
    /** She reached the end: nothing to resume, and it leaves "Continue Watching". */
    finished: boolean("finished").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index("video_progress_user_recent_idx").on(
      t.userId,
      t.updatedAt.desc().nullsFirst(),
      t.videoId.desc().nullsFirst(),
    ),
  ],
);

/** Comments ("reflections") on a video. */
export const discussions = pgTable(
  "discussions",
  {
    id: id(),
    videoId: belongsTo("video_id", () => videos.id),
    userId: belongsTo("user_id", () => users.id),
    content: text("content").notNull(),
    isReflectionPrompt: boolean("is_reflection_prompt").notNull().default(false),
    likes: counter("likes"),
    ...moderatedColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index("discussions_video_idx").on(t.videoId, t.id.desc().nullsFirst()),
    index("discussions_user_idx").on(t.userId, t.id.desc().nullsFirst()),
  ],
);

export const discussionLikes = pgTable(
  "discussion_likes",
  {
    discussionId: belongsTo("discussion_id", () => discussions.id),
    userId: belongsTo("user_id", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.discussionId, t.userId] })],
);

export const videoNotes = pgTable(
  "video_notes",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    videoId: mayReference("video_id", () => videos.id),
    content: text("content").notNull(),
    timestamp: integer("timestamp"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    isHighlight: boolean("is_highlight").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("video_notes_user_idx").on(t.userId, t.id.desc().nullsFirst()),
    index("video_notes_tags_idx").using("gin", t.tags),
  ],
);

export const articles = pgTable(
  "articles",
  {
    id: id(),
    guid: text("guid").notNull(),
    title: text("title").notNull(),
    url: text("url"),
    excerpt: text("excerpt").notNull().default(""),
    contentHtml: text("content_html"),
    author: text("author"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    readingTime: integer("reading_time").notNull().default(5),
    views: counter("views"),
    publishedAt: at("published_at").notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("articles_guid_idx").on(t.guid),
    index("articles_published_idx").on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("articles_search_trgm_idx").using("gin", sql`(${t.title} || ' ' || ${t.excerpt}) gin_trgm_ops`),
    index("articles_tags_idx").using("gin", t.tags),
  ],
);

/**
 * How each sync of the newsletter's feed went (the hourly one and those an administrator asked for),
 * for the dashboard's status: the new articles it brought, or why it failed. A month is kept.
 */
export const articleSyncRuns = pgTable("article_sync_runs", {
  id: id(),
  finishedAt: at("finished_at").notNull().defaultNow(),
  /** New and changed articles; null when it failed. */
  added: integer("added"),
  updated: integer("updated"),
  /**
   * Why it failed: its kind and values (src/server/features/articles/feed-failures.ts), the sentence
   * written in the reader's language; null when it worked.
   */
  failure: jsonb("failure").$type<Record<string, unknown>>(),
});

export const articleDiscussions = pgTable(
  "article_discussions",
  {
    id: id(),
    articleId: belongsTo("article_id", () => articles.id),
    userId: belongsTo("user_id", () => users.id),
    content: text("content").notNull(),
    ...moderatedColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index("article_discussions_article_idx").on(t.articleId, t.id.desc().nullsFirst()),
    // A new member's posts of her first day are counted (her limit) by author and time.
    index("article_discussions_user_idx").on(t.userId, t.createdAt),
  ],
);

export const courses = pgTable(
  "courses",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    shortDescription: text("short_description"),
    status: text("status", { enum: ["active", "coming_soon", "archived"] })
      .notNull()
      .default("coming_soon"),
    estimatedDuration: text("estimated_duration"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    price: numeric("price", { precision: 10, scale: 2, mode: "number" }),
    courseUrl: text("course_url"),
    /** Listed to everyone, opened only by patrons and administrators. */
    patronOnly: boolean("patron_only").notNull().default(false),
    /** A priced course a patron enrols in without paying. */
    includedForPatrons: boolean("included_for_patrons").notNull().default(false),
    enrolledCount: counter("enrolled_count"),
    interestCount: counter("interest_count"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("courses_status_idx").on(t.status, t.id.desc().nullsFirst()),
    index("courses_search_trgm_idx").using("gin", sql`(${t.title} || ' ' || ${t.description}) gin_trgm_ops`),
  ],
);

export const courseEnrollments = pgTable(
  "course_enrollments",
  {
    userId: belongsTo("user_id", () => users.id),
    courseId: belongsTo("course_id", () => courses.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/** "Notify Me When Ready" on a coming-soon course. */
export const courseInterests = pgTable(
  "course_interests",
  {
    userId: belongsTo("user_id", () => users.id),
    courseId: belongsTo("course_id", () => courses.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/**
 * One purchase of a priced course: the Stripe payment intent made for it. While one is pending or
 * paid, the same intent is offered again instead of a new one, so a course cannot be paid twice.
 * The enrolment is written only when Stripe's verified webhook says the intent succeeded.
 */
export const coursePurchases = pgTable(
  "course_purchases",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    courseId: belongsTo("course_id", () => courses.id),
    paymentIntentId: text("payment_intent_id").notNull(),
    status: text("status", { enum: ["pending", "paid", "refunded", "canceled"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("course_purchases_intent_idx").on(t.paymentIntentId),
    uniqueIndex("course_purchases_open_idx")
      .on(t.userId, t.courseId)
      .where(sql`${t.status} in ('pending', 'paid')`),
  ],
);
