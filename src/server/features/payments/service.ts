import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import { PATRON_PLAN_NAME } from "../../../core/constants";
import { dollarsToCents } from "../../../core/format";
import { PAYMENT_MESSAGES } from "../../../core/payments/schemas";
import type { Db } from "../../db/client";
import { conflict, unauthorized } from "../../http/errors";
import * as q from "./queries";
import { callStripe, isGiftSubscription, isMissingResource, type StripeSettings } from "./stripe";

export interface PaymentsContext {
  db: Db;
  stripe: Stripe;
  settings: StripeSettings;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const fullName = (m: { firstName: string | null; lastName: string | null }) =>
  [m.firstName, m.lastName].filter(Boolean).join(" ");

export async function billingMember(ctx: PaymentsContext, userId: number) {
  const member = await q.findBillingMember(ctx.db, userId);
  if (!member) throw unauthorized();
  return member;
}

/** Her Stripe customer, created on first use and kept in users.stripe_customer_id. */
export async function ensureCustomer(ctx: PaymentsContext, member: q.BillingMember) {
  if (member.stripeCustomerId) return member.stripeCustomerId;
  const customer = await callStripe(ctx.log, "create customer", () =>
    ctx.stripe.customers.create({
      email: member.email,
      name: fullName(member) || undefined,
      metadata: { userId: String(member.id) },
    }),
  );
  return q.saveCustomerId(ctx.db, member.id, customer.id);
}

export const secretOf = (invoice: Stripe.Invoice | string | null | undefined) => {
  if (!invoice || typeof invoice === "string") return null;
  const legacy = (invoice as { payment_intent?: Stripe.PaymentIntent | string | null }).payment_intent;
  return (
    invoice.confirmation_secret?.client_secret ??
    (legacy && typeof legacy !== "string" ? legacy.client_secret : null) ??
    null
  );
};

const usesPrice = (subscription: Stripe.Subscription, priceId: string) =>
  subscription.items?.data?.some((item) => item.price?.id === priceId) ?? false;

/**
 * POST /api/create-subscription: the Payment Element's secret for a $15/month patron subscription.
 * An unfinished subscription from an earlier visit is reused rather than stacking new ones.
 */
export async function createSubscription(ctx: PaymentsContext, userId: number) {
  const member = await billingMember(ctx, userId);
  if (member.membershipTier === "premium" || (await q.hasSubscription(ctx.db, userId))) {
    throw conflict(PAYMENT_MESSAGES.alreadyPatron);
  }
  const customer = await ensureCustomer(ctx, member);

  // The webhook that makes her a patron can lag behind her payment: ask Stripe itself. Her monthly
  // gifts are no patronage and do not count.
  const existing = await callStripe(ctx.log, "list subscriptions", () =>
    ctx.stripe.subscriptions.list({
      customer,
      status: "all",
      limit: 20,
      expand: ["data.latest_invoice.confirmation_secret"],
    }),
  );
  const patronage = existing.data.filter((s) => !isGiftSubscription(s));
  if (patronage.some((s) => (q.SUBSCRIBED_STATUSES as readonly string[]).includes(s.status))) {
    throw conflict(PAYMENT_MESSAGES.alreadyPatron);
  }
  const unfinished = patronage.find(
    (s) => s.status === "incomplete" && usesPrice(s, ctx.settings.priceId) && secretOf(s.latest_invoice),
  );
  if (unfinished) return { clientSecret: secretOf(unfinished.latest_invoice) };

  const subscription = await callStripe(ctx.log, "create subscription", () =>
    ctx.stripe.subscriptions.create({
      customer,
      items: [{ price: ctx.settings.priceId }],
      description: PATRON_PLAN_NAME,
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      metadata: { userId: String(member.id) },
      expand: ["latest_invoice.confirmation_secret"],
    }),
  );
  const clientSecret = secretOf(subscription.latest_invoice);
  if (!clientSecret)
    ctx.log.warn({ subscription: subscription.id }, "stripe: subscription has no payment secret");
  return { clientSecret };
}

/** POST /api/create-payment-intent: a one-time donation, in exact cents. */
export async function createDonation(
  ctx: PaymentsContext,
  userId: number,
  input: { amount: number; description?: string },
) {
  const member = await billingMember(ctx, userId);
  const customer = await ensureCustomer(ctx, member);
  const intent = await callStripe(ctx.log, "create payment intent", () =>
    ctx.stripe.paymentIntents.create({
      amount: dollarsToCents(input.amount),
      currency: "usd",
      customer,
      description: input.description ?? "Donation to the ministry",
      automatic_payment_methods: { enabled: true },
      metadata: { userId: String(member.id), kind: "donation" },
    }),
  );
  return { clientSecret: intent.client_secret ?? null };
}

/** POST /api/billing-portal: Stripe's customer portal, returning to her profile. */
export async function billingPortal(ctx: PaymentsContext, userId: number) {
  const member = await billingMember(ctx, userId);
  if (!member.stripeCustomerId) throw conflict(PAYMENT_MESSAGES.noBillingAccount);
  const session = await callStripe(ctx.log, "create billing portal session", () =>
    ctx.stripe.billingPortal.sessions.create({
      customer: member.stripeCustomerId!,
      return_url: `${ctx.publicUrl}/profile`,
    }),
  );
  return { url: session.url };
}

/**
 * For a member deleting her account: removing the Stripe customer cancels her subscriptions at
 * once, so nothing is charged again. A customer already gone is fine.
 */
export async function closeBillingAccount(ctx: Omit<PaymentsContext, "db">, customerId: string) {
  await callStripe(ctx.log, "delete customer", async () => {
    try {
      await ctx.stripe.customers.del(customerId);
    } catch (err) {
      if (!isMissingResource(err)) throw err;
    }
  });
}
