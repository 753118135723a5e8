import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyIn } from "../../src/core/contract";
import { eventsEndpoints } from "../../src/core/events/endpoints";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { REPORT_RECEIVED } from "../../src/core/moderation/schemas";
import { paymentsEndpoints } from "../../src/core/payments/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { prayerRequests, prayerResponses } from "../../src/server/db/schema";
import { deleteExpiredIdempotencyKeys } from "../../src/server/http/idempotency";
import type { Member, TestContext } from "../support/app";
import { createStripeTestContext, type StripeStandIn } from "../support/stripe-stand-in";

let t: TestContext;
let stripe: StripeStandIn;
let close: () => Promise<void>;
let ruth: Member;
let hannah: Member;
let admin: Member;

beforeAll(async () => {
  ({ t, stripe, close } = await createStripeTestContext());
  ruth = await t.member({ firstName: "Ruth" });
  hannah = await t.member({ firstName: "Hannah" });
  admin = await t.admin();
});
afterAll(() => close());

let sequence = 0;
/** A key as the browser makes one per submit. */
const newKey = () => `test-key-${process.pid}-${++sequence}-${Math.random().toString(36).slice(2)}`;
const keyed = (key: string | undefined) => (key === undefined ? {} : { headers: { "idempotency-key": key } });

const share = (m: Member, content: string, key?: string) =>
  m.client.call(prayerEndpoints.share, { body: { content }, ...keyed(key) });

/** How many requests she has shared with these words. */
const sharedWith = async (m: Member, content: string) => {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(prayerRequests)
    .where(and(eq(prayerRequests.userId, m.id), eq(prayerRequests.content, content)));
  return row!.n;
};

const tenMs = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("a repeated Share with the same Idempotency-Key", () => {
  it("shares once when the second press comes 10 ms after the first, and answers both alike", async () => {
    const key = newKey();
    const content = "Strength for my sister this week.";
    const first = share(ruth, content, key);
    await tenMs();
    const second = share(ruth, content, key);
    const [a, b] = await Promise.all([first, second]);

    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(await sharedWith(ruth, content)).toBe(1);
    const wall = (await ruth.client.call(prayerEndpoints.wall)).body;
    expect(wall.filter((r) => r.content === content)).toHaveLength(1);
  });

  it("shares once when both arrive at the same moment", async () => {
    const key = newKey();
    const content = "Peace for our home.";
    const [a, b] = await Promise.all([share(ruth, content, key), share(ruth, content, key)]);

    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    expect(await sharedWith(ruth, content)).toBe(1);
  });

  it("says a repeat is a replay of the first answer", async () => {
    const key = newKey();
    const first = await share(ruth, "Wisdom for the new job.", key);
    const again = await share(ruth, "Wisdom for the new job.", key);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
  });

  it("shares twice when no key is sent", async () => {
    const content = "Rain for the fields.";
    const a = share(ruth, content);
    await tenMs();
    const b = share(ruth, content);
    expect((await a).status).toBe(201);
    expect((await b).status).toBe(201);
    expect(await sharedWith(ruth, content)).toBe(2);
  });

  it("keeps one member's key from answering another's request", async () => {
    const key = newKey();
    const content = "Safe travels for the family.";
    const mine = await share(ruth, content, key);
    const hers = await share(hannah, content, key);

    expect(hers.status).toBe(201);
    expect(hers.body.id).not.toBe(mine.body.id);
    expect(hers.body.user).toMatchObject({ id: hannah.id });
    expect(await sharedWith(ruth, content)).toBe(1);
    expect(await sharedWith(hannah, content)).toBe(1);
  });

  it("refuses the same key with a different request: 422, and shares nothing more", async () => {
    const key = newKey();
    await share(ruth, "Healing for my knee.", key);
    const other = await share(ruth, "Healing for my back.", key);

    expect(other.status).toBe(422);
    expect(other.body.message).toBe(
      "This Idempotency-Key was already used for a different request. Send a new key with a new request.",
    );
    expect(await sharedWith(ruth, "Healing for my back.")).toBe(0);
  });

  it("refuses a malformed key with 400 before sharing anything", async () => {
    const content = "Courage for the exam.";
    for (const key of ["", "x".repeat(256), "tab\there", "caf\u00e9"]) {
      const res = await ruth.client.request(
        "POST",
        "/api/prayer-requests",
        { content },
        { "idempotency-key": key },
      );
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect((res.body as { message?: string }).message).toBe(
        "The Idempotency-Key header must be 1 to 255 printable ASCII characters.",
      );
    }
    expect(await sharedWith(ruth, content)).toBe(0);
  });

  it("still asks a visitor to sign in", async () => {
    const res = await t.visitor().call(prayerEndpoints.share, {
      body: { content: "Anything" },
      headers: { "idempotency-key": newKey() },
    });
    expect(res.status).toBe(401);
  });

  it("lets a corrected retry use the key of a refused request", async () => {
    const key = newKey();
    const reply = (id: number) =>
      hannah.client.call(prayerEndpoints.respond, {
        params: { id },
        body: { content: "Praying with you." },
        headers: { "idempotency-key": key },
      });
    expect((await reply(999_999)).status).toBe(404);

    const request = await share(ruth, "Comfort for a grieving friend.");
    const answered = await reply(request.body.id);
    expect(answered.status).toBe(201);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(prayerResponses)
      .where(eq(prayerResponses.prayerRequestId, request.body.id));
    expect(row!.n).toBe(1);
  });
});

