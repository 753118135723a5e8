import { COURSE_MESSAGES } from "../../../core/courses/rules";
import type { CreateCourseBody, EnrollResult, UpdateCourseBody } from "../../../core/courses/schemas";
import { dollarsToCents } from "../../../core/format";
import { isPatron, opensPatronTeaching, type TeachingViewer } from "../../../core/patron-teaching";
import { PAYMENT_MESSAGES } from "../../../core/payments/schemas";
import { recordActivity } from "../../activity/record";
import type { Db } from "../../db/client";
import { conflict, forbidden, notFound, unavailable } from "../../http/errors";
import { type PaymentsContext, startCoursePurchase } from "../payments";
import * as q from "./queries";

type Enroller = TeachingViewer & { id: number };

/** What members see: active and coming-soon courses, newest first (`q.listCourses`). */
export const listCourses = (db: Db, viewer: Enroller, filter: Parameters<typeof q.listCourses>[2]) =>
  q.listCourses(db, viewer, filter);
/** The courses she is enrolled in. */
export const enrollments = (db: Db, userId: number) => q.listEnrollments(db, userId);
/** The coming-soon courses she asked to hear about. */
export const interests = (db: Db, userId: number) => q.listInterests(db, userId);
/** The administrators' list: every course, archived ones included. */
export const adminCourses = (db: Db, page: { before?: number; limit: number }) =>
  q.listAdminCourses(db, page);

/**
 * A free course (or a priced one included for her as a patron) enrols her at once, idempotently.
 * A priced one answers the Payment Element's secret: Stripe's verified webhook enrols her once the
 * payment succeeds, and while her purchase is open the same secret is offered again. Only active
 * courses take enrolments; a patron-only one only from patrons and administrators.
 */
export async function enroll(
  db: Db,
  viewer: Enroller,
  courseId: number,
  payments: () => PaymentsContext | undefined,
): Promise<EnrollResult> {
  const course = await q.findCourseStatus(db, courseId);
  if (!course || course.status === "archived") throw notFound(COURSE_MESSAGES.notFound);
  if (course.status !== "active") throw conflict(COURSE_MESSAGES.notOpen);
  if (course.patronOnly && !opensPatronTeaching(viewer)) throw forbidden(COURSE_MESSAGES.patronOnly);

  const free = !course.price || (course.includedForPatrons && isPatron(viewer));
  if (free) {
    const enrolledCount = await db.transaction((tx) => q.enroll(tx, viewer.id, courseId));
    return { courseId, enrolled: true, enrolledCount };
  }
  if (await q.isEnrolled(db, viewer.id, courseId)) throw conflict(COURSE_MESSAGES.alreadyEnrolled);
  const ctx = payments();
  if (!ctx) throw unavailable(PAYMENT_MESSAGES.notConfigured);
  const clientSecret = await startCoursePurchase(ctx, {
    userId: viewer.id,
    courseId,
    title: course.title,
    amountCents: dollarsToCents(course.price ?? 0),
  });
  return { courseId, enrolled: false, clientSecret };
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
    await recordActivity(tx, "course_added", { title: course.title }, userId);
    return course;
  });
}

export async function updateCourse(db: Db, id: number, body: UpdateCourseBody) {
  const course = await q.updateCourse(db, id, body);
  if (!course) throw notFound(COURSE_MESSAGES.notFound);
  return course;
}
