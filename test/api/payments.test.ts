import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { paymentsEndpoints } from "../../src/core/payments/endpoints";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import { activityLog, payments, stripeEvents, subscriptions, users } from "../../src/server/db/schema";
import { createTestContext, invalid, type Member, type TestContext } from "../support/app";
import {
  deliverEvent,
  STAND_IN,
  type StripeStandIn,
  startStripeStandIn,
  stripeEvent,
} from "../support/stripe-stand-in";

let t: TestContext;
let stripe: StripeStandIn;

beforeAll(async () => {
  const started = await startStripeStandIn();
  stripe = started.standIn;
  t = await createTestContext(started.env);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const userRow = async (id: number) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
};
const requestsTo = (method: string, path: string) =>
  stripe.requests.filter((r) => r.method === method && r.path === path);

/** A member with a subscription as Stripe created it (incomplete, awaiting the first payment). */
async function subscribe(member: Member) {
  const res = await member.client.call(paymentsEndpoints.subscribe);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { stripeCustomerId } = (await userRow(member.id))!;
  const sub = [...stripe.subscriptions.values()].find((s) => s.customer === stripeCustomerId);
  return { clientSecret: res.body.clientSecret as string, subscription: sub!, customerId: stripeCustomerId! };
}

describe("patron subscription", () => {
  it("refuses visitors", async () => {
    expect((await t.visitor().call(paymentsEndpoints.subscribe)).status).toBe(401);
  });

  it("creates her Stripe customer and a $15/month subscription carrying her id", async () => {
    const m = await t.member({ firstName: "Hannah", lastName: "Levi" });
    const { clientSecret, subscription, customerId } = await subscribe(m);

    expect(clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(customerId).toMatch(/^cus_/);
    const customer = stripe.customers.get(customerId)!;
    expect(customer).toMatchObject({
      email: m.email,
      name: "Hannah Levi",
      metadata: { userId: String(m.id) },
    });

    expect(subscription.metadata).toEqual({ userId: String(m.id) });
    expect(subscription.items.data[0].price.id).toBe(STAND_IN.priceId);
    expect(subscription.items.data[0].price.unit_amount).toBe(1500);
    expect(subscription.status).toBe("incomplete");
    const [create] = requestsTo("POST", "/v1/subscriptions").filter((r) => r.body.customer === customerId);
    expect(create!.body).toMatchObject({
      payment_behavior: "default_incomplete",
      items: [{ price: STAND_IN.priceId }],
      expand: ["latest_invoice.confirmation_secret"],
    });
    // The browser never sets a tier: she stays free until Stripe says she paid.
    expect((await userRow(m.id))!.membershipTier).toBe("free");
  });

  it("reuses her customer and her unfinished subscription when she comes back", async () => {
    const m = await t.member();
    const first = await subscribe(m);
    const customersBefore = stripe.customers.size;
    const subscriptionsBefore = stripe.subscriptions.size;

    const again = await m.client.call(paymentsEndpoints.subscribe);
    expect(again.status).toBe(200);
    expect(again.body.clientSecret).toBe(first.clientSecret);
    expect(stripe.customers.size).toBe(customersBefore);
    expect(stripe.subscriptions.size).toBe(subscriptionsBefore);

    const donation = await m.client.call(paymentsEndpoints.donate, {
      body: { amount: 10, description: "Gift" },
    });
    expect(donation.status).toBe(200);
    const intent = [...stripe.paymentIntents.values()].find(
      (p) => p.client_secret === donation.body.clientSecret,
    );
    expect(intent!.customer).toBe(first.customerId);
    expect(stripe.customers.size).toBe(customersBefore);
  });

  it("answers 409 'already has an active subscription' to a patron", async () => {
    const m = await t.member();
    const { subscription } = await subscribe(m);
    const paid = stripe.payFirstInvoice(subscription.id);
    expect(
      (await deliverEvent(t.app, stripeEvent("customer.subscription.updated", paid.subscription))).status,
    ).toBe(200);
    expect((await userRow(m.id))!.membershipTier).toBe("premium");

    const res = await m.client.call(paymentsEndpoints.subscribe);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("already has an active subscription");
  });

  it("also answers 409 when Stripe has her paid subscription before its webhook arrived", async () => {
    const m = await t.member();
    const { subscription } = await subscribe(m);
    stripe.payFirstInvoice(subscription.id);
    const created = stripe.subscriptions.size;
    const res = await m.client.call(paymentsEndpoints.subscribe);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("already has an active subscription");
    expect(stripe.subscriptions.size).toBe(created);
  });

  it("answers 503 with a plain message when Stripe is down, and creates nothing locally", async () => {
    const m = await t.member();
    // The SDK retries twice; every attempt fails.
    stripe.failNext(500);
    stripe.failNext(500);
    stripe.failNext(500);
    const res = await m.client.call(paymentsEndpoints.subscribe);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(
      "The payment service is not reachable right now. Please try again in a moment.",
    );
    expect((await userRow(m.id))!.stripeCustomerId).toBeNull();
  });
});

describe("donations", () => {
  it("creates a payment intent in exact cents: 19.99 is 1999", async () => {
    const m = await t.member();
    const res = await m.client.call(paymentsEndpoints.donate, {
      body: { amount: 19.99, description: "Donation" },
    });
    expect(res.status).toBe(200);
    const intent = [...stripe.paymentIntents.values()].find(
      (p) => p.client_secret === res.body.clientSecret,
    )!;
    expect(intent.amount).toBe(1999);
    expect(intent.currency).toBe("usd");
    expect(intent.metadata).toEqual({ userId: String(m.id), kind: "donation" });
    expect(intent.automatic_payment_methods).toEqual({ enabled: true });

    for (const [amount, cents] of [
      [0.29 + 1, 129],
      [1.1, 110],
      [4.35, 435],
      [1005, 100500],
    ] as const) {
      const r = await m.client.call(paymentsEndpoints.donate, { body: { amount, description: "Donation" } });
      const pi = [...stripe.paymentIntents.values()].find((p) => p.client_secret === r.body.clientSecret)!;
      expect(pi.amount).toBe(cents);
    }
  });

  it("records the donation from the webhook as 1999 cents, once", async () => {
    const m = await t.member({ firstName: "Esther", lastName: "Cohen" });
    const res = await m.client.call(paymentsEndpoints.donate, {
      body: { amount: 19.99, description: "Donation" },
    });
    const intent = [...stripe.paymentIntents.values()].find(
      (p) => p.client_secret === res.body.clientSecret,
    )!;
    const event = stripeEvent("payment_intent.succeeded", stripe.succeedPaymentIntent(intent.id));

    expect((await deliverEvent(t.app, event)).body).toEqual({ received: true });
    expect((await deliverEvent(t.app, event)).body).toEqual({ received: true, duplicate: true });
    // The same payment in another event (Stripe can send both) is still counted once.
    await deliverEvent(t.app, stripeEvent("payment_intent.succeeded", intent));

    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, m.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "donation",
      amountCents: 1999,
      currency: "usd",
      stripeObjectId: intent.id,
    });
    const activity = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.userId, m.id), eq(activityLog.kind, "donation_received")));
    expect(activity.map((a) => a.params)).toEqual([{ name: "Esther Cohen", cents: 1999, currency: "usd" }]);
  });

  it("rejects amounts under $1, over the limit, with fractions of a cent, or not numbers", async () => {
    const m = await t.member();
    const before = stripe.paymentIntents.size;
    for (const amount of [0, 0.99, -5]) {
      const res = await m.client.call(paymentsEndpoints.donate, {
        body: { amount, description: "Donation" },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please enter an amount of at least $1.");
    }
    const huge = await m.client.call(paymentsEndpoints.donate, { body: { amount: 10_000.01 } });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe("Please enter an amount of at most $10,000.");
    const fraction = await m.client.call(paymentsEndpoints.donate, { body: { amount: 19.999 } });
    expect(fraction.status).toBe(400);
    expect(fraction.body.message).toBe("Please enter an amount with at most two decimal places.");
    for (const amount of ["25", null, "abc"]) {
      expect(
        (await m.client.call(paymentsEndpoints.donate, { body: { amount: invalid(amount) } })).status,
      ).toBe(400);
    }
    expect(stripe.paymentIntents.size).toBe(before);
  });

  it("refuses visitors", async () => {
    expect((await t.visitor().call(paymentsEndpoints.donate, { body: { amount: 25 } })).status).toBe(401);
  });
});

