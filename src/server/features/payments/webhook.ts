import type Stripe from "stripe";
import { activityName, recordActivity } from "../../activity/record";
import type { Tx } from "../../db/client";
import { badRequest } from "../../http/errors";
import { applyCourseEvent } from "./course-purchases";
import { recordIntentPayment } from "./intent-payments";
import * as q from "./queries";
import type { PaymentsContext } from "./service";
import { callStripe, isGiftSubscription, isMissingResource } from "./stripe";

const SUBSCRIPTION_EVENTS = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
]);

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** How far a signature's time may be from ours, either way (the SDK's default, for the past). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The `t=` the SDK verified the signature with: read as it reads it (the last one wins). */
function signedAtOf(header: string): number {
  let signedAt = Number.NaN;
  for (const item of header.split(",")) {
    const [key, value] = item.split("=");
    if (key === "t") signedAt = Number.parseInt(value ?? "", 10);
  }
  return signedAt;
}

/**
 * Verifies the signature on the exact bytes Stripe sent; anything else is refused untouched. The SDK
 * refuses a signature older than its tolerance but not one dated ahead, which would stay usable
 * until that time had come and gone: those are refused too.
 */
export function verifyEvent(ctx: PaymentsContext, rawBody: Buffer, signature: string | string[] | undefined) {
  if (typeof signature !== "string" || !signature) throw badRequest("Missing Stripe signature.");
  let event: Stripe.Event;
  try {
    event = ctx.stripe.webhooks.constructEvent(
      rawBody,
      signature,
      ctx.settings.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
    );
  } catch {
    throw badRequest("Invalid Stripe signature.");
  }
  if (!(signedAtOf(signature) <= Math.floor(Date.now() / 1000) + SIGNATURE_TOLERANCE_SECONDS)) {
    throw badRequest("Stripe signature is dated in the future.");
  }
  return event;
}

/**
 * Events arrive late, out of order and more than once. A subscription event is applied from the
 * subscription as Stripe describes it now (not as the event remembers it), so an old "incomplete"
 * arriving after "active" changes nothing; the event id is stored in the same transaction as its
 * effect, so a replay is a no-op.
 */
export async function applyEvent(
  ctx: PaymentsContext,
  event: Stripe.Event,
): Promise<"applied" | "duplicate"> {
  if (await q.eventSeen(ctx.db, event.id)) return "duplicate";

  let subscription: Stripe.Subscription | undefined;
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    subscription = event.data.object as Stripe.Subscription;
    // A deleted subscription stays deleted; others may have moved on since the event was sent.
    if (event.type !== "customer.subscription.deleted") {
      subscription = await currentSubscription(ctx, subscription);
    }
  }

  const applied = await ctx.db.transaction(async (tx) => {
    if (!(await q.claimEvent(tx, event.id, event.type))) return false;
    if (subscription) await applySubscription(tx, subscription);
    else if (event.type === "invoice.paid")
      await applyInvoicePaid(tx, event.data.object as Stripe.Invoice, event);
    else if (event.type === "payment_intent.succeeded") {
      await applyDonation(tx, event.data.object as Stripe.PaymentIntent, event);
    }
    await applyCourseEvent(tx, event);
    return true;
  });
  return applied ? "applied" : "duplicate";
}

async function currentSubscription(ctx: PaymentsContext, fromEvent: Stripe.Subscription) {
  return callStripe(ctx.log, "retrieve subscription", async () => {
    try {
      return await ctx.stripe.subscriptions.retrieve(fromEvent.id);
    } catch (err) {
      if (isMissingResource(err)) return fromEvent;
      throw err;
    }
  });
}

/** What the subscription asks each month, in cents (a gift's own amount). */
const monthlyCents = (subscription: Stripe.Subscription) =>
  subscription.items?.data?.reduce(
    (sum, item) => sum + (item.price?.unit_amount ?? 0) * (item.quantity ?? 1),
    0,
  ) ?? null;

async function applySubscription(tx: Tx, subscription: Stripe.Subscription) {
  const member = await q.resolveMember(tx, subscription.metadata?.userId, idOf(subscription.customer));
  if (member) await q.lockMember(tx, member.id);
  const gift = isGiftSubscription(subscription);
  const previous = await q.upsertSubscription(tx, {
    id: subscription.id,
    userId: member?.id ?? null,
    status: subscription.status,
    createdAt: new Date(subscription.created * 1000),
    purpose: gift ? "gift" : "patron",
    amountCents: gift ? monthlyCents(subscription) : null,
  });
  if (!member) return;
  await q.refreshTier(tx, member.id);
  if (!gift && q.isPatronStatus(subscription.status) && !q.isPatronStatus(previous)) {
    await recordActivity(tx, "patron_started", { name: activityName(member) }, member.id);
  }
}

/**
 * A paid subscription invoice is patron revenue, or a monthly gift when its subscription is one (its
 * payment intent is not counted again).
 */
async function applyInvoicePaid(tx: Tx, invoice: Stripe.Invoice, event: Stripe.Event) {
  const details = invoice.parent?.subscription_details;
  const legacySubscription = (invoice as { subscription?: string | { id: string } | null }).subscription;
  const subscriptionId = idOf(details?.subscription ?? legacySubscription);
  if (!subscriptionId || !invoice.id || invoice.amount_paid <= 0) return;
  const member = await q.resolveMember(tx, details?.metadata?.userId, idOf(invoice.customer));
  const paidAt = invoice.status_transitions?.paid_at ?? event.created;
  const gift =
    details?.metadata?.purpose === "gift" || (await q.subscriptionPurpose(tx, subscriptionId)) === "gift";
  await q.recordPayment(tx, {
    userId: member?.id ?? null,
    kind: gift ? "recurring_gift" : "subscription",
    amountCents: invoice.amount_paid,
    currency: invoice.currency,
    stripeObjectId: invoice.id,
    createdAt: new Date(paidAt * 1000),
  });
}

/** Only our donation intents are donations; a subscription's own intent is left to invoice.paid. */
async function applyDonation(tx: Tx, intent: Stripe.PaymentIntent, event: Stripe.Event) {
  if (intent.metadata?.kind !== "donation") return;
  if ((intent.amount_received || intent.amount) <= 0) return;
  const { member, amount, recorded } = await recordIntentPayment(tx, intent, event, { kind: "donation" });
  if (recorded) {
    await recordActivity(
      tx,
      "donation_received",
      { name: activityName(member), cents: amount, currency: intent.currency },
      member?.id,
    );
  }
}
