/** What other features may use of payments: a member's billing account, for closing it. */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type Stripe from "stripe";
import type { PaymentsContext } from "./service";
import { createStripeClient, type StripeSettings } from "./stripe";

export { startCoursePurchase } from "./course-purchases";
export { closeBillingAccount, type PaymentsContext } from "./service";

const clients = new WeakMap<StripeSettings, Stripe>();

/** Payments for this app, or undefined when Stripe is not configured. */
export function paymentsContext(app: FastifyInstance, log: FastifyBaseLogger): PaymentsContext | undefined {
  const settings = app.config.stripe;
  if (!settings) return undefined;
  let stripe = clients.get(settings);
  if (!stripe) {
    stripe = createStripeClient(settings);
    clients.set(settings, stripe);
  }
  return { db: app.db, stripe, settings, publicUrl: app.config.publicUrl, log };
}
// Its job for the queue: the receipt of a payment just recorded.
export { paymentJobs } from "./jobs";
