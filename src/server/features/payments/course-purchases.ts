/**
 * Buying a priced course. The enrolment is written only when Stripe's verified webhook says the
 * payment intent succeeded (the intent carries metadata.kind "course", the course and the member);
 * a full refund ends it. While her purchase is open the same intent is offered again, so a course
 * cannot be paid twice.
 */
import type Stripe from "stripe";
import { COURSE_MESSAGES } from "../../../core/courses/rules";
import { activityName, recordActivity } from "../../activity/record";
import type { Tx } from "../../db/client";
import { conflict } from "../../http/errors";
import * as pq from "./course-purchase-queries";
import { idOf, recordIntentPayment } from "./intent-payments";
import { billingMember, ensureCustomer, type PaymentsContext } from "./service";
import { callStripe } from "./stripe";

const whole = (value: string | undefined) =>
  value && /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : undefined;

/** The Payment Element's secret for her purchase of the course: her open one, else a new one. */
export async function startCoursePurchase(
  ctx: PaymentsContext,
  course: { userId: number; courseId: number; title: string; amountCents: number },
): Promise<string> {
  const open = await pq.openPurchase(ctx.db, course.userId, course.courseId);
  if (open) {
    const intent = await callStripe(ctx.log, "retrieve payment intent", () =>
      ctx.stripe.paymentIntents.retrieve(open.paymentIntentId),
    );
    // Paid, and the webhook that enrols her is on its way.
    if (intent.status === "succeeded") throw conflict(COURSE_MESSAGES.paymentReceived);
    if (intent.status !== "canceled" && intent.client_secret) return intent.client_secret;
    await pq.cancelPurchase(ctx.db, open.id);
  }

  const member = await billingMember(ctx, course.userId);
  const customer = await ensureCustomer(ctx, member);
  const intent = await callStripe(ctx.log, "create payment intent", () =>
    ctx.stripe.paymentIntents.create({
      amount: course.amountCents,
      currency: "usd",
      customer,
      description: `Course: ${course.title}`,
      automatic_payment_methods: { enabled: true },
      metadata: { kind: "course", courseId: String(course.courseId), userId: String(member.id) },
    }),
  );
  const saved = await pq.insertPurchase(ctx.db, {
    userId: member.id,
    courseId: course.courseId,
    paymentIntentId: intent.id,
  });
  if (!saved) {
    // Another tab opened a purchase meanwhile: offer that one (this intent is never confirmed).
    return startCoursePurchase(ctx, course);
  }
  return intent.client_secret ?? "";
}

/** The course-purchase effect of a verified event, in the transaction that records the event. */
export async function applyCourseEvent(tx: Tx, event: Stripe.Event) {
  if (event.type === "payment_intent.succeeded") {
    await applyCoursePaid(tx, event.data.object as Stripe.PaymentIntent, event);
  } else if (event.type === "charge.refunded") {
    await applyCourseRefund(tx, event.data.object as Stripe.Charge, event);
  }
}

async function applyCoursePaid(tx: Tx, intent: Stripe.PaymentIntent, event: Stripe.Event) {
  if (intent.metadata?.kind !== "course") return;
  const requested = whole(intent.metadata.courseId);
  // The course may have been deleted since: the money is recorded all the same.
  const course = requested !== undefined ? await pq.findCourse(tx, requested) : undefined;
  const { member, recorded } = await recordIntentPayment(tx, intent, event, {
    kind: "course",
    courseId: course?.id ?? null,
  });
  if (!recorded || !member || !course) return;
  const purchase = { userId: member.id, courseId: course.id, paymentIntentId: intent.id };
  if (!(await pq.markPurchasePaid(tx, purchase))) return;
  await pq.changeEnrolment(tx, member.id, course.id, true);
  await recordActivity(
    tx,
    "course_purchased",
    { name: activityName(member), title: course.title },
    member.id,
  );
}

/** Only a full refund ends the enrolment; a partial one leaves her course as it is. */
async function applyCourseRefund(tx: Tx, charge: Stripe.Charge, event: Stripe.Event) {
  const intentId = idOf(charge.payment_intent);
  if (!intentId || !charge.refunded) return;
  const purchase = await pq.markPurchaseRefunded(tx, intentId);
  if (!purchase) return;
  await pq.markPaymentRefunded(tx, intentId, new Date(event.created * 1000));
  await pq.changeEnrolment(tx, purchase.userId, purchase.courseId, false);
}
