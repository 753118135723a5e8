import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { givingEndpoints as api } from "../../src/core/giving/endpoints";
import { paymentsEndpoints } from "../../src/core/payments/endpoints";
import { payments, subscriptions, users } from "../../src/server/db/schema";
import type { Member, TestContext } from "../support/app";
import { queueDrained } from "../support/jobs";
import { closeMailTestContext, createMailTestContext } from "../support/mail-context";
import type { Mailbox } from "../support/mailbox";
import {
  deliverEvent,
  type StripeStandIn,
  startStripeStandIn,
  stripeEvent,
} from "../support/stripe-stand-in";

let t: TestContext;
let mailbox: Mailbox;
let stripe: StripeStandIn;

const MINISTRY = {
  MINISTRY_LEGAL_NAME: "Mishpacha Women's Ministry, Inc.",
  MINISTRY_ADDRESS: "12 Olive Lane\\nNashville, TN 37201",
  MINISTRY_TAX_ID: "12-3456789",
};

beforeAll(async () => {
  const started = await startStripeStandIn();
  stripe = started.standIn;
  ({ t, mailbox } = await createMailTestContext({ ...started.env, ...MINISTRY }));
});
afterAll(async () => {
  await closeMailTestContext({ t, mailbox });
  await stripe.close();
});

/** A member whose welcome mail is already taken from the mailbox, so the next one is her receipt. */
async function giver(firstName: string) {
  const m = await t.member({ firstName });
  await mailbox.next(m.email);
  return m;
}

const paymentsOf = (userId: number) =>
  t.database.db.select().from(payments).where(eq(payments.userId, userId));
const tierOf = async (userId: number) =>
  (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!.membershipTier;
const receiptsTo = (email: string) => mailbox.to(email).filter((m) => m.subject.startsWith("Your receipt"));

/** She donates `amount` and Stripe tells us it succeeded (at `created`, seconds since 1970). */
async function donate(m: Member, amount: number, created?: number) {
  const res = await m.client.call(paymentsEndpoints.donate, { body: { amount } });
  expect(res.status).toBe(200);
  const intent = [...stripe.paymentIntents.values()].find((p) => p.client_secret === res.body.clientSecret)!;
  const event = stripeEvent("payment_intent.succeeded", stripe.succeedPaymentIntent(intent.id));
  if (created) event.created = created;
  expect((await deliverEvent(t.app, event)).status).toBe(200);
  return { intent, event };
}

/** She starts a monthly gift; answers the subscription Stripe made for it. */
async function startGift(m: Member, amount: number) {
  const res = await m.client.call(api.createRecurringGift, { body: { amount } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
  const sub = [...stripe.subscriptions.values()].find((s) => s.metadata.userId === String(m.id))!;
  return sub;
}

/** Her first month is paid: Stripe sends the subscription's new state and the paid invoice. */
async function payFirstMonth(subscriptionId: string) {
  const paid = stripe.payFirstInvoice(subscriptionId);
  await deliverEvent(t.app, stripeEvent("customer.subscription.updated", paid.subscription));
  await deliverEvent(t.app, stripeEvent("invoice.paid", paid.invoice));
  return paid;
}

describe("receipts", () => {
  it("mails one receipt per payment with the ministry, amount, date and number, even when Stripe replays", async () => {
    const m = await giver("Ruth");
    const { event, intent } = await donate(m, 19.99);
    // The same event again, and the same payment under a new event id: still one payment, one mail.
    expect((await deliverEvent(t.app, event)).body.duplicate).toBe(true);
    await deliverEvent(t.app, stripeEvent("payment_intent.succeeded", stripe.paymentIntents.get(intent.id)!));

    const [payment] = await paymentsOf(m.id);
    const number = `No. ${String(payment!.id).padStart(6, "0")}`;
    const mail = await mailbox.next(m.email);
    expect(mail.subject).toBe(`Your receipt from Mishpacha: $19.99, ${number}`);
    const today = payment!.createdAt;
    const date = `${today.toLocaleString("en-US", { month: "long", timeZone: "UTC" })} ${today.getUTCDate()}, ${today.getUTCFullYear()}`;
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Shalom, Ruth,");
      expect(part).toContain(number);
      expect(part).toContain("$19.99");
      expect(part).toContain(date);
      expect(part).toContain("Donation");
      expect(part).toContain("Mishpacha");
      expect(part).toContain("12-3456789");
      expect(part).toContain("Nashville, TN 37201");
      expect(part).toContain("No goods or services were provided");
    }
    expect(mail.html).toContain("Mishpacha Women&#39;s Ministry, Inc.");
    expect(mail.text).toContain(`${t.config.publicUrl}/profile/giving/${today.getUTCFullYear()}`);

    await queueDrained(t);
    expect(await paymentsOf(m.id)).toHaveLength(1);
    expect(receiptsTo(m.email)).toHaveLength(1);
  });

  it("mails no receipt for a payment whose member is gone, and records it all the same", async () => {
    const dinah = await giver("Dinah");
    const before = mailbox.received.length;
    const intent = {
      ...stripe.succeedPaymentIntent((await donate(dinah, 5)).intent.id),
      id: "pi_of_a_deleted_account",
      customer: null,
      metadata: { kind: "donation", userId: "999999" },
    };
    expect((await deliverEvent(t.app, stripeEvent("payment_intent.succeeded", intent))).status).toBe(200);
    await queueDrained(t);
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.stripeObjectId, "pi_of_a_deleted_account"));
    expect(row!.userId).toBeNull();
    // Only Dinah's own receipt went out.
    expect(mailbox.received.slice(before).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your receipt from Mishpacha: \$5\.00/),
    ]);
  });
});

