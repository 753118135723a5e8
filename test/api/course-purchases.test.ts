import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints } from "../../src/core/admin/endpoints";
import type { BodyIn } from "../../src/core/contract";
import { coursesEndpoints } from "../../src/core/courses/endpoints";
import { courseEnrollments, coursePurchases, courses, payments } from "../../src/server/db/schema";
import { createTestContext, type Member, type TestContext } from "../support/app";
import { makePatron } from "../support/patrons";
import {
  createStripeTestContext,
  deliverEvent,
  type StripeStandIn,
  stripeEvent,
} from "../support/stripe-stand-in";

let t: TestContext;
let stripe: StripeStandIn;
let admin: Member;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, stripe, close } = await createStripeTestContext());
  admin = await t.admin();
});
afterAll(() => close());

let sequence = 0;
async function addCourse(overrides: Partial<BodyIn<typeof coursesEndpoints.adminCreate>> = {}) {
  sequence += 1;
  const res = await admin.client.call(coursesEndpoints.adminCreate, {
    body: {
      title: `Walking in the Light ${sequence}`,
      description: "Six weeks through the first letter of John, slowly and together.",
      status: "active",
      price: 49,
      courseUrl: `https://learn.example.org/light-${sequence}`,
      ...overrides,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const enroll = (member: Member, id: number) =>
  member.client.call(coursesEndpoints.enroll, { params: { id } });
const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0]!;

async function enrolmentsOf(member: Member) {
  const res = await member.client.call(coursesEndpoints.enrollments);
  return res.body.map((e) => e.courseId);
}
const enrolledCount = async (id: number) =>
  (await t.database.db.select().from(courses).where(eq(courses.id, id)))[0]!.enrolledCount;
const purchasesOf = (member: Member, courseId: number) =>
  t.database.db
    .select({ status: coursePurchases.status, paymentIntentId: coursePurchases.paymentIntentId })
    .from(coursePurchases)
    .where(and(eq(coursePurchases.userId, member.id), eq(coursePurchases.courseId, courseId)));

/** She asks to enroll, gets the Payment Element's secret, pays, and Stripe's webhook arrives. */
async function buy(member: Member, courseId: number) {
  const res = await enroll(member, courseId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (res.body.enrolled) throw new Error("a priced course enrolled her without payment");
  const intent = stripe.succeedPaymentIntent(intentIdOf(res.body.clientSecret));
  const event = stripeEvent("payment_intent.succeeded", intent);
  expect((await deliverEvent(t.app, event)).status).toBe(200);
  return { intent, event };
}

describe("buying a priced course", () => {
  it("answers the card form's secret and enrolls no one until Stripe says the payment succeeded", async () => {
    const course = await addCourse({ price: 49 });
    const ruth = await t.member({ firstName: "Ruth" });

    const res = await enroll(ruth, course.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ courseId: course.id, enrolled: false, clientSecret: expect.any(String) });
    if (res.body.enrolled) return;
    expect(await enrolmentsOf(ruth)).not.toContain(course.id);
    const listed = (await ruth.client.call(coursesEndpoints.list)).body.find((c) => c.id === course.id);
    expect(listed?.courseUrl).toBeNull();

    const intentId = intentIdOf(res.body.clientSecret);
    expect(stripe.paymentIntents.get(intentId)).toMatchObject({
      amount: 4900,
      currency: "usd",
      metadata: { kind: "course", courseId: String(course.id), userId: String(ruth.id) },
    });

    const intent = stripe.succeedPaymentIntent(intentId);
    const event = stripeEvent("payment_intent.succeeded", intent);
    expect((await deliverEvent(t.app, event)).status).toBe(200);

    expect(await enrolmentsOf(ruth)).toContain(course.id);
    expect(await enrolledCount(course.id)).toBe(1);
    const after = (await ruth.client.call(coursesEndpoints.list)).body.find((c) => c.id === course.id);
    expect(after?.courseUrl).toBe(course.courseUrl);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripeObjectId, intentId));
    expect(payment).toMatchObject({
      kind: "course",
      amountCents: 4900,
      courseId: course.id,
      userId: ruth.id,
    });

    // Stripe delivers at least once: the same event, or another for the same intent, changes nothing.
    expect((await deliverEvent(t.app, event)).body).toEqual({ received: true, duplicate: true });
    await deliverEvent(t.app, stripeEvent("payment_intent.succeeded", intent));
    expect(await enrolledCount(course.id)).toBe(1);
    expect(
      await t.database.db.select().from(payments).where(eq(payments.stripeObjectId, intentId)),
    ).toHaveLength(1);
  });

  it("never lets her pay twice: the same secret while the purchase is open, 409 once she is enrolled", async () => {
    const course = await addCourse({ price: 25 });
    const naomi = await t.member({ firstName: "Naomi" });

    const first = await enroll(naomi, course.id);
    const second = await enroll(naomi, course.id);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await purchasesOf(naomi, course.id)).toHaveLength(1);

    if (first.body.enrolled) throw new Error("enrolled without payment");
    const intent = stripe.succeedPaymentIntent(intentIdOf(first.body.clientSecret));
    // Paid, and Stripe's webhook not here yet: no second payment is offered.
    const waiting = await enroll(naomi, course.id);
    expect(waiting.status).toBe(409);
    expect(waiting.body).toEqual({
      message: "Your payment was received. Your enrollment will appear in a moment.",
    });
    await deliverEvent(t.app, stripeEvent("payment_intent.succeeded", intent));

    const again = await enroll(naomi, course.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: "You're already enrolled in this course." });
    expect(await purchasesOf(naomi, course.id)).toEqual([{ status: "paid", paymentIntentId: intent.id }]);
  });

  it("a full refund in Stripe ends her enrollment; she may buy it again", async () => {
    const course = await addCourse({ price: 30 });
    const leah = await t.member({ firstName: "Leah" });
    const { intent } = await buy(leah, course.id);
    expect(await enrolledCount(course.id)).toBe(1);

    // A partial refund leaves her course as it is.
    const partial = stripe.refundPaymentIntent(intent.id, 1000);
    await deliverEvent(t.app, stripeEvent("charge.refunded", partial));
    expect(await enrolmentsOf(leah)).toContain(course.id);

    const refundEvent = stripeEvent("charge.refunded", stripe.refundPaymentIntent(intent.id));
    expect((await deliverEvent(t.app, refundEvent)).status).toBe(200);
    expect(await enrolmentsOf(leah)).not.toContain(course.id);
    expect(await enrolledCount(course.id)).toBe(0);
    expect(await purchasesOf(leah, course.id)).toEqual([{ status: "refunded", paymentIntentId: intent.id }]);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripeObjectId, intent.id));
    expect(payment?.refundedAt).toBeInstanceOf(Date);

    await deliverEvent(t.app, refundEvent);
    expect(await enrolledCount(course.id)).toBe(0);

    const fresh = await enroll(leah, course.id);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ enrolled: false });
    if (!fresh.body.enrolled) expect(intentIdOf(fresh.body.clientSecret)).not.toBe(intent.id);
  });

  it("free courses still enroll at once", async () => {
    const course = await addCourse({ price: null });
    const miriam = await t.member();
    const res = await enroll(miriam, course.id);
    expect(res.body).toEqual({ courseId: course.id, enrolled: true, enrolledCount: 1 });
    expect(await enrolmentsOf(miriam)).toContain(course.id);
  });
});

