import { and, asc, eq, sql } from "drizzle-orm";
import type { LessonRule } from "../../../core/lessons/rules";
import type { Db, Tx } from "../../db/client";
import { courseModules, courses, lessons, type StoredQuizQuestion, videos } from "../../db/schema";

const moduleColumns = {
  id: courseModules.id,
  courseId: courseModules.courseId,
  title: courseModules.title,
  position: courseModules.position,
};

const lessonColumns = {
  id: lessons.id,
  courseId: lessons.courseId,
  moduleId: lessons.moduleId,
  position: lessons.position,
  title: lessons.title,
  kind: lessons.kind,
  body: lessons.body,
  videoId: lessons.videoId,
  prompt: lessons.prompt,
  quiz: lessons.quiz,
  passMark: lessons.passMark,
  rule: lessons.rule,
  unlockDays: lessons.unlockDays,
  unlockDate: lessons.unlockDate,
  unlockMonth: lessons.unlockMonth,
  freePreview: lessons.freePreview,
};

/** A lesson as stored. */
export type LessonRow = NonNullable<Awaited<ReturnType<typeof findLesson>>>;

/** What a lesson's columns hold, as the service writes them (its rule spread over four columns). */
export interface LessonValues {
  title: string;
  kind: LessonRow["kind"];
  body: string;
  videoId: number | null;
  prompt: string | null;
  quiz: StoredQuizQuestion[];
  passMark: number;
  rule: LessonRule;
  freePreview: boolean;
}

/**
 * The columns of a rule: its kind, and the days, the date or the Hebrew day it needs (a day of the
 * Hebrew month or of the Omer is kept in `unlock_days`, the Hebrew month in `unlock_month`).
 */
const ruleColumns = (rule: LessonRule) => ({
  rule: rule.kind,
  unlockDays:
    rule.kind === "days_after_enrollment"
      ? rule.days
      : rule.kind === "hebrew_date" || rule.kind === "omer_day"
        ? rule.day
        : null,
  unlockDate: rule.kind === "on_date" ? rule.date : null,
  unlockMonth: rule.kind === "hebrew_date" ? rule.month : null,
});

/** The columns of what was sent: a rule spread over its four, the rest as they are. */
const valuesOf = (lesson: Partial<LessonValues>): Partial<typeof lessons.$inferInsert> => {
  const { rule, ...rest } = lesson;
  const values: Partial<typeof lessons.$inferInsert> = { ...(rule ? ruleColumns(rule) : {}) };
  for (const [key, value] of Object.entries(rest) as [keyof typeof rest, unknown][]) {
    if (value !== undefined) Object.assign(values, { [key]: value });
  }
  return values;
};

/** The course, locked against a concurrent change to its outline until the transaction ends. */
export async function lockCourse(tx: Tx, courseId: number) {
  const [row] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.id, courseId))
    .for("update");
  return Boolean(row);
}

/** The module with its course, the course locked as `lockCourse` does. */
export async function lockModule(tx: Tx, moduleId: number) {
  const [row] = await tx
    .select({ id: courseModules.id, courseId: courseModules.courseId })
    .from(courseModules)
    .where(eq(courseModules.id, moduleId));
  if (!row || !(await lockCourse(tx, row.courseId))) return undefined;
  return row;
}

export async function courseExists(db: Db, courseId: number) {
  const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  return Boolean(row);
}

export async function videoExists(tx: Tx, videoId: number) {
  const [row] = await tx.select({ id: videos.id }).from(videos).where(eq(videos.id, videoId));
  return Boolean(row);
}

/** The course's modules and lessons, each in order: two indexed reads. */
export async function courseOutline(db: Db | Tx, courseId: number) {
  const modules = await db
    .select(moduleColumns)
    .from(courseModules)
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.position), asc(courseModules.id));
  const rows = await db
    .select(lessonColumns)
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position), asc(lessons.id));
  return { modules, lessons: rows };
}

export async function insertModule(tx: Tx, courseId: number, title: string) {
  const [row] = await tx
    .insert(courseModules)
    .values({
      courseId,
      title,
      position: sql`(select coalesce(max(m.position), -1) + 1 from course_modules m where m.course_id = ${courseId})`,
    })
    .returning(moduleColumns);
  return row!;
}

export async function renameModule(tx: Tx, moduleId: number, title: string, now: Date) {
  const [row] = await tx
    .update(courseModules)
    .set({ title, updatedAt: now })
    .where(eq(courseModules.id, moduleId))
    .returning(moduleColumns);
  return row;
}

/** Deletes the module; its lessons and what members did in them go with it. */
export async function deleteModule(tx: Tx, moduleId: number) {
  await tx.delete(courseModules).where(eq(courseModules.id, moduleId));
}

export async function findLesson(tx: Tx, lessonId: number) {
  const [row] = await tx.select(lessonColumns).from(lessons).where(eq(lessons.id, lessonId));
  return row;
}

/** A new lesson, last in its module (the course's numbering is made whole by `renumber`). */
export async function insertLesson(tx: Tx, courseId: number, moduleId: number, lesson: LessonValues) {
  const [row] = await tx
    .insert(lessons)
    .values({
      ...valuesOf(lesson),
      title: lesson.title,
      kind: lesson.kind,
      courseId,
      moduleId,
      position: lastIn(moduleId),
    })
    .returning({ id: lessons.id });
  return row!.id;
}