describe("webhooks", () => {
  it("takes a member from free to premium and back to free", async () => {
    const m = await t.member({ firstName: "Lydia", lastName: "Brooks" });
    const { subscription } = await subscribe(m);

    await deliverEvent(t.app, stripeEvent("customer.subscription.created", subscription));
    expect((await userRow(m.id))!.membershipTier).toBe("free");

    const paid = stripe.payFirstInvoice(subscription.id);
    expect(
      (await deliverEvent(t.app, stripeEvent("customer.subscription.updated", paid.subscription))).status,
    ).toBe(200);
    expect((await userRow(m.id))!.membershipTier).toBe("premium");
    expect((await m.client.call(authEndpoints.user)).body.membershipTier).toBe("premium");
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(row).toMatchObject({ userId: m.id, status: "active" });

    const canceled = stripe.setSubscriptionStatus(subscription.id, "canceled");
    await deliverEvent(t.app, stripeEvent("customer.subscription.deleted", canceled));
    expect((await userRow(m.id))!.membershipTier).toBe("free");
    const [after] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(after!.status).toBe("canceled");

    const started = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.userId, m.id), eq(activityLog.kind, "patron_started")));
    expect(started.map((a) => a.params)).toEqual([{ name: "Lydia Brooks" }]);
  });

  it("sets the tier from the subscription's status: trialing is premium, past_due is not", async () => {
    const m = await t.member();
    const { subscription } = await subscribe(m);
    await deliverEvent(
      t.app,
      stripeEvent("customer.subscription.updated", stripe.setSubscriptionStatus(subscription.id, "trialing")),
    );
    expect((await userRow(m.id))!.membershipTier).toBe("premium");
    await deliverEvent(
      t.app,
      stripeEvent("customer.subscription.updated", stripe.setSubscriptionStatus(subscription.id, "past_due")),
    );
    expect((await userRow(m.id))!.membershipTier).toBe("free");
  });

  it("applies a replayed event once", async () => {
    const m = await t.member();
    const { subscription } = await subscribe(m);
    const paid = stripe.payFirstInvoice(subscription.id);
    const event = stripeEvent("invoice.paid", paid.invoice);

    const first = await deliverEvent(t.app, event);
    const second = await deliverEvent(t.app, event);
    expect(first.body).toEqual({ received: true });
    expect(second.body).toEqual({ received: true, duplicate: true });
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripeObjectId, paid.invoice.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "subscription", amountCents: 1500, userId: m.id });
    const events = await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
    expect(events).toHaveLength(1);
  });

  it("counts a subscription payment once: its payment intent is not a donation", async () => {
    const m = await t.member();
    const { subscription } = await subscribe(m);
    const paid = stripe.payFirstInvoice(subscription.id);
    await deliverEvent(t.app, stripeEvent("payment_intent.succeeded", paid.paymentIntent));
    await deliverEvent(t.app, stripeEvent("invoice.paid", paid.invoice));
    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, m.id));
    expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([["subscription", 1500]]);
  });

  it("is not fooled by events arriving out of order", async () => {
    const m = await t.member();
    const { subscription } = await subscribe(m);
    const stale = stripeEvent("customer.subscription.created", structuredClone(subscription));
    const paid = stripe.payFirstInvoice(subscription.id);
    await deliverEvent(t.app, stripeEvent("customer.subscription.updated", paid.subscription));
    // The older "incomplete" event arrives last; Stripe's current state says active.
    await deliverEvent(t.app, stale);
    expect((await userRow(m.id))!.membershipTier).toBe("premium");

    const canceled = stripe.setSubscriptionStatus(subscription.id, "canceled");
    await deliverEvent(t.app, stripeEvent("customer.subscription.deleted", canceled));
    // A late "updated: active" cannot revive a canceled subscription.
    await deliverEvent(t.app, stripeEvent("customer.subscription.updated", paid.subscription));
    expect((await userRow(m.id))!.membershipTier).toBe("free");
  });

  it("rejects a bad signature with 400 and changes nothing", async () => {
    const m = await t.member();
    const { subscription } = await subscribe(m);
    const paid = stripe.payFirstInvoice(subscription.id);
    const event = stripeEvent("customer.subscription.updated", paid.subscription);

    const wrongSecret = await deliverEvent(t.app, event, { secret: "whsec_someone_else" });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.message).toBe("Invalid Stripe signature.");
    const tampered = await deliverEvent(t.app, event, {
      signature: `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
    });
    expect(tampered.status).toBe(400);
    const unsigned = await t.app.inject({
      method: paymentsEndpoints.webhook.method,
      url: paymentsEndpoints.webhook.path,
      payload: JSON.stringify(event),
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.statusCode).toBe(400);

    expect((await userRow(m.id))!.membershipTier).toBe("free");
    expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(
      0,
    );
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id)),
    ).toHaveLength(0);
  });

  it("refuses a correctly signed event dated more than 5 minutes ahead, and changes nothing", async () => {
    const m = await t.member();
    const { subscription } = await subscribe(m);
    const paid = stripe.payFirstInvoice(subscription.id);
    const event = stripeEvent("customer.subscription.updated", paid.subscription);

    // A signature made ahead of time would otherwise stay usable for as long as it is in the future.
    const ahead = await deliverEvent(t.app, event, { signedAt: new Date(Date.now() + 6 * 60_000) });
    expect(ahead.status).toBe(400);
    expect(ahead.body.message).toBe("Stripe signature is dated in the future.");
    expect((await userRow(m.id))!.membershipTier).toBe("free");
    expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(
      0,
    );
    // A clock a little ahead of ours is still believed.
    const slightlyAhead = await deliverEvent(t.app, event, { signedAt: new Date(Date.now() + 60_000) });
    expect(slightlyAhead.status).toBe(200);
    expect((await userRow(m.id))!.membershipTier).toBe("premium");
  });

  it("finds the member by her customer id when metadata is missing, and survives unknown members", async () => {
    const m = await t.member();
    const { subscription } = await subscribe(m);
    const paid = stripe.payFirstInvoice(subscription.id);
    const invoice = {
      ...paid.invoice,
      parent: {
        ...paid.invoice.parent,
        subscription_details: { subscription: subscription.id, metadata: null },
      },
    };
    await deliverEvent(t.app, stripeEvent("invoice.paid", invoice));
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripeObjectId, paid.invoice.id));
    expect(row!.userId).toBe(m.id);

    const stranger = stripeEvent("customer.subscription.deleted", {
      ...paid.subscription,
      id: "sub_not_ours",
      customer: "cus_not_ours",
      status: "canceled",
      metadata: { userId: "999999" },
    });
    expect((await deliverEvent(t.app, stranger)).status).toBe(200);
  });

  it("acknowledges event types it does not act on", async () => {
    const res = await deliverEvent(t.app, stripeEvent("charge.refunded", { id: "ch_1", object: "charge" }));
    expect(res).toMatchObject({ status: 200, body: { received: true } });
  });
});

describe("billing portal", () => {
  it("opens Stripe's customer portal for her, returning to her profile", async () => {
    const m = await t.member();
    const none = await m.client.call(paymentsEndpoints.billingPortal);
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/no billing account/);

    const { customerId } = await subscribe(m);
    const res = await m.client.call(paymentsEndpoints.billingPortal);
    expect(res.status).toBe(200);
    const session = stripe.portalSessions.at(-1)!;
    expect(res.body).toEqual({ url: session.url });
    expect(session.customer).toBe(customerId);
    expect(session.return_url).toBe(`${t.config.publicUrl}/profile`);
  });
});

describe("deleting an account with a subscription", () => {
  it("closes her Stripe customer (ending the subscription) and keeps the payments anonymously", async () => {
    const m = await t.member();
    const { subscription, customerId } = await subscribe(m);
    const paid = stripe.payFirstInvoice(subscription.id);
    await deliverEvent(t.app, stripeEvent("customer.subscription.updated", paid.subscription));
    await deliverEvent(t.app, stripeEvent("invoice.paid", paid.invoice));

    const res = await m.client.call(profileEndpoints.delete, { body: { confirm: "DELETE" } });
    expect(res.status).toBe(200);
    expect(stripe.customers.has(customerId)).toBe(false);
    expect(stripe.subscriptions.get(subscription.id)!.status).toBe("canceled");

    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripeObjectId, paid.invoice.id));
    expect(payment).toMatchObject({ userId: null, amountCents: 1500 });

    // Stripe then reports the cancellation for an account that no longer exists.
    const late = await deliverEvent(
      t.app,
      stripeEvent("customer.subscription.deleted", stripe.subscriptions.get(subscription.id)!),
    );
    expect(late.status).toBe(200);
  });

  it("keeps the account when Stripe cannot cancel the subscription", async () => {
    const m = await t.member();
    await subscribe(m);
    stripe.failNext(500);
    stripe.failNext(500);
    stripe.failNext(500);
    const res = await m.client.call(profileEndpoints.delete, { body: { confirm: "DELETE" } });
    expect(res.status).toBe(503);
    expect(await userRow(m.id)).toBeDefined();
    expect((await m.client.call(authEndpoints.user)).status).toBe(200);
  });
});

describe("without Stripe configuration", () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestContext();
  });
  afterAll(() => bare.close());

  it("every payment endpoint answers 503: online payments are not set up yet", async () => {
    const m = await bare.member();
    for (const send of [
      () => m.client.call(paymentsEndpoints.subscribe),
      () => m.client.call(paymentsEndpoints.donate, { body: { amount: 25, description: "Donation" } }),
      () => m.client.call(paymentsEndpoints.billingPortal),
    ]) {
      const res = await send();
      expect(res.status, res.request).toBe(503);
      expect(res.body.message).toBe("Online payments are not set up yet.");
    }
    const hook = await deliverEvent(bare.app, stripeEvent("invoice.paid", { id: "in_1" }));
    expect(hook.status).toBe(503);
    const [count] = await bare.database.db.select({ n: sql<number>`count(*)::int` }).from(stripeEvents);
    expect(count!.n).toBe(0);
  });

  it("still lets a member delete her account", async () => {
    const m = await bare.member();
    expect((await m.client.call(profileEndpoints.delete, { body: { confirm: "DELETE" } })).status).toBe(200);
  });
});