describe("monthly gifts", () => {
  it("starts a Stripe subscription of her own amount marked as a gift", async () => {
    const m = await giver("Hannah");
    const sub = await startGift(m, 20.5);
    expect(sub.status).toBe("incomplete");
    expect(sub.metadata).toEqual({ userId: String(m.id), purpose: "gift" });
    expect(sub.items.data[0].price).toMatchObject({ unit_amount: 2050, product: "monthly_gift" });
    const create = stripe.requests.find(
      (r) =>
        r.method === "POST" && r.path === "/v1/subscriptions" && r.body.metadata?.userId === String(m.id),
    )!;
    expect(create.body).toMatchObject({
      payment_behavior: "default_incomplete",
      items: [
        {
          price_data: {
            currency: "usd",
            product: "monthly_gift",
            unit_amount: "2050",
            recurring: { interval: "month" },
          },
        },
      ],
    });
    expect(stripe.products.get("monthly_gift")!.name).toBe("Monthly gift");
  });

  it("records each month as a monthly gift with its receipt, and never makes her a patron", async () => {
    const m = await giver("Lydia");
    const sub = await startGift(m, 30);
    await payFirstMonth(sub.id);
    const next = stripe.payNextInvoice(sub.id);
    await deliverEvent(t.app, stripeEvent("invoice.paid", next));

    const rows = await paymentsOf(m.id);
    expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([
      ["recurring_gift", 3000],
      ["recurring_gift", 3000],
    ]);
    expect(await tierOf(m.id)).toBe("free");
    const receipt = await mailbox.next(m.email);
    expect(receipt.text).toContain("For: Monthly gift");
    expect(receipt.text).toContain("$30.00");

    const gifts = await m.client.call(api.recurringGifts);
    expect(gifts.body.gifts).toEqual([
      {
        id: expect.stringMatching(/^[\w-]{16}$/),
        amountCents: 3000,
        status: "active",
        createdAt: expect.any(String),
      },
    ]);
    // Stripe's ids stay on the server.
    expect(JSON.stringify(gifts.body)).not.toContain(sub.id);
    // A monthly gift is no patronage: she may still become a patron.
    expect((await m.client.call(paymentsEndpoints.subscribe)).status).toBe(200);
    await queueDrained(t);
    expect(receiptsTo(m.email)).toHaveLength(2);
  });

  it("stops her own gift at Stripe; another member's answers 404 and stays", async () => {
    const m = await giver("Abigail");
    const other = await t.member();
    const sub = await startGift(m, 10);
    await payFirstMonth(sub.id);
    const [gift] = (await m.client.call(api.recurringGifts)).body.gifts;

    const foreign = await other.client.call(api.stopRecurringGift, { params: { id: gift!.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("This monthly gift was not found.");
    expect(stripe.subscriptions.get(sub.id)!.status).toBe("active");

    const stopped = await m.client.call(api.stopRecurringGift, { params: { id: gift!.id } });
    expect(stopped.status).toBe(200);
    expect(stripe.subscriptions.get(sub.id)!.status).toBe("canceled");
    expect((await m.client.call(api.recurringGifts)).body.gifts).toEqual([]);

    // Stripe's own word follows and changes nothing more.
    const deleted = stripeEvent(
      "customer.subscription.deleted",
      structuredClone(stripe.subscriptions.get(sub.id)!),
    );
    expect((await deliverEvent(t.app, deleted)).status).toBe(200);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(row).toMatchObject({ status: "canceled", purpose: "gift", amountCents: 1000 });
    expect(await tierOf(m.id)).toBe("free");
  });

  it("refuses amounts a donation would refuse, ids that are no gift, and visitors", async () => {
    const m = await t.member();
    for (const [amount, message] of [
      [0.5, "Please enter an amount of at least $1."],
      [10_001, "Please enter an amount of at most $10,000."],
      [5.555, "Please enter an amount with at most two decimal places."],
    ] as const) {
      const res = await m.client.call(api.createRecurringGift, { body: { amount } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect((await m.client.call(api.stopRecurringGift, { params: { id: "not-a-gift" } })).status).toBe(400);
    expect((await m.client.call(api.stopRecurringGift, { params: { id: "sub_nothing" } })).status).toBe(400);
    expect((await m.client.call(api.stopRecurringGift, { params: { id: "AAAAAAAAAAAAAAAA" } })).status).toBe(
      404,
    );
    const visitor = t.visitor();
    expect((await visitor.call(api.createRecurringGift, { body: { amount: 5 } })).status).toBe(401);
    expect((await visitor.call(api.recurringGifts)).status).toBe(401);
    expect((await visitor.call(api.giving, { query: { year: 2025 } })).status).toBe(401);
  });
});

describe("her giving by year", () => {
  const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

  it("lists the year's payments newest first with the total, leaving refunded ones out of it", async () => {
    const m = await giver("Esther");
    await donate(m, 25, at("2025-03-10T12:00:00Z"));
    const { intent } = await donate(m, 40, at("2025-06-01T12:00:00Z"));
    await donate(m, 100, at("2025-12-31T23:30:00Z"));
    await donate(m, 7, at("2026-01-01T00:30:00Z"));
    await t.database.db
      .update(payments)
      .set({ refundedAt: new Date("2025-06-05T00:00:00Z") })
      .where(eq(payments.stripeObjectId, intent.id));

    const res = await m.client.call(api.giving, { query: { year: 2025 } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(12_500);
    expect(res.body.payments.map((p) => [p.amountCents, p.description, p.refundedAt !== null])).toEqual([
      [10_000, "Donation", false],
      [4000, "Donation", true],
      [2500, "Donation", false],
    ]);
    expect(res.body.payments[0]!.receiptNumber).toMatch(/^No\. \d{6}$/);
    expect(res.body.ministry).toEqual({
      name: "Mishpacha",
      legalName: "Mishpacha Women's Ministry, Inc.",
      address: "12 Olive Lane\nNashville, TN 37201",
      taxId: "12-3456789",
    });
    expect((await m.client.call(api.giving, { query: { year: 2026 } })).body.total).toBe(700);

    const empty = await m.client.call(api.giving, { query: { year: 2019 } });
    expect(empty.body).toMatchObject({ payments: [], total: 0 });
    // Another member's year holds none of hers.
    expect((await (await t.member()).client.call(api.giving, { query: { year: 2025 } })).body.total).toBe(0);
  });

  it("refuses a year that is not one", async () => {
    const m = await t.member();
    for (const year of ["1999", "2101", "twenty", "2025.5"]) {
      const res = await m.client.get(`/api/giving?year=${year}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain("Please choose a year between 2000 and 2100.");
    }
  });

  it("serves the statement page for a year to her", async () => {
    const m = await t.member();
    const res = await m.client.page("/profile/giving/2025");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
  });
});
