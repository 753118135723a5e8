import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import Stripe from "stripe";
import { expect } from "./fixtures";
import { STAND_IN } from "./services/stripe.mjs";

/** Stripe telling the app that a donation went through, signed the way Stripe signs it. */
export async function deliverDonation(page: Page, userId: number, cents: number, paidAt = new Date()) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(10).toString("hex")}`,
    object: "event",
    type: "payment_intent.succeeded",
    created: Math.floor(paidAt.getTime() / 1000),
    data: {
      object: {
        id: `pi_${randomBytes(10).toString("hex")}`,
        object: "payment_intent",
        amount: cents,
        amount_received: cents,
        currency: "usd",
        customer: null,
        status: "succeeded",
        metadata: { userId: String(userId), kind: "donation" },
      },
    },
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
