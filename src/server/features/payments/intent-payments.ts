import type Stripe from "stripe";
import type { Tx } from "../../db/client";
import * as q from "./queries";

export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * Records the money of a succeeded payment intent we created (a donation, a course), once per
 * intent, for the member its metadata or customer names: `recorded` is false on a replay.
 */
export async function recordIntentPayment(
  tx: Tx,
  intent: Stripe.PaymentIntent,
  event: Stripe.Event,
  payment: { kind: "donation" | "course"; courseId?: number | null },
) {
  const amount = intent.amount_received || intent.amount;
  const member = await q.resolveMember(tx, intent.metadata?.userId, idOf(intent.customer));
  const recorded = await q.recordPayment(tx, {
    userId: member?.id ?? null,
    ...payment,
    amountCents: amount,
    currency: intent.currency,
    stripeObjectId: intent.id,
    createdAt: new Date(event.created * 1000),
  });
  return { member, amount, recorded };
}
