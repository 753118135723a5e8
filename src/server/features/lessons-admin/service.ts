import { type HebrewMonth, LESSON_MESSAGES, type LessonRule } from "../../../core/lessons/rules";
import {
  type AdminLesson,
  type CreateLessonBody,
  lessonContentIssues,
  type OrderBody,
  type UpdateLessonBody,
} from "../../../core/lessons/schemas";
import type { Db, Tx } from "../../db/client";
import { badRequest, fieldError, notFound } from "../../http/errors";
import * as q from "./queries";

/** A lesson as administrators see it: its rule whole again, the quiz with its right answers. */
function adminLesson(row: q.LessonRow) {
  return {
    id: row.id,
    courseId: row.courseId,
    moduleId: row.moduleId,
    position: row.position,
    title: row.title,
    kind: row.kind,
    body: row.body,
    videoId: row.videoId,
    prompt: row.prompt,
    quiz: row.quiz,
    passMark: row.passMark,
    rule: ruleOf(row),
    freePreview: row.freePreview,
  } satisfies AdminLesson;
}

function ruleOf(row: Pick<q.LessonRow, "rule" | "unlockDays" | "unlockDate" | "unlockMonth">): LessonRule {
  switch (row.rule) {
    case "days_after_enrollment":
      return { kind: row.rule, days: row.unlockDays ?? 0 };
    case "on_date":
      return { kind: row.rule, date: row.unlockDate ?? "" };
    case "hebrew_date":
      return { kind: row.rule, month: (row.unlockMonth ?? 13) as HebrewMonth, day: row.unlockDays ?? 1 };
    case "omer_day":
      return { kind: row.rule, day: row.unlockDays ?? 1 };
    default:
      return { kind: row.rule };
  }
}

/** The course's modules, each with its lessons, in order. */
async function outline(db: Db | Tx, courseId: number) {
  const { modules, lessons } = await q.courseOutline(db, courseId);
  return modules.map((m) => ({
    ...m,
    lessons: lessons.filter((l) => l.moduleId === m.id).map(adminLesson),
  }));
}

/** `GET /api/admin/courses/:id/modules` */
export async function courseLessons(db: Db, courseId: number) {
  if (!(await q.courseExists(db, courseId))) throw notFound(LESSON_MESSAGES.courseNotFound);
  return outline(db, courseId);
}

export function addModule(db: Db, courseId: number, title: string) {
  return db.transaction(async (tx) => {
    if (!(await q.lockCourse(tx, courseId))) throw notFound(LESSON_MESSAGES.courseNotFound);
    return q.insertModule(tx, courseId, title);
  });
}

export async function renameModule(db: Db, moduleId: number, title: string) {
  return db.transaction(async (tx) => {
    if (!(await q.lockModule(tx, moduleId))) throw notFound(LESSON_MESSAGES.moduleNotFound);
    return (await q.renameModule(tx, moduleId, title, new Date()))!;
  });
}

/** Removes the module with its lessons; the course's other lessons keep their order and progress. */
export async function removeModule(db: Db, moduleId: number) {
  await db.transaction(async (tx) => {
    const found = await q.lockModule(tx, moduleId);
    if (!found) throw notFound(LESSON_MESSAGES.moduleNotFound);
    await q.deleteModule(tx, moduleId);
    await q.renumber(tx, found.courseId);
  });
}

/** A video lesson's video must be in the library. */
async function checkVideo(tx: Tx, videoId: number | null) {
  if (videoId !== null && !(await q.videoExists(tx, videoId)))
    throw fieldError("videoId", LESSON_MESSAGES.videoRequired);
}

/** A lesson at the end of the module. */
export async function addLesson(db: Db, moduleId: number, body: CreateLessonBody) {
  return db.transaction(async (tx) => {
    const found = await q.lockModule(tx, moduleId);
    if (!found) throw notFound(LESSON_MESSAGES.moduleNotFound);
    await checkVideo(tx, body.videoId);
    const id = await q.insertLesson(tx, found.courseId, moduleId, body);
    await q.renumber(tx, found.courseId);
    return adminLesson((await q.findLesson(tx, id))!);
  });
}

