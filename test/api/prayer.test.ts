import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyIn, QueryIn } from "../../src/core/contract";
import { homeEndpoints } from "../../src/core/home/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { activityLog, prayerRequests, users } from "../../src/server/db/schema";
import { createTestContext, invalid, type Member, type TestContext } from "../support/app";

let t: TestContext;
let ruth: Member;
let hannah: Member;
let admin: Member;

beforeAll(async () => {
  t = await createTestContext();
  ruth = await t.member({ firstName: "Ruth", lastName: "Abrams" });
  hannah = await t.member({ firstName: "Hannah", lastName: "Levi" });
  admin = await t.admin();
});
afterAll(() => t.close());

const share = (m: Member, body: BodyIn<typeof prayerEndpoints.share>) =>
  m.client.call(prayerEndpoints.share, { body });
const wall = async (m: Member, query?: QueryIn<typeof prayerEndpoints.wall>) =>
  (await m.client.call(prayerEndpoints.wall, { query })).body;

describe("sharing a prayer request", () => {
  it("creates it with the author, counts and an empty response list", async () => {
    const res = await share(ruth, { content: "  Healing for my mother after her surgery.  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      content: "Healing for my mother after her surgery.",
      isPrivate: false,
      isAnonymous: false,
      isMine: true,
      prayerCount: 0,
      prayedByMe: false,
      isAnswered: false,
      praiseNote: null,
      answeredAt: null,
      responses: [],
      responseCount: 0,
      user: { id: ruth.id, firstName: "Ruth", lastName: "Abrams", profileImageUrl: null },
    });
    expect(res.body.user).not.toHaveProperty("email");
    expect(Number.isNaN(Date.parse(res.body.createdAt))).toBe(false);

    const log = await t.database.db.select().from(activityLog).where(eq(activityLog.userId, ruth.id));
    expect(log.map((l) => l.kind)).toContain("prayer_shared");
  });

  it("refuses blank text with a message", async () => {
    for (const content of ["", "   \n\t "]) {
      const res = await share(ruth, { content });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please write your prayer request.");
    }
    expect((await share(ruth, invalid({}))).body.message).toBe("Please write your prayer request.");
  });

  it("answers 401 to a visitor on every route", async () => {
    const v = t.visitor();
    expect((await v.call(prayerEndpoints.wall)).status).toBe(401);
    expect((await v.call(prayerEndpoints.defaults)).status).toBe(401);
    expect((await v.call(prayerEndpoints.share, { body: { content: "x" } })).status).toBe(401);
    expect((await v.call(prayerEndpoints.pray, { params: { id: 1 } })).status).toBe(401);
    expect(
      (await v.call(prayerEndpoints.respond, { params: { id: 1 }, body: { content: "x" } })).status,
    ).toBe(401);
    expect((await v.call(prayerEndpoints.markAnswered, { params: { id: 1 }, body: {} })).status).toBe(401);
    expect((await v.call(prayerEndpoints.responses, { params: { id: 1 } })).status).toBe(401);
    expect((await v.call(prayerEndpoints.wall)).body).toEqual({ message: "Unauthorized" });
  });

  it("takes the anonymous default from the member's settings", async () => {
    const quiet = await t.member({ firstName: "Quiet" });
    expect((await quiet.client.call(prayerEndpoints.defaults)).body).toEqual({ isAnonymous: false });
    await t.database.db
      .update(users)
      .set({ settings: { showNameOnPrayerWall: false } })
      .where(eq(users.id, quiet.id));
    expect((await quiet.client.call(prayerEndpoints.defaults)).body).toEqual({ isAnonymous: true });
    const byDefault = await share(quiet, { content: "Peace in our home." });
    expect(byDefault.body.isAnonymous).toBe(true);
    const named = await share(quiet, { content: "Wisdom at work.", isAnonymous: false });
    expect(named.body.isAnonymous).toBe(false);
  });
});

