import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { LESSON_KINDS, LESSON_RULES } from "../../../core/lessons/rules";
import { at, belongsTo, createdAt, id, mayReference, updatedAt } from "./columns";
import { courses, videos } from "./teaching";
import { users } from "./users";

/** One question of a quiz as stored: the right answer stays on the server until she submits. */
export interface StoredQuizQuestion {
  question: string;
  choices: string[];
  /** The index of the right choice. */
  answer: number;
}

/** A course's modules, in order. */
export const courseModules = pgTable(
  "course_modules",
  {
    id: id(),
    courseId: belongsTo("course_id", () => courses.id),
    title: text("title").notNull(),
    position: integer("position").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("course_modules_course_idx").on(t.courseId, t.position)],
);

/**
 * A module's lessons, in order. `course_id` repeats the module's course so a course's whole outline
 * is one indexed read. What a lesson holds depends on its kind: a reading's Markdown (`body`), a
 * video, a reflection's prompt, a quiz's questions and pass mark.
 */
export const lessons = pgTable(
  "lessons",
  {
    id: id(),
    courseId: belongsTo("course_id", () => courses.id),
    moduleId: belongsTo("module_id", () => courseModules.id),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    kind: text("kind", { enum: LESSON_KINDS }).notNull(),
    /** A reading's Markdown, or a few words before a video, a reflection or a quiz. */
    body: text("body").notNull().default(""),
    videoId: mayReference("video_id", () => videos.id),
    prompt: text("prompt"),
    quiz: jsonb("quiz").$type<StoredQuizQuestion[]>().notNull().default(sql`'[]'::jsonb`),
    /** The percentage of right answers that passes the quiz. */
    passMark: integer("pass_mark").notNull().default(80),
    rule: text("rule", { enum: LESSON_RULES }).notNull().default("immediate"),
    /**
     * `days_after_enrollment`: the days after the day she enrolled; `hebrew_date`: the day of the
     * Hebrew month (1–30); `omer_day`: the day of the Omer (1–49).
     */
    unlockDays: integer("unlock_days"),
    /** `on_date`: the day it opens, at the start of that day in her time zone. */
    unlockDate: date("unlock_date", { mode: "string" }),
    /** `hebrew_date`: the Hebrew month, by hebcal's numbers (1 Nisan … 13 Adar II: see core/lessons/rules.ts). */
    unlockMonth: integer("unlock_month"),
    /** Open to every member when it is the course's first lesson. */
    freePreview: boolean("free_preview").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("lessons_course_idx").on(t.courseId, t.position),
    index("lessons_module_idx").on(t.moduleId, t.position),
  ],
);

/** Her progress in a lesson: one row per member and lesson, kept when the course is reordered. */
export const lessonProgress = pgTable(
  "lesson_progress",
  {
    userId: belongsTo("user_id", () => users.id),
    lessonId: belongsTo("lesson_id", () => lessons.id),
    courseId: belongsTo("course_id", () => courses.id),
    finishedAt: at("finished_at"),
    /** Her written answer to a reflection: private to her. */
    reflection: text("reflection"),
    quizBestScore: integer("quiz_best_score"),
    quizTries: integer("quiz_tries").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index("lesson_progress_course_idx").on(t.courseId, t.userId),
  ],
);

/** Made once, when she finishes every lesson of a course; `code` is the public verification link's. */
export const certificates = pgTable(
  "certificates",
  {
    id: id(),
    code: text("code").notNull(),
    userId: belongsTo("user_id", () => users.id),
    courseId: belongsTo("course_id", () => courses.id),
    issuedAt: at("issued_at").notNull().defaultNow(),
    /** She hid its public page. */
    hidden: boolean("hidden").notNull().default(false),
  },
  (t) => [
    uniqueIndex("certificates_code_idx").on(t.code),
    uniqueIndex("certificates_user_course_idx").on(t.userId, t.courseId),
    index("certificates_course_idx").on(t.courseId),
  ],
);
