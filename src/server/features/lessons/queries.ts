import { and, asc, eq, sql } from "drizzle-orm";
import type { HebrewMonth, LessonRule } from "../../../core/lessons/rules";
import type { Db, Tx } from "../../db/client";
import {
  courseEnrollments,
  courseModules,
  courses,
  lessonProgress,
  lessons,
  notificationPreferences,
  videoProgress,
  videos,
} from "../../db/schema";

type Conn = Db | Tx;

/** A lesson's rule as stored, as the rules module takes it. */
export function ruleOf(row: {
  rule: (typeof lessons.$inferSelect)["rule"];
  unlockDays: number | null;
  unlockDate: string | null;
  unlockMonth: number | null;
}): LessonRule {
  switch (row.rule) {
    case "days_after_enrollment":
      return { kind: "days_after_enrollment", days: row.unlockDays ?? 0 };
    case "on_date":
      return row.unlockDate ? { kind: "on_date", date: row.unlockDate } : { kind: "immediate" };
    case "hebrew_date":
      return row.unlockDays && row.unlockMonth
        ? { kind: "hebrew_date", month: row.unlockMonth as HebrewMonth, day: row.unlockDays }
        : { kind: "immediate" };
    case "omer_day":
      return row.unlockDays ? { kind: "omer_day", day: row.unlockDays } : { kind: "immediate" };
    case "after_previous":
      return { kind: "after_previous" };
    default:
      return { kind: "immediate" };
  }
}

/**
 * The course as it stands for her: its title and status, when she enrolled (null when she has not),
 * and the time zone and city of her notification preferences (null when she has none: the
 * ministry's zone then, and its main city).
 */
export async function courseForLearner(db: Conn, userId: number, courseId: number) {
  const [row] = await db
    .select({
      id: courses.id,
      title: courses.title,
      status: courses.status,
      price: courses.price,
      patronOnly: courses.patronOnly,
      includedForPatrons: courses.includedForPatrons,
      enrolledAt: courseEnrollments.createdAt,
      timeZone: notificationPreferences.timeZone,
      city: notificationPreferences.restCity,
    })
    .from(courses)
    .leftJoin(
      courseEnrollments,
      and(eq(courseEnrollments.courseId, courses.id), eq(courseEnrollments.userId, userId)),
    )
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, userId))
    .where(eq(courses.id, courseId));
  return row;
}

/**
 * Every module of a course with its lessons in course order (a module without lessons as one row
 * with a null lesson), and whether she finished each: one read over the course's indexes and her
 * progress rows' primary key.
 */
export function courseLessons(db: Conn, userId: number, courseId: number) {
  return db
    .select({
      moduleId: courseModules.id,
      moduleTitle: courseModules.title,
      id: lessons.id,
      title: lessons.title,
      kind: lessons.kind,
      rule: lessons.rule,
      unlockDays: lessons.unlockDays,
      unlockDate: lessons.unlockDate,
      unlockMonth: lessons.unlockMonth,
      freePreview: lessons.freePreview,
      finishedAt: lessonProgress.finishedAt,
    })
    .from(courseModules)
    .leftJoin(lessons, eq(lessons.moduleId, courseModules.id))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.position), asc(courseModules.id), asc(lessons.position), asc(lessons.id));
}

/** One lesson with all it holds, her progress in it, and its video with where she stopped. */
export async function lessonForLearner(db: Conn, userId: number, lessonId: number) {
  const [row] = await db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      moduleId: lessons.moduleId,
      title: lessons.title,
      kind: lessons.kind,
      body: lessons.body,
      prompt: lessons.prompt,
      quiz: lessons.quiz,
      passMark: lessons.passMark,
      updatedAt: lessons.updatedAt,
      videoId: videos.id,
      videoTitle: videos.title,
      youtubeId: videos.youtubeId,
      duration: videos.duration,
      resumeAt: videoProgress.seconds,
      videoFinished: videoProgress.finished,
      finishedAt: lessonProgress.finishedAt,
      reflection: lessonProgress.reflection,
      quizBestScore: lessonProgress.quizBestScore,
      quizTries: lessonProgress.quizTries,
    })
    .from(lessons)
    .leftJoin(videos, eq(videos.id, lessons.videoId))
    .leftJoin(
      videoProgress,
      and(eq(videoProgress.videoId, lessons.videoId), eq(videoProgress.userId, userId)),
    )
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(eq(lessons.id, lessonId));
  return row;
}

/** Records that she finished a lesson; the first time stays. */
export async function markFinished(
  tx: Tx,
  userId: number,
  lesson: { id: number; courseId: number },
  now: Date,
) {
  await tx
    .insert(lessonProgress)
    .values({ userId, lessonId: lesson.id, courseId: lesson.courseId, finishedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: { finishedAt: sql`coalesce(${lessonProgress.finishedAt}, ${now}::timestamptz)`, updatedAt: now },
    });
}

/** Saves her reflection (replacing the one before); saving it finishes the lesson. */
export async function saveReflection(
  tx: Tx,
  userId: number,
  lesson: { id: number; courseId: number },
  text: string,
  now: Date,
) {
  await tx
    .insert(lessonProgress)
    .values({
      userId,
      lessonId: lesson.id,
      courseId: lesson.courseId,
      reflection: text,
      finishedAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        reflection: text,
        finishedAt: sql`coalesce(${lessonProgress.finishedAt}, ${now}::timestamptz)`,
        updatedAt: now,
      },
    });
}

/** Counts a try at a quiz and keeps her best score; a pass finishes the lesson. */
export async function recordQuizTry(
  tx: Tx,
  userId: number,
  lesson: { id: number; courseId: number },
  result: { score: number; passed: boolean },
  now: Date,
) {
  const finishedAt = result.passed
    ? sql`coalesce(${lessonProgress.finishedAt}, ${now}::timestamptz)`
    : sql`${lessonProgress.finishedAt}`;
  const [row] = await tx
    .insert(lessonProgress)
    .values({
      userId,
      lessonId: lesson.id,
      courseId: lesson.courseId,
      quizBestScore: result.score,
      quizTries: 1,
      finishedAt: result.passed ? now : null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        quizTries: sql`${lessonProgress.quizTries} + 1`,
        quizBestScore: sql`greatest(coalesce(${lessonProgress.quizBestScore}, 0), ${result.score}::int)`,
        finishedAt,
        updatedAt: now,
      },
    })
    .returning({ bestScore: lessonProgress.quizBestScore, tries: lessonProgress.quizTries });
  return { bestScore: row?.bestScore ?? result.score, tries: row?.tries ?? 1 };
}

/** Holds her enrolment in the lesson's course until the transaction ends (none: nothing to hold). */
export async function lockEnrollmentOfLesson(tx: Tx, userId: number, lessonId: number) {
  await tx.execute(sql`select 1 from ${courseEnrollments} e
    join ${lessons} l on l.course_id = e.course_id
    where l.id = ${lessonId} and e.user_id = ${userId}
    for no key update of e`);
}