describe("who sees what", () => {
  let privateId: number;
  let anonymousId: number;

  beforeAll(async () => {
    privateId = (await share(ruth, { content: "A private burden.", isPrivate: true })).body.id;
    anonymousId = (await share(ruth, { content: "An unspoken request.", isAnonymous: true })).body.id;
  });

  it("shows a private request to its author and administrators only", async () => {
    expect((await wall(ruth)).map((r) => r.id)).toContain(privateId);
    expect((await wall(admin)).map((r) => r.id)).toContain(privateId);
    expect((await wall(hannah)).map((r) => r.id)).not.toContain(privateId);
    expect((await wall(hannah, { answered: "false" })).map((r) => r.id)).not.toContain(privateId);
  });

  it("answers 404 for another member's private request in every endpoint", async () => {
    const c = hannah.client;
    expect((await c.call(prayerEndpoints.pray, { params: { id: privateId } })).status).toBe(404);
    expect(
      (await c.call(prayerEndpoints.respond, { params: { id: privateId }, body: { content: "Praying" } }))
        .status,
    ).toBe(404);
    expect((await c.call(prayerEndpoints.markAnswered, { params: { id: privateId }, body: {} })).status).toBe(
      404,
    );
    expect((await c.call(prayerEndpoints.responses, { params: { id: privateId } })).status).toBe(404);
    const dash = (await c.call(homeEndpoints.home)).body;
    expect(dash.prayerRequests.map((r) => r.id)).not.toContain(privateId);
    const [row] = await t.database.db.select().from(prayerRequests).where(eq(prayerRequests.id, privateId));
    expect(row!.prayerCount).toBe(0);
  });

  it("hides an anonymous author's name from other members, not from her or administrators", async () => {
    const seenBy = async (m: Member) => (await wall(m)).find((r) => r.id === anonymousId)!;
    const other = await seenBy(hannah);
    expect(other.user).toEqual({ firstName: "Anonymous", profileImageUrl: null });
    expect(other.isMine).toBe(false);
    expect(JSON.stringify(other)).not.toContain("Abrams");
    expect((await seenBy(admin)).user).toMatchObject({ id: ruth.id, firstName: "Ruth", lastName: "Abrams" });
    expect((await seenBy(ruth)).user).toMatchObject({ id: ruth.id, firstName: "Ruth" });
    expect((await seenBy(ruth)).isMine).toBe(true);
  });

  it("keeps the author anonymous when she answers on her own anonymous request", async () => {
    await ruth.client.call(prayerEndpoints.respond, {
      params: { id: anonymousId },
      body: { content: "Thank you, sisters." },
    });
    await hannah.client.call(prayerEndpoints.respond, {
      params: { id: anonymousId },
      body: { content: "With you." },
    });
    const other = (await wall(hannah)).find((r) => r.id === anonymousId)!;
    expect(other.responses.map((r) => r.user.firstName)).toEqual(["Anonymous", "Hannah"]);
    const own = (await wall(ruth)).find((r) => r.id === anonymousId)!;
    expect(own.responses.map((r) => r.user.firstName)).toEqual(["Ruth", "Hannah"]);
    const all = (await hannah.client.call(prayerEndpoints.responses, { params: { id: anonymousId } })).body;
    expect(all.map((r) => r.user.firstName)).toEqual(["Hannah", "Anonymous"]);
  });

  it("never includes an e-mail address", async () => {
    const body = JSON.stringify(await wall(hannah));
    expect(body).not.toContain("@example.test");
  });
});

