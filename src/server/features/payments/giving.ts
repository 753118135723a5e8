import { createHash } from "node:crypto";
import type Stripe from "stripe";
import { dollarsToCents } from "../../../core/format";
import { GIVING_MESSAGES, receiptNumber } from "../../../core/giving/schemas";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import * as q from "./queries";
import { paymentDescription } from "./receipts";
import { billingMember, ensureCustomer, type PaymentsContext, secretOf } from "./service";
import { callStripe, isMissingResource } from "./stripe";

/** The Stripe product every monthly gift's price belongs to (made on first use, by this id). */
export const GIFT_PRODUCT = { id: "monthly_gift", name: "Monthly gift" } as const;

const products = new WeakMap<Stripe, Promise<string>>();

/** The gift product's id, creating it at Stripe the first time this site takes a monthly gift. */
function giftProduct(ctx: PaymentsContext) {
  let product = products.get(ctx.stripe);
  if (!product) {
    product = callStripe(ctx.log, "find the monthly gift product", async () => {
      try {
        return (await ctx.stripe.products.retrieve(GIFT_PRODUCT.id)).id;
      } catch (err) {
        if (!isMissingResource(err)) throw err;
        return (await ctx.stripe.products.create({ id: GIFT_PRODUCT.id, name: GIFT_PRODUCT.name })).id;
      }
    });
    products.set(ctx.stripe, product);
    // A failure is not remembered: the next gift asks again.
    product.catch(() => products.delete(ctx.stripe));
  }
  return product;
}

/**
 * POST /api/recurring-gifts: a monthly subscription of her own amount, on its own price, marked as a
 * gift so it never makes her a patron. Its first invoice is paid through the Payment Element.
 */
export async function createRecurringGift(ctx: PaymentsContext, userId: number, input: { amount: number }) {
  const member = await billingMember(ctx, userId);
  const customer = await ensureCustomer(ctx, member);
  const product = await giftProduct(ctx);
  const amountCents = dollarsToCents(input.amount);
  const subscription = await callStripe(ctx.log, "create monthly gift", () =>
    ctx.stripe.subscriptions.create({
      customer,
      items: [
        {
          price_data: {
            currency: "usd",
            product,
            recurring: { interval: "month" },
            unit_amount: amountCents,
          },
        },
      ],
      description: GIFT_PRODUCT.name,
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      metadata: { userId: String(member.id), purpose: "gift" },
      expand: ["latest_invoice.confirmation_secret"],
    }),
  );
  await q.insertGift(ctx.db, {
    id: subscription.id,
    userId: member.id,
    status: subscription.status,
    amountCents,
    createdAt: new Date(subscription.created * 1000),
  });
  const clientSecret = secretOf(subscription.latest_invoice);
  if (!clientSecret)
    ctx.log.warn({ subscription: subscription.id }, "stripe: monthly gift has no payment secret");
  return { clientSecret };
}

/** DELETE /api/recurring-gifts/:id: stops her gift at Stripe now; another's is not found. */
export async function stopRecurringGift(ctx: PaymentsContext, userId: number, reference: string) {
  const gift = (await q.herGifts(ctx.db, userId)).find((g) => giftReference(g.id) === reference);
  if (!gift) throw notFound(GIVING_MESSAGES.giftNotFound);
  const id = gift.id;
  await callStripe(ctx.log, "cancel monthly gift", async () => {
    try {
      await ctx.stripe.subscriptions.cancel(id);
    } catch (err) {
      // Already gone at Stripe: stopped all the same.
      if (!isMissingResource(err)) throw err;
    }
  });
  // customer.subscription.deleted follows and says the same.
  await q.markCanceled(ctx.db, id);
  return { message: GIVING_MESSAGES.giftStopped };
}

/**
 * How the app names a gift: a digest of its Stripe id, so Stripe's ids never reach a browser (they
 * would name her customer and subscription to anyone who saw them).
 */
export const giftReference = (subscriptionId: string) =>
  createHash("sha256").update(subscriptionId).digest("base64url").slice(0, 16);

/** GET /api/recurring-gifts: her monthly gifts still running. */
export async function listGifts(db: Db, userId: number) {
  const gifts = await q.listGifts(db, userId);
  return gifts.map((gift) => ({ ...gift, id: giftReference(gift.id) }));
}

/** GET /api/giving: her payments in a calendar year (UTC), newest first, and their total. */
export async function givingYear(db: Db, config: AppConfig, userId: number, year: number) {
  const { rows, total } = await q.paymentsBetween(
    db,
    userId,
    new Date(Date.UTC(year, 0, 1)),
    new Date(Date.UTC(year + 1, 0, 1)),
  );
  return {
    year,
    payments: rows.map((row) => ({
      id: row.id,
      receiptNumber: receiptNumber(row.id),
      kind: row.kind,
      description: paymentDescription(row),
      amountCents: row.amountCents,
      currency: row.currency,
      paidAt: row.paidAt,
      refundedAt: row.refundedAt,
    })),
    total,
    ministry: { name: config.siteName, ...config.ministry },
  };
}
