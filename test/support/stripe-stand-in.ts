import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";
import { createStripeStandIn, STAND_IN, type StripeStandIn } from "../../e2e/support/services/stripe.mjs";
import { paymentsEndpoints } from "../../src/core/payments/endpoints";
import { createTestContext } from "./app";

export { STAND_IN, type StripeStandIn };

/** A stand-in Stripe on a loopback port, and the environment that points the app at it. */
export async function startStripeStandIn() {
  const standIn = await createStripeStandIn();
  const env = {
    STRIPE_SECRET_KEY: STAND_IN.secretKey,
    STRIPE_PUBLISHABLE_KEY: STAND_IN.publishableKey,
    STRIPE_WEBHOOK_SECRET: STAND_IN.webhookSecret,
    STRIPE_PRICE_ID: STAND_IN.priceId,
    STRIPE_API_BASE: standIn.url,
  };
  return { standIn, env };
}

const signer = new Stripe("sk_test_signing_only");

/** A webhook event as Stripe sends it. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  eventId = `evt_${randomBytes(10).toString("hex")}`,
) {
  return {
    id: eventId,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** Posts the event signed with the SDK's own test helper, as Stripe does: no Origin, no cookie. */
export async function deliverEvent(
  app: FastifyInstance,
  event: object,
  options: { secret?: string; signature?: string; payload?: string; signedAt?: Date } = {},
) {
  const payload = options.payload ?? JSON.stringify(event);
  const signature =
    options.signature ??
    signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? STAND_IN.webhookSecret,
      ...(options.signedAt && { timestamp: Math.floor(options.signedAt.getTime() / 1000) }),
    });
  const res = await app.inject({
    method: paymentsEndpoints.webhook.method,
    url: paymentsEndpoints.webhook.path,
    payload,
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
  });
  return {
    status: res.statusCode,
    body: res.json() as { received?: boolean; duplicate?: boolean; message?: string },
  };
}

/** A fresh app (see `createTestContext`) that talks to a Stripe stand-in of its own. */
export async function createStripeTestContext(env: Record<string, string> = {}) {
  const { standIn, env: stripeEnv } = await startStripeStandIn();
  const t = await createTestContext({ ...stripeEnv, ...env });
  const close = async () => {
    await t.close();
    await standIn.close();
  };
  return { t, stripe: standIn, close };
}