describe("courses included for patrons", () => {
  it("a patron enrolls without paying; a member who is not a patron is asked to pay", async () => {
    const course = await addCourse({ price: 49, includedForPatrons: true });
    expect(course.includedForPatrons).toBe(true);
    const patron = await t.member({ firstName: "Esther" });
    await makePatron(t, patron);
    const member = await t.member({ firstName: "Dinah" });
    const requestsBefore = stripe.requests.length;

    const free = await enroll(patron, course.id);
    expect(free.body).toEqual({ courseId: course.id, enrolled: true, enrolledCount: 1 });
    expect(stripe.requests.length).toBe(requestsBefore);
    const listed = (await patron.client.call(coursesEndpoints.list)).body.find((c) => c.id === course.id);
    expect(listed?.courseUrl).toBe(course.courseUrl);

    const paid = await enroll(member, course.id);
    expect(paid.body).toMatchObject({ enrolled: false, clientSecret: expect.any(String) });
    expect(await enrolmentsOf(member)).not.toContain(course.id);
  });
});

describe("course sales in the revenue figures", () => {
  it("counts a course sale beside subscriptions and donations, and drops it once refunded", async () => {
    const before = (await admin.client.call(adminEndpoints.analytics)).body;
    const course = await addCourse({ price: 20 });
    const judith = await t.member();
    const { intent } = await buy(judith, course.id);

    const after = (await admin.client.call(adminEndpoints.analytics)).body;
    expect(after.revenueBySource.courses).toBeCloseTo(before.revenueBySource.courses + 20);
    expect(after.courseSalesThisMonth).toBe(before.courseSalesThisMonth + 1);
    expect(after.monthlyRevenue).toBeCloseTo(before.monthlyRevenue + 20);
    expect(after.revenueBySource.subscriptions).toBe(before.revenueBySource.subscriptions);
    expect(after.revenueBySource.donations).toBe(before.revenueBySource.donations);

    await deliverEvent(t.app, stripeEvent("charge.refunded", stripe.refundPaymentIntent(intent.id)));
    const refunded = (await admin.client.call(adminEndpoints.analytics)).body;
    expect(refunded.revenueBySource.courses).toBeCloseTo(before.revenueBySource.courses);
    expect(refunded.courseSalesThisMonth).toBe(before.courseSalesThisMonth);
  });
});

describe("enrolling in what is kept or not open", () => {
  it("refuses a patron-only course to a member who is not a patron, with 403 and a clear message", async () => {
    const course = await addCourse({ price: null, patronOnly: true });
    const member = await t.member();
    const res = await enroll(member, course.id);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "This course is for our patrons. Become a patron to enroll." });
    expect(
      await t.database.db.select().from(courseEnrollments).where(eq(courseEnrollments.userId, member.id)),
    ).toEqual([]);
  });

  it("answers 409 for a course that is not open yet, before any payment", async () => {
    const course = await addCourse({ status: "coming_soon" });
    const res = await enroll(await t.member(), course.id);
    expect(res.status).toBe(409);
  });

  it("answers 503 'Online payments are not set up yet.' for a priced course without Stripe settings", async () => {
    const plain = await createTestContext();
    try {
      const owner = await plain.admin();
      const created = await owner.client.call(coursesEndpoints.adminCreate, {
        body: {
          title: "Priced without payments",
          description: "A course on a site that has not set up online payments.",
          status: "active",
          price: 10,
        },
      });
      const member = await plain.member();
      const res = await member.client.call(coursesEndpoints.enroll, { params: { id: created.body.id } });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: "Online payments are not set up yet." });
    } finally {
      await plain.close();
    }
  });
});