/** Resolves once a request of `m` holds `key`: the moment its handler starts. */
async function claimed(m: Member, key: string) {
  for (;;) {
    const { rowCount } = await t.database.pool.query(
      "select 1 from idempotency_keys where user_id = $1 and key = $2",
      [m.id, key],
    );
    if (rowCount) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("a request still in flight", () => {
  it("answers 409 to a repeat while the first cannot finish, and the first's answer afterwards", async () => {
    const key = newKey();
    const content = "Patience while we wait for news.";
    const lock = await t.database.pool.connect();
    try {
      await lock.query("begin");
      // New requests cannot be written until this transaction ends: the first share waits.
      await lock.query("lock table prayer_requests in exclusive mode");
      const first = share(ruth, content, key);
      // The repeat goes once the first holds the key (on a busy machine it could otherwise claim it first).
      await claimed(ruth, key);
      const busy = await share(ruth, content, key);
      expect(busy.status).toBe(409);
      expect(busy.body.message).toBe("This request is already being processed");
      await lock.query("rollback");
      const answer = await first;
      expect(answer.status).toBe(201);
      const later = await share(ruth, content, key);
      expect(later.body).toEqual(answer.body);
      expect(await sharedWith(ruth, content)).toBe(1);
    } finally {
      lock.release();
    }
  });

  it("takes over a key whose first request never finished", async () => {
    const key = newKey();
    const content = "Direction for the move.";
    await t.database.pool.query(
      `insert into idempotency_keys (user_id, key, fingerprint, created_at)
       values ($1, $2, 'from an instance that stopped', now() - interval '10 minutes')`,
      [ruth.id, key],
    );
    const res = await share(ruth, content, key);
    expect(res.status).toBe(201);
    expect(await sharedWith(ruth, content)).toBe(1);
  });
});

describe("keys after 24 hours", () => {
  it("treats a key older than 24 hours as new, and housekeeping deletes it", async () => {
    const key = newKey();
    const content = "Joy in the new season.";
    await share(ruth, content, key);
    await t.database.pool.query(
      "update idempotency_keys set created_at = now() - interval '25 hours' where user_id = $1 and key = $2",
      [ruth.id, key],
    );
    expect((await share(ruth, content, key)).status).toBe(201);
    expect(await sharedWith(ruth, content)).toBe(2);

    await t.database.pool.query(
      "update idempotency_keys set created_at = now() - interval '25 hours' where user_id = $1 and key = $2",
      [ruth.id, key],
    );
    const fresh = newKey();
    await share(ruth, "Kept for a day.", fresh);
    await deleteExpiredIdempotencyKeys(t.database.db);
    const { rows } = await t.database.pool.query<{ key: string }>(
      "select key from idempotency_keys where user_id = $1 and key = any($2)",
      [ruth.id, [key, fresh]],
    );
    expect(rows.map((r) => r.key)).toEqual([fresh]);
  });
});

describe("an RSVP with a repeated key", () => {
  type EventBody = BodyIn<typeof eventsEndpoints.create>;
  const inDays = (days: number, hour: number) => {
    const d = new Date(Date.now() + days * 86_400_000);
    d.setUTCHours(hour, 0, 0, 0);
    return d.toISOString();
  };
  const eventBody: EventBody = {
    title: "Sukkot gathering",
    description: "Under the stars, with bread and honey.",
    startsAt: inDays(6, 17),
    endsAt: inDays(6, 20),
    timeZone: "Asia/Jerusalem",
    location: "The community garden",
  };

  it("does not undo her later answer when a late retry of her first arrives", async () => {
    const event = await admin.client.call(eventsEndpoints.create, { body: eventBody, ...keyed(newKey()) });
    expect(event.status).toBe(201);
    const id = event.body.id;
    const going = newKey();
    const rsvp = (status: "going" | "not_going", key: string) =>
      hannah.client.call(eventsEndpoints.rsvp, {
        params: { id },
        body: { status },
        headers: { "idempotency-key": key },
      });

    const first = await rsvp("going", going);
    expect(first.body.status).toBe("going");
    expect((await rsvp("not_going", newKey())).body.status).toBe("not_going");
    const late = await rsvp("going", going);

    expect(late.body).toEqual(first.body);
    const seen = await hannah.client.call(eventsEndpoints.get, { params: { id } });
    expect(seen.body.occurrences[0]?.myRsvp).toMatchObject({ status: "not_going" });
  });
});

describe("a donation checkout with a repeated key", () => {
  it("starts one payment at Stripe and gives both presses its form", async () => {
    const key = newKey();
    const give = () =>
      ruth.client.call(paymentsEndpoints.donate, {
        body: { amount: 36, description: "Donation" },
        headers: { "idempotency-key": key },
      });
    const before = stripe.paymentIntents.size;
    const first = give();
    await tenMs();
    const [a, b] = await Promise.all([first, give()]);

    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(stripe.paymentIntents.size).toBe(before + 1);
  });
});

describe("an endpoint whose success is 202 Accepted", () => {
  it("answers a keyed report with its message, and a repeat with the same one", async () => {
    const id = (await share(hannah, "Rest for a weary heart.")).body.id;
    const key = newKey();
    const report = () =>
      ruth.client.call(moderationEndpoints.report, {
        body: { targetType: "prayer_request", targetId: id, reason: "spam" },
        ...keyed(key),
      });
    const first = await report();
    const again = await report();
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ message: REPORT_RECEIVED });
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
  });
});
