import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

export const videos = pgTable(
  "videos",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    youtubeId: text("youtube_id"),
    series: text("series"),
    duration: integer("duration"),
    views: integer("views").notNull().default(0),
    likesCount: integer("likes_count").notNull().default(0),
    reflectionPrompts: text("reflection_prompts").array().notNull().default(sql`'{}'::text[]`),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
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
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    countedAt: timestamp("counted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

export const videoLikes = pgTable(
  "video_likes",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

export const videoSaves = pgTable(
  "video_saves",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index("video_saves_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Comments ("reflections") on a video. */
export const discussions = pgTable(
  "discussions",
  {
    id: serial("id").primaryKey(),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    isReflectionPrompt: boolean("is_reflection_prompt").notNull().default(false),
    likes: integer("likes").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("discussions_video_idx").on(t.videoId, t.id.desc().nullsFirst()),
    index("discussions_user_idx").on(t.userId, t.id.desc().nullsFirst()),
  ],
);

export const discussionLikes = pgTable(
  "discussion_likes",
  {
    discussionId: integer("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.discussionId, t.userId] })],
);

export const videoNotes = pgTable(
  "video_notes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    videoId: integer("video_id").references(() => videos.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    timestamp: integer("timestamp"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    isHighlight: boolean("is_highlight").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("video_notes_user_idx").on(t.userId, t.id.desc().nullsFirst()),
    index("video_notes_tags_idx").using("gin", t.tags),
  ],
);

export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    guid: text("guid").notNull(),
    title: text("title").notNull(),
    url: text("url"),
    excerpt: text("excerpt").notNull().default(""),
    contentHtml: text("content_html"),
    author: text("author"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    readingTime: integer("reading_time").notNull().default(5),
    views: integer("views").notNull().default(0),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("articles_guid_idx").on(t.guid),
    index("articles_published_idx").on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("articles_search_trgm_idx").using("gin", sql`(${t.title} || ' ' || ${t.excerpt}) gin_trgm_ops`),
    index("articles_tags_idx").using("gin", t.tags),
  ],
);

export const articleDiscussions = pgTable(
  "article_discussions",
  {
    id: serial("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("article_discussions_article_idx").on(t.articleId, t.id.desc().nullsFirst())],
);

export const courses = pgTable(
  "courses",
  {
    id: serial("id").primaryKey(),
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
    enrolledCount: integer("enrolled_count").notNull().default(0),
    interestCount: integer("interest_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("courses_status_idx").on(t.status, t.id.desc().nullsFirst()),
    index("courses_search_trgm_idx").using("gin", sql`(${t.title} || ' ' || ${t.description}) gin_trgm_ops`),
  ],
);

export const courseEnrollments = pgTable(
  "course_enrollments",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/** "Notify Me When Ready" on a coming-soon course. */
export const courseInterests = pgTable(
  "course_interests",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);
