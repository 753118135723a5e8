import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import Stripe from "stripe";
import { expect } from "./fixtures";
import { STAND_IN } from "./services/stripe.mjs";

/** An event as Stripe sends it, signed the way Stripe signs it. */
export async function deliverStripeEvent(page: Page, type: string, object: object, created = new Date()) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(10).toString("hex")}`,
    object: "event",
    type,
    created: Math.floor(created.getTime() / 1000),
    data: { object },
  });
  const signature = new Stripe("sk_test_signing_only").webhooks.generateTestHeaderString({
    payload,
    secret: STAND_IN.webhookSecret,
  });
  const res = await page.request.post("/api/stripe/webhook", {
    data: payload,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const succeededIntent = (id: string, cents: number, metadata: Record<string, string>) => ({
  id,
  object: "payment_intent",
  amount: cents,
  amount_received: cents,
  currency: "usd",
  customer: null,
  status: "succeeded",
  metadata,
});

/** Stripe telling the app that a donation went through. */
export async function deliverDonation(page: Page, userId: number, cents: number, paidAt = new Date()) {
  const intent = succeededIntent(`pi_${randomBytes(10).toString("hex")}`, cents, {
    userId: String(userId),
    kind: "donation",
  });
  await deliverStripeEvent(page, "payment_intent.succeeded", intent, paidAt);
}

/** Stripe telling the app that the payment for a course went through: the intent it made, paid. */
export async function deliverCoursePayment(
  page: Page,
  purchase: { clientSecret: string; courseId: number; userId: number; cents: number },
) {
  const intent = succeededIntent(purchase.clientSecret.split("_secret_")[0]!, purchase.cents, {
    kind: "course",
    courseId: String(purchase.courseId),
    userId: String(purchase.userId),
  });
  await deliverStripeEvent(page, "payment_intent.succeeded", intent);
}