describe("praying", () => {
  it("counts each member once, however often she presses the button", async () => {
    const id = (await share(hannah, { content: "Strength for a long week." })).body.id;
    const first = await ruth.client.call(prayerEndpoints.pray, { params: { id } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id, prayerCount: 1, prayedByMe: true });
    const again = await ruth.client.call(prayerEndpoints.pray, { params: { id } });
    expect(again.body).toEqual({ id, prayerCount: 1, prayedByMe: true });
    const other = await admin.client.call(prayerEndpoints.pray, { params: { id } });
    expect(other.body.prayerCount).toBe(2);

    const mine = (await wall(ruth)).find((r) => r.id === id)!;
    expect(mine).toMatchObject({ prayerCount: 2, prayedByMe: true });
    const hers = (await wall(hannah)).find((r) => r.id === id)!;
    expect(hers).toMatchObject({ prayerCount: 2, prayedByMe: false });
  });

  it("keeps the count right when the same member prays twice at once", async () => {
    const id = (await share(hannah, { content: "Provision for rent." })).body.id;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => ruth.client.call(prayerEndpoints.pray, { params: { id } })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [row] = await t.database.db.select().from(prayerRequests).where(eq(prayerRequests.id, id));
    expect(row!.prayerCount).toBe(1);
  });

  it("counts every member who prays at the same moment, and answers each with a count that includes her", async () => {
    const id = (await share(hannah, { content: "Peace in the hospital." })).body.id;
    const friends = await Promise.all(Array.from({ length: 12 }, () => t.member()));
    const results = await Promise.all(
      friends.map((f) => f.client.call(prayerEndpoints.pray, { params: { id } })),
    );
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.body.prayerCount).toBeGreaterThanOrEqual(1);
      expect(r.body.prayerCount).toBeLessThanOrEqual(12);
    }
    const [row] = await t.database.db.select().from(prayerRequests).where(eq(prayerRequests.id, id));
    expect(row!.prayerCount).toBe(12);
  });

  it("stores requests shared at the same moment each with its own author, text and settings", async () => {
    const quiet = await t.member({ firstName: "Quiet" });
    await t.database.db
      .update(users)
      .set({ settings: { showNameOnPrayerWall: false } })
      .where(eq(users.id, quiet.id));
    const authors = [ruth, quiet, hannah, quiet, ruth, hannah, quiet, ruth];
    const results = await Promise.all(
      authors.map((m, i) => share(m, { content: `Same moment ${i}`, isPrivate: i % 3 === 0 })),
    );
    for (const [i, r] of results.entries()) {
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        content: `Same moment ${i}`,
        isPrivate: i % 3 === 0,
        isAnonymous: authors[i] === quiet,
      });
    }
    expect(new Set(results.map((r) => r.body.id)).size).toBe(authors.length);
    const rows = await t.database.db.select().from(prayerRequests);
    for (const [i, r] of results.entries()) {
      expect(rows.find((row) => row.id === r.body.id)).toMatchObject({
        userId: authors[i]!.id,
        content: `Same moment ${i}`,
      });
    }
    const lines = await t.database.db.select().from(activityLog).where(eq(activityLog.userId, quiet.id));
    expect(lines.filter((l) => l.kind === "prayer_shared")).toHaveLength(3);
  });

  it("answers 404 for an unknown request and 400 for a bad id", async () => {
    expect((await ruth.client.call(prayerEndpoints.pray, { params: { id: 999999 } })).status).toBe(404);
    expect((await ruth.client.call(prayerEndpoints.pray, { params: { id: "abc" } })).status).toBe(400);
  });
});