/** A place after every lesson of the module. */
const lastIn = (moduleId: number) =>
  sql<number>`(select coalesce(max(l.position), -1) + 1 from lessons l where l.module_id = ${moduleId})`;

/** Changes what was sent; a new `moduleId` puts it last in that module. Members' progress stays. */
export async function updateLesson(
  tx: Tx,
  lessonId: number,
  change: Partial<LessonValues> & { moduleId?: number },
  now: Date,
) {
  const { moduleId, ...fields } = change;
  await tx
    .update(lessons)
    .set({
      ...valuesOf(fields),
      ...(moduleId !== undefined ? { moduleId, position: lastIn(moduleId) } : {}),
      updatedAt: now,
    })
    .where(eq(lessons.id, lessonId));
}

export async function deleteLesson(tx: Tx, lessonId: number) {
  await tx.delete(lessons).where(eq(lessons.id, lessonId));
}

export async function moduleOfCourse(tx: Tx, moduleId: number, courseId: number) {
  const [row] = await tx
    .select({ id: courseModules.id })
    .from(courseModules)
    .where(and(eq(courseModules.id, moduleId), eq(courseModules.courseId, courseId)));
  return Boolean(row);
}

/**
 * Numbers the course's modules, and its lessons through the whole course, from 0 in their order
 * (modules first, then lessons within each): after an addition, a move or a removal.
 */
export async function renumber(tx: Tx, courseId: number) {
  await tx.execute(sql`update course_modules m set position = r.n
    from (select id, row_number() over (order by position, id) - 1 as n
      from course_modules where course_id = ${courseId}) r
    where m.id = r.id and m.position <> r.n`);
  await tx.execute(sql`update lessons l set position = r.n
    from (select l2.id, row_number() over (order by m.position, l2.position, l2.id) - 1 as n
      from lessons l2 join course_modules m on m.id = l2.module_id
      where l2.course_id = ${courseId}) r
    where l.id = r.id and l.position <> r.n`);
}

/** A Postgres array literal of ids, sent as one parameter. */
const intArray = (ids: readonly number[]) => `{${ids.map(Number).join(",")}}`;

/**
 * Puts the course's modules and lessons in the order given, in one statement: each module its place,
 * each lesson its module and its place through the whole course. Lessons keep their ids, so what
 * members finished stays theirs. Returns how many modules and lessons it placed.
 */
export async function applyOrder(
  tx: Tx,
  courseId: number,
  order: { modules: number[]; lessons: number[]; lessonModules: number[] },
  now: Date,
) {
  const { rows } = await tx.execute<{ modules: number; lessons: number }>(sql`with placed_modules as (
      update course_modules m set position = o.n - 1, updated_at = ${now}
      from unnest(${intArray(order.modules)}::int[]) with ordinality as o(id, n)
      where m.id = o.id and m.course_id = ${courseId}
      returning m.id
    ), placed_lessons as (
      update lessons l set module_id = o.module_id, position = o.n - 1
      from unnest(${intArray(order.lessons)}::int[], ${intArray(order.lessonModules)}::int[]) with ordinality as o(id, module_id, n)
      where l.id = o.id and l.course_id = ${courseId}
      returning l.id
    )
    select (select count(*)::int from placed_modules) as modules,
      (select count(*)::int from placed_lessons) as lessons`);
  return rows[0]!;
}

/**
 * The course's funnel, set-based: of the members enrolled, how many finished a lesson, reached half
 * of the lessons (progress rounded as members see it), finished them all; and, of those who started
 * and have not finished, the lesson where most stand: their first unfinished one in course order.
 */
export async function funnel(db: Db, courseId: number) {
  const { rows } = await db.execute<{
    enrolled: number;
    started: number;
    halfway: number;
    finished: number;
    lesson_id: number | null;
    title: string | null;
    members: number | null;
  }>(sql`with total as (
      select count(*)::int as n from lessons where course_id = ${courseId}
    ), enrolled as (
      select e.user_id from course_enrollments e where e.course_id = ${courseId}
    ), done as (
      select p.user_id, count(*)::int as n
      from lesson_progress p
      where p.course_id = ${courseId} and p.finished_at is not null
        and p.user_id in (select user_id from enrolled)
      group by p.user_id
    ), ordered as (
      select l.id, l.title, row_number() over (order by m.position, l.position, l.id) as n
      from lessons l join course_modules m on m.id = l.module_id
      where l.course_id = ${courseId}
    ), stops as (
      select distinct on (d.user_id) d.user_id, o.id, o.title, o.n
      from done d
      join ordered o on not exists (
        select 1 from lesson_progress p
        where p.user_id = d.user_id and p.lesson_id = o.id and p.finished_at is not null
      )
      order by d.user_id, o.n
    ), most as (
      select id, title, count(*)::int as members
      from stops group by id, title, n
      order by members desc, n
      limit 1
    )
    select (select count(*)::int from enrolled) as enrolled,
      (select count(*)::int from done) as started,
      (select count(*)::int from done, total
        where total.n > 0 and round(100.0 * done.n / total.n) >= 50) as halfway,
      (select count(*)::int from done, total where total.n > 0 and done.n >= total.n) as finished,
      most.id as lesson_id, most.title, most.members
    from (select 1) one left join most on true`);
  return rows[0]!;
}
