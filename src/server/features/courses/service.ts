import { COURSE_MESSAGES } from "../../../core/courses";
import type { CreateCourseBody, UpdateCourseBody } from "../../../core/schemas/courses";
import { recordActivity } from "../../activity/record";
import type { Db } from "../../db/client";
import { conflict, notFound } from "../../http/errors";
import * as q from "./queries";

/** Idempotent: enrolling twice keeps one enrolment. Only active courses take enrolments. */
export async function enroll(db: Db, userId: number, courseId: number) {
  return db.transaction(async (tx) => {
    const course = await q.findCourseStatus(tx, courseId);
    if (!course || course.status === "archived") throw notFound(COURSE_MESSAGES.notFound);
    if (course.status !== "active") throw conflict(COURSE_MESSAGES.notOpen);
    const enrolledCount = await q.enroll(tx, userId, courseId);
    return { courseId, enrolledCount };
  });
}

/** "Notify Me When Ready": recorded once per member, for courses that are not open yet. */
export async function notifyWhenReady(db: Db, userId: number, courseId: number) {
  await db.transaction(async (tx) => {
    const course = await q.findCourseStatus(tx, courseId);
    if (!course || course.status === "archived") throw notFound(COURSE_MESSAGES.notFound);
    if (course.status !== "coming_soon") throw conflict(COURSE_MESSAGES.alreadyOpen);
    await q.registerInterest(tx, userId, courseId);
  });
  return { courseId };
}

export async function createCourse(db: Db, userId: number, body: CreateCourseBody) {
  return db.transaction(async (tx) => {
    const course = await q.insertCourse(tx, body);
    await recordActivity(tx, "course_added", `New course added: ${course.title}`, userId);
    return course;
  });
}

export async function updateCourse(db: Db, id: number, body: UpdateCourseBody) {
  const course = await q.updateCourse(db, id, body);
  if (!course) throw notFound(COURSE_MESSAGES.notFound);
  return course;
}