describe("responding", () => {
  it("adds a response with its author, and a praying response counts as a prayer", async () => {
    const id = (await share(hannah, { content: "Courage for a hard conversation." })).body.id;
    const res = await ruth.client.call(prayerEndpoints.respond, {
      params: { id },
      body: { content: "  Praying Joshua 1:9 over you.  ", isPraying: true },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      content: "Praying Joshua 1:9 over you.",
      isPraying: true,
      user: { id: ruth.id, firstName: "Ruth", lastName: "Abrams" },
    });
    const note = await admin.client.call(prayerEndpoints.respond, {
      params: { id },
      body: { content: "Love you!" },
    });
    expect(note.body.isPraying).toBe(false);

    const card = (await wall(ruth)).find((r) => r.id === id)!;
    expect(card.responseCount).toBe(2);
    expect(card.responses.map((r) => r.content)).toEqual(["Praying Joshua 1:9 over you.", "Love you!"]);
    expect(card).toMatchObject({ prayerCount: 1, prayedByMe: true });
  });

  it("refuses blank text", async () => {
    const id = (await share(hannah, { content: "Rest." })).body.id;
    const res = await ruth.client.call(prayerEndpoints.respond, {
      params: { id },
      body: { content: "  ", isPraying: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please write a response.");
  });

  it("carries the latest three responses per card and pages the rest", async () => {
    const id = (await share(hannah, { content: "Many voices." })).body.id;
    for (let i = 1; i <= 5; i++) {
      await ruth.client.call(prayerEndpoints.respond, { params: { id }, body: { content: `note ${i}` } });
    }
    const card = (await wall(hannah)).find((r) => r.id === id)!;
    expect(card.responseCount).toBe(5);
    expect(card.responses.map((r) => r.content)).toEqual(["note 3", "note 4", "note 5"]);
    const first = (
      await hannah.client.call(prayerEndpoints.responses, { params: { id }, query: { limit: 2 } })
    ).body;
    expect(first.map((r) => r.content)).toEqual(["note 5", "note 4"]);
    const next = (
      await hannah.client.call(prayerEndpoints.responses, {
        params: { id },
        query: { limit: 2, before: first[1]!.id },
      })
    ).body;
    expect(next.map((r) => r.content)).toEqual(["note 3", "note 2"]);
  });
});

describe("answered prayers", () => {
  it("lets the author mark her request answered with a praise note", async () => {
    const id = (await share(ruth, { content: "A job for my husband." })).body.id;
    const res = await ruth.client.call(prayerEndpoints.markAnswered, {
      params: { id },
      body: { praiseNote: "  He starts on Monday!  " },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, isAnswered: true, praiseNote: "He starts on Monday!" });
    expect(Number.isNaN(Date.parse(res.body.answeredAt!))).toBe(false);

    const answered = await wall(hannah, { answered: "true" });
    expect(answered.map((r) => r.id)).toContain(id);
    expect(answered.every((r) => r.isAnswered)).toBe(true);
    expect((await wall(hannah, { answered: "false" })).map((r) => r.id)).not.toContain(id);
  });

  it("accepts no praise note at all", async () => {
    const id = (await share(ruth, { content: "Safe travels." })).body.id;
    const res = await ruth.client.call(prayerEndpoints.markAnswered, { params: { id } });
    expect(res.status).toBe(200);
    expect(res.body.praiseNote).toBeNull();
  });

  it("refuses other members, administrators included", async () => {
    const id = (await share(ruth, { content: "Clarity." })).body.id;
    const res = await hannah.client.call(prayerEndpoints.markAnswered, {
      params: { id },
      body: { praiseNote: "!" },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Only the member who shared this request can mark it answered.");
    expect((await admin.client.call(prayerEndpoints.markAnswered, { params: { id }, body: {} })).status).toBe(
      403,
    );
  });

  it("rejects an overly long praise note", async () => {
    const id = (await share(ruth, { content: "Long note." })).body.id;
    const res = await ruth.client.call(prayerEndpoints.markAnswered, {
      params: { id },
      body: { praiseNote: "a".repeat(1001) },
    });
    expect(res.status).toBe(400);
  });
});

describe("paging the wall", () => {
  it("pages newest first by cursor without gaps or repeats", async () => {
    const p = await t.member({ firstName: "Pager" });
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push((await share(p, { content: `page item ${i}` })).body.id);
    // Her own private ones join the public ones in the same order.
    ids.push((await share(p, { content: "private page item", isPrivate: true })).body.id);
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await wall(p, { limit: 3, before });
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page.map((r) => r.id));
      before = page[page.length - 1]!.id;
    }
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of ids) expect(seen).toContain(id);
  });

  it("bounds the page size", async () => {
    expect((await ruth.client.call(prayerEndpoints.wall, { query: { limit: 0 } })).status).toBe(400);
    expect((await ruth.client.call(prayerEndpoints.wall, { query: { limit: 101 } })).status).toBe(400);
    expect(
      (await ruth.client.call(prayerEndpoints.wall, { query: { answered: invalid("maybe") } })).status,
    ).toBe(400);
    expect((await wall(ruth, { limit: 2 })).length).toBe(2);
  });
});
