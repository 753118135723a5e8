import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../client";
import {
  certificates,
  courseEnrollments,
  courseModules,
  courses,
  lessonProgress,
  lessons,
  type StoredQuizQuestion,
  videos,
} from "../schema";
import content from "./lessons.json";
import type { SeededMembers } from "./members";

const DAY = 86_400_000;
/** What a demo member wrote in a reflection she finished (private to her). */
const REFLECTION =
  "I kept thinking nobody sees how tired I am. Writing this, I know that You see me, and that is enough for today.";

/** One week of a course in lessons.json: a video, a reading, and a reflection and a quiz where it has them. */
interface WeekContent {
  title: string;
  /** A library video, by title. */
  video: string;
  videoIntro: string;
  /** Markdown. */
  reading: string;
  prompt: string | null;
  quiz: StoredQuizQuestion[] | null;
}

interface CourseContent {
  /** A seeded course, by title. */
  course: string;
  /** Each week opens seven days after the one before, counted from her enrolment; else all at once. */
  weeksApart: boolean;
  modules: WeekContent[];
}

type LessonRow = typeof lessons.$inferInsert;

/** A reading's title: its first heading. */
const headingOf = (markdown: string) => /^#+\s+(.+)$/m.exec(markdown)?.[1] ?? "Reading";

/** The lessons of one week, in order, each opening by the week's rule. */
function weekLessons(week: WeekContent, index: number, weeksApart: boolean, videoId: (t: string) => number) {
  const opens: Pick<LessonRow, "rule" | "unlockDays"> =
    weeksApart && index > 0
      ? { rule: "days_after_enrollment", unlockDays: index * 7 }
      : { rule: "immediate", unlockDays: null };
  const rows: Omit<LessonRow, "courseId" | "moduleId" | "position">[] = [
    { ...opens, kind: "video", title: week.video, body: week.videoIntro, videoId: videoId(week.video) },
    { ...opens, kind: "reading", title: headingOf(week.reading), body: week.reading },
  ];
  if (week.prompt) rows.push({ ...opens, kind: "reflection", title: "Your reflection", prompt: week.prompt });
  if (week.quiz) rows.push({ ...opens, kind: "quiz", title: "A short quiz", quiz: week.quiz, passMark: 80 });
  return rows;
}

/**
 * The courses' lessons (lessons.json): "The Names of God" as a seven-week course whose weeks open
 * seven days apart after she enrols, its first lesson a free preview, and "Foundations of Grace",
 * open all at once. A little progress makes the outline, the funnel and a certificate worth seeing:
 * Lydia, a patron, is two weeks into "The Names of God"; in "Foundations of Grace" Esther has finished,
 * Hannah and Deborah are half-way, Ruth has begun and Lydia has not started.
 */
export async function seedLessons(tx: Tx, members: SeededMembers) {
  const plan = content.courses as CourseContent[];
  const library = await tx.select({ id: videos.id, title: videos.title }).from(videos);
  const videoId = (title: string) => {
    const found = library.find((v) => v.title === title);
    if (!found) throw new Error(`lessons.json names a video the library does not have: ${title}`);
    return found.id;
  };
  const seeded = await tx
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(
      inArray(
        courses.title,
        plan.map((c) => c.course),
      ),
    );

  /** Each course's lessons in order. */
  const courseLessons = new Map<string, { id: number; kind: LessonRow["kind"] }[]>();
  for (const course of plan) {
    const courseId = seeded.find((c) => c.title === course.course)?.id;
    if (!courseId) throw new Error(`lessons.json names a course the seed did not add: ${course.course}`);
    const modules = await tx
      .insert(courseModules)
      .values(course.modules.map((m, position) => ({ courseId, title: m.title, position })))
      .returning({ id: courseModules.id });
    const rows: LessonRow[] = [];
    course.modules.forEach((week, index) => {
      for (const lesson of weekLessons(week, index, course.weeksApart, videoId)) {
        rows.push({ ...lesson, courseId, moduleId: modules[index]!.id, position: rows.length });
      }
    });
    // The course's first lesson is open to every member, enrolled or not.
    if (course.weeksApart) rows[0]!.freePreview = true;
    courseLessons.set(
      course.course,
      await tx.insert(lessons).values(rows).returning({ id: lessons.id, kind: lessons.kind }),
    );
  }

  const names = courseLessons.get("The Names of God")!;
  const grace = courseLessons.get("Foundations of Grace")!;
  const namesId = seeded.find((c) => c.title === "The Names of God")!.id;
  const graceId = seeded.find((c) => c.title === "Foundations of Grace")!.id;
  const [hannah, esther, lydia, deborah] = members.others;
  const ruth = members.member;
  const now = Date.now();

  // Lydia enrolled in "The Names of God" fifteen days ago: three weeks are open to her.
  await tx
    .insert(courseEnrollments)
    .values({ userId: lydia!.id, courseId: namesId, createdAt: new Date(now - 15 * DAY) });
  await tx
    .update(courses)
    .set({ enrolledCount: sql`${courses.enrolledCount} + 1` })
    .where(eq(courses.id, namesId));
  // Those already enrolled in "Foundations of Grace" began a month ago.
  await tx
    .update(courseEnrollments)
    .set({ createdAt: new Date(now - 30 * DAY) })
    .where(eq(courseEnrollments.courseId, graceId));

  /**
   * Her first `count` lessons of the course, finished a day apart, the latest yesterday: each
   * reflection written, each quiz passed at the first try.
   */
  const finished = (userId: number, courseId: number, list: typeof names, count: number) =>
    list.slice(0, count).map((lesson, i) => ({
      userId,
      lessonId: lesson.id,
      courseId,
      finishedAt: new Date(now - (count - i) * DAY),
      updatedAt: new Date(now - (count - i) * DAY),
      reflection: lesson.kind === "reflection" ? REFLECTION : null,
      quizBestScore: lesson.kind === "quiz" ? 100 : null,
      quizTries: lesson.kind === "quiz" ? 1 : 0,
    }));
  await tx
    .insert(lessonProgress)
    .values([
      ...finished(lydia!.id, namesId, names, 6),
      ...finished(esther!.id, graceId, grace, grace.length),
      ...finished(hannah!.id, graceId, grace, 5),
      ...finished(deborah!.id, graceId, grace, 5),
      ...finished(ruth.id, graceId, grace, 2),
    ]);

  // Esther finished every lesson of "Foundations of Grace": her certificate was made that day.
  await tx.insert(certificates).values({
    code: randomBytes(12).toString("base64url"),
    userId: esther!.id,
    courseId: graceId,
    issuedAt: new Date(now - DAY),
  });
}
