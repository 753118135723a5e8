import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import {
  certificates,
  courseEnrollments,
  courses,
  lessons,
  notificationPreferences,
  users,
} from "../../db/schema";

/**
 * Makes her certificate for the course if she has finished every one of its lessons (a course with
 * none gives none) and is enrolled; at most one per member and course. Her enrolment row is locked
 * first, so two lessons finished at once, each in its own transaction, cannot both miss the other:
 * the second waits, then sees the first's finished lesson. Answers the new certificate, or null.
 */
export async function issueIfComplete(tx: Tx, userId: number, courseId: number, code: string, now: Date) {
  // A statement of its own: the check below then reads what was committed while it waited.
  const enrolled = await tx.execute(sql`select 1 from course_enrollments
    where user_id = ${userId} and course_id = ${courseId}
    for no key update`);
  if (enrolled.rows.length === 0) return null;
  const { rows } = await tx.execute<{ code: string; issued_at: string }>(sql`
    insert into certificates (code, user_id, course_id, issued_at, hidden)
    select ${code}, ${userId}::int, ${courseId}::int, ${now}::timestamptz,
      -- A member who keeps her name from other members has her certificate hidden until she shows it.
      coalesce((select u.settings->>'showProfileToMembers' = 'false' from users u where u.id = ${userId}), false)
    where exists (select 1 from lessons l where l.course_id = ${courseId})
      and not exists (
        select 1 from lessons l
        where l.course_id = ${courseId}
          and not exists (
            select 1 from lesson_progress p
            where p.user_id = ${userId} and p.lesson_id = l.id and p.finished_at is not null))
    on conflict (user_id, course_id) do nothing
    returning code, issued_at`);
  const row = rows[0];
  return row ? { code: row.code, issuedAt: new Date(row.issued_at) } : null;
}

/** Her certificates, newest first, with their courses' titles. */
export function certificatesOf(db: Db, userId: number) {
  return db
    .select({
      code: certificates.code,
      courseId: certificates.courseId,
      courseTitle: courses.title,
      issuedAt: certificates.issuedAt,
      hidden: certificates.hidden,
    })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
}

/** One certificate by its code, with what its page and its PDF show and who may see it. */
export async function certificateByCode(db: Db, code: string) {
  const [row] = await db
    .select({
      code: certificates.code,
      userId: certificates.userId,
      hidden: certificates.hidden,
      issuedAt: certificates.issuedAt,
      courseTitle: courses.title,
      firstName: users.firstName,
      lastName: users.lastName,
      suspended: sql<boolean>`coalesce(${users.suspendedUntil} > now(), false)`,
      timeZone: notificationPreferences.timeZone,
    })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .innerJoin(users, eq(users.id, certificates.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, certificates.userId))
    .where(eq(certificates.code, code))
    .limit(1);
  return row;
}

/** Hides her certificate's public page, or shows it again; null when the code is not one of hers. */
export async function setHidden(db: Db, userId: number, code: string, hidden: boolean) {
  const [row] = await db
    .update(certificates)
    .set({ hidden })
    .from(courses)
    .where(
      and(
        eq(certificates.code, code),
        eq(certificates.userId, userId),
        eq(courses.id, certificates.courseId),
      ),
    )
    .returning({
      code: certificates.code,
      courseId: certificates.courseId,
      courseTitle: courses.title,
      issuedAt: certificates.issuedAt,
      hidden: certificates.hidden,
    });
  return row ?? null;
}

/**
 * Each enrolled member and scheduled lesson (a day count after her enrolment, or a date) that opened
 * for her in (since, now]: at the start of its day in her time zone (her notification preferences'
 * zone, else the ministry's), as `lessonStates` in core decides it. A lesson already open when she
 * enrolled is left out. Rows of (recipient_id, subject_id, actor_id, title) for `notify`'s `each`.
 */
export const lessonsOpenedBetween = (since: Date, now: Date, ministryZone: string) => sql`
  select o.user_id, o.lesson_id, null::int, o.title
  from (
    select e.user_id, l.id as lesson_id, l.title, e.created_at as enrolled_at,
      case l.rule
        when 'days_after_enrollment' then
          (date_trunc('day', e.created_at at time zone z.tz) + make_interval(days => l.unlock_days))
            at time zone z.tz
        when 'on_date' then l.unlock_date::timestamp at time zone z.tz
      end as opens_at
    from lessons l
      join courses c on c.id = l.course_id and c.status = 'active'
      join course_enrollments e on e.course_id = l.course_id
      left join notification_preferences p on p.user_id = e.user_id
      cross join lateral (select coalesce(p.time_zone, ${ministryZone}::text) as tz) z
    where l.rule in ('days_after_enrollment', 'on_date')
  ) o
  where o.opens_at > o.enrolled_at
    and o.opens_at > ${since}::timestamptz
    and o.opens_at <= ${now}::timestamptz`;

/**
 * Each enrolment in an active course with a lesson on a calendar rule ("on a Hebrew date", "on a day
 * of the Omer"): the rule, when she enrolled and where she is. Its opening is reckoned in JavaScript
 * (hebcal's nightfall at her place), not in SQL.
 */
export function calendarLessonEnrolments(db: Db | Tx, ministryZone: string) {
  return db
    .select({
      userId: courseEnrollments.userId,
      lessonId: lessons.id,
      title: lessons.title,
      enrolledAt: courseEnrollments.createdAt,
      rule: lessons.rule,
      unlockDays: lessons.unlockDays,
      unlockDate: lessons.unlockDate,
      unlockMonth: lessons.unlockMonth,
      city: notificationPreferences.restCity,
      timeZone: sql<string>`coalesce(${notificationPreferences.timeZone}, ${ministryZone}::text)`,
    })
    .from(lessons)
    .innerJoin(courses, and(eq(courses.id, lessons.courseId), eq(courses.status, "active")))
    .innerJoin(courseEnrollments, eq(courseEnrollments.courseId, lessons.courseId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, courseEnrollments.userId))
    .where(inArray(lessons.rule, ["hebrew_date", "omer_day"]));
}

/** Rows (member, lesson, title) as the `each` of a notice: a VALUES list, none when empty. */
export const openedRows = (rows: { userId: number; lessonId: number; title: string }[]) =>
  sql`select * from (values ${sql.join(
    rows.map((r) => sql`(${r.userId}::int, ${r.lessonId}::int, null::int, ${r.title}::text)`),
    sql`, `,
  )}) v(user_id, lesson_id, actor_id, title)`;
