import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { courseEnrollments, coursePurchases, courses, payments } from "../../db/schema";

/** Statuses in which a purchase is hers: its intent is offered again instead of a new one. */
const OPEN = ["pending", "paid"] as const;

/** Her open purchase of a course (one at most: course_purchases_open_idx). */
export async function openPurchase(db: Db, userId: number, courseId: number) {
  const [row] = await db
    .select({ id: coursePurchases.id, paymentIntentId: coursePurchases.paymentIntentId })
    .from(coursePurchases)
    .where(
      and(
        eq(coursePurchases.userId, userId),
        eq(coursePurchases.courseId, courseId),
        inArray(coursePurchases.status, [...OPEN]),
      ),
    )
    .limit(1);
  return row;
}

interface Purchase {
  userId: number;
  courseId: number;
  paymentIntentId: string;
}

/** A new purchase, pending unless said otherwise; false when another open one won the race (two tabs). */
export async function insertPurchase(db: Db | Tx, row: Purchase & { status?: "pending" | "paid" }) {
  const inserted = await db
    .insert(coursePurchases)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: coursePurchases.id });
  return inserted.length > 0;
}

export async function cancelPurchase(db: Db, id: number) {
  await db
    .update(coursePurchases)
    .set({ status: "canceled", updatedAt: new Date() })
    .where(and(eq(coursePurchases.id, id), eq(coursePurchases.status, "pending")));
}

export async function findCourse(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(eq(courses.id, id))
    .limit(1);
  return row;
}

/**
 * Marks the intent's purchase paid (writing it when the intent was made elsewhere); false when it
 * was refunded already or her open purchase of the course is another one.
 */
export async function markPurchasePaid(tx: Tx, row: Purchase) {
  const updated = await tx
    .update(coursePurchases)
    .set({ status: "paid", updatedAt: new Date() })
    .where(
      and(
        eq(coursePurchases.paymentIntentId, row.paymentIntentId),
        inArray(coursePurchases.status, ["pending", "canceled"]),
      ),
    )
    .returning({ id: coursePurchases.id });
  return updated.length > 0 || insertPurchase(tx, { ...row, status: "paid" });
}

/** The paid purchase the intent made, now refunded; undefined when there is none. */
export async function markPurchaseRefunded(tx: Tx, paymentIntentId: string) {
  const [row] = await tx
    .update(coursePurchases)
    .set({ status: "refunded", updatedAt: new Date() })
    .where(and(eq(coursePurchases.paymentIntentId, paymentIntentId), eq(coursePurchases.status, "paid")))
    .returning({ userId: coursePurchases.userId, courseId: coursePurchases.courseId });
  return row;
}

export async function markPaymentRefunded(tx: Tx, stripeObjectId: string, at: Date) {
  await tx
    .update(payments)
    .set({ refundedAt: at })
    .where(and(eq(payments.stripeObjectId, stripeObjectId), isNull(payments.refundedAt)));
}

/** Adds or removes her enrolment; the course's count moves only when a row really changed. */
export async function changeEnrolment(tx: Tx, userId: number, courseId: number, enrolled: boolean) {
  const mine = and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.courseId, courseId));
  const changed = enrolled
    ? await tx
        .insert(courseEnrollments)
        .values({ userId, courseId })
        .onConflictDoNothing()
        .returning({ courseId: courseEnrollments.courseId })
    : await tx.delete(courseEnrollments).where(mine).returning({ courseId: courseEnrollments.courseId });
  if (changed.length === 0) return;
  await tx
    .update(courses)
    .set({
      enrolledCount: enrolled
        ? sql`${courses.enrolledCount} + 1`
        : sql`greatest(${courses.enrolledCount} - 1, 0)`,
    })
    .where(eq(courses.id, courseId));
}
