import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { CourseStatus } from "../../../core/courses/rules";
import type { CreateCourseBody, UpdateCourseBody } from "../../../core/courses/schemas";
import { opensPatronTeaching, type TeachingViewer } from "../../../core/patron-teaching";
import type { Db, Tx } from "../../db/client";
import { searchMatches } from "../../db/query-helpers";
import { courseEnrollments, courseInterests, courses } from "../../db/schema";

const baseColumns = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  shortDescription: courses.shortDescription,
  estimatedDuration: courses.estimatedDuration,
  tags: courses.tags,
  enrolledCount: courses.enrolledCount,
  price: courses.price,
  patronOnly: courses.patronOnly,
  includedForPatrons: courses.includedForPatrons,
};

/**
 * The course link goes only to a member who may open the course: never a patron-only one unless
 * she is a patron, and a priced one only once she is enrolled (bought, or included for her).
 * Administrators open everything.
 */
function courseUrlFor(viewer: TeachingViewer & { id: number }) {
  if (viewer.isAdmin) return courses.courseUrl;
  const patronGate = opensPatronTeaching(viewer) ? sql`true` : sql`not ${courses.patronOnly}`;
  return sql<string | null>`case when ${patronGate} and (coalesce(${courses.price}, 0) = 0 or exists (
    select 1 from ${courseEnrollments} e where e.course_id = "courses"."id" and e.user_id = ${viewer.id}
  )) then ${courses.courseUrl} end`;
}

/** Members' lists never include archived courses, so their status is one of the two they know. */
const memberColumns = (viewer: TeachingViewer & { id: number }) => ({
  ...baseColumns,
  courseUrl: courseUrlFor(viewer),
  status: sql<CourseStatus>`${courses.status}`,
});

const adminColumns = {
  ...baseColumns,
  courseUrl: courses.courseUrl,
  status: courses.status,
  interestCount: courses.interestCount,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
};

/** What members see: active and coming-soon courses, never archived ones. Newest first. */
export function listCourses(
  db: Db,
  viewer: TeachingViewer & { id: number },
  filter: { search?: string; status?: CourseStatus; before?: number; limit: number },
) {
  const conditions: SQL[] = [
    filter.status ? eq(courses.status, filter.status) : inArray(courses.status, ["active", "coming_soon"]),
  ];
  if (filter.search) {
    conditions.push(searchMatches(courses.title, courses.description, filter.search));
  }
  if (filter.before) conditions.push(sql`${courses.id} < ${filter.before}`);
  return db
    .select(memberColumns(viewer))
    .from(courses)
    .where(and(...conditions))
    .orderBy(desc(courses.id))
    .limit(filter.limit);
}

export function listAdminCourses(db: Db, page: { before?: number; limit: number }) {
  return db
    .select(adminColumns)
    .from(courses)
    .where(page.before ? sql`${courses.id} < ${page.before}` : undefined)
    .orderBy(desc(courses.id))
    .limit(page.limit);
}

export async function findCourseStatus(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      id: courses.id,
      status: courses.status,
      title: courses.title,
      price: courses.price,
      patronOnly: courses.patronOnly,
      includedForPatrons: courses.includedForPatrons,
    })
    .from(courses)
    .where(eq(courses.id, id))
    .limit(1);
  return row;
}

/** Every course the member is enrolled in (bounded by the number of courses). */
export function listEnrollments(db: Db, userId: number) {
  return db
    .select({ courseId: courseEnrollments.courseId })
    .from(courseEnrollments)
    .where(eq(courseEnrollments.userId, userId))
    .orderBy(desc(courseEnrollments.createdAt));
}

export async function isEnrolled(db: Db | Tx, userId: number, courseId: number) {
  const [row] = await db
    .select({ courseId: courseEnrollments.courseId })
    .from(courseEnrollments)
    .where(and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.courseId, courseId)))
    .limit(1);
  return Boolean(row);
}

export function listInterests(db: Db, userId: number) {
  return db
    .select({ courseId: courseInterests.courseId })
    .from(courseInterests)
    .where(eq(courseInterests.userId, userId))
    .orderBy(desc(courseInterests.createdAt));
}

/** Enrols once; the course's count moves only when a row was really added. Returns the count. */
export async function enroll(tx: Tx, userId: number, courseId: number): Promise<number> {
  const inserted = await tx
    .insert(courseEnrollments)
    .values({ userId, courseId })
    .onConflictDoNothing()
    .returning({ courseId: courseEnrollments.courseId });
  const [row] = await tx
    .update(courses)
    .set({ enrolledCount: sql`${courses.enrolledCount} + ${inserted.length}` })
    .where(eq(courses.id, courseId))
    .returning({ enrolledCount: courses.enrolledCount });
  return row?.enrolledCount ?? 0;
}

export async function registerInterest(tx: Tx, userId: number, courseId: number) {
  const inserted = await tx
    .insert(courseInterests)
    .values({ userId, courseId })
    .onConflictDoNothing()
    .returning({ courseId: courseInterests.courseId });
  if (inserted.length) {
    await tx
      .update(courses)
      .set({ interestCount: sql`${courses.interestCount} + 1` })
      .where(eq(courses.id, courseId));
  }
}

export async function insertCourse(tx: Tx, body: CreateCourseBody) {
  const [row] = await tx
    .insert(courses)
    .values({
      title: body.title,
      description: body.description,
      shortDescription: body.shortDescription ?? null,
      status: body.status,
      estimatedDuration: body.estimatedDuration ?? null,
      price: body.price ?? null,
      courseUrl: body.courseUrl ?? null,
      tags: body.tags ?? [],
      patronOnly: body.patronOnly ?? false,
      includedForPatrons: body.includedForPatrons ?? false,
    })
    .returning(adminColumns);
  return row!;
}

export async function updateCourse(db: Db, id: number, body: UpdateCourseBody) {
  const [row] = await db
    .update(courses)
    .set({
      ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
      updatedAt: new Date(),
    })
    .where(eq(courses.id, id))
    .returning(adminColumns);
  return row;
}