/**
 * Changes a lesson: what was sent, checked with the rest of the lesson as it stands (a quiz must keep
 * a question, a video its video). Members keep what they finished in it, whatever changes.
 */
export async function editLesson(db: Db, lessonId: number, body: UpdateLessonBody) {
  return db.transaction(async (tx) => {
    const current = await q.findLesson(tx, lessonId);
    if (!current || !(await q.lockCourse(tx, current.courseId))) throw notFound(LESSON_MESSAGES.notFound);
    const merged = {
      kind: body.kind ?? current.kind,
      body: body.body ?? current.body,
      videoId: body.videoId !== undefined ? body.videoId : current.videoId,
      prompt: body.prompt !== undefined ? body.prompt : current.prompt,
      quiz: body.quiz ?? current.quiz,
    };
    const [issue] = lessonContentIssues(merged);
    if (issue) throw fieldError(issue.field, issue.message);
    if (body.videoId !== undefined) await checkVideo(tx, body.videoId);
    const moves = body.moduleId !== undefined && body.moduleId !== current.moduleId;
    if (moves && !(await q.moduleOfCourse(tx, body.moduleId!, current.courseId)))
      throw fieldError("moduleId", LESSON_MESSAGES.moduleNotFound);
    const { moduleId, ...fields } = body;
    await q.updateLesson(tx, lessonId, { ...fields, ...(moves ? { moduleId } : {}) }, new Date());
    if (moves) await q.renumber(tx, current.courseId);
    return adminLesson((await q.findLesson(tx, lessonId))!);
  });
}

export async function removeLesson(db: Db, lessonId: number) {
  await db.transaction(async (tx) => {
    const current = await q.findLesson(tx, lessonId);
    if (!current || !(await q.lockCourse(tx, current.courseId))) throw notFound(LESSON_MESSAGES.notFound);
    await q.deleteLesson(tx, lessonId);
    await q.renumber(tx, current.courseId);
  });
}

/**
 * Puts the course in the order given: every module of the course once, and every lesson once, under
 * the module it now belongs to (a lesson may change module). Anything missing, repeated or from
 * another course is a 400. The lessons keep their ids, so members keep what they finished.
 */
export async function order(db: Db, courseId: number, body: OrderBody) {
  return db.transaction(async (tx) => {
    if (!(await q.lockCourse(tx, courseId))) throw notFound(LESSON_MESSAGES.courseNotFound);
    const current = await q.courseOutline(tx, courseId);
    const modules = body.modules.map((m) => m.id);
    const lessons = body.modules.flatMap((m) => m.lessons);
    const lessonModules = body.modules.flatMap((m) => m.lessons.map(() => m.id));
    if (
      !sameSet(
        modules,
        current.modules.map((m) => m.id),
      ) ||
      !sameSet(
        lessons,
        current.lessons.map((l) => l.id),
      )
    )
      throw badRequest(LESSON_MESSAGES.orderInvalid);
    await q.applyOrder(tx, courseId, { modules, lessons, lessonModules }, new Date());
    return outline(tx, courseId);
  });
}

/** Each of `given` once, and exactly the ids of `expected`. */
function sameSet(given: readonly number[], expected: readonly number[]) {
  const set = new Set(given);
  return set.size === given.length && given.length === expected.length && expected.every((id) => set.has(id));
}

/** `GET /api/admin/courses/:id/funnel` */
export async function funnel(db: Db, courseId: number) {
  if (!(await q.courseExists(db, courseId))) throw notFound(LESSON_MESSAGES.courseNotFound);
  const row = await q.funnel(db, courseId);
  return {
    courseId,
    enrolled: row.enrolled,
    started: row.started,
    halfway: row.halfway,
    finished: row.finished,
    mostStopAt:
      row.lesson_id === null
        ? null
        : { lessonId: row.lesson_id, title: row.title ?? "", members: row.members ?? 0 },
  };
}
