import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyIn } from "../../src/core/contract";
import { discipleshipEndpoints } from "../../src/core/discipleship/endpoints";
import { homeEndpoints } from "../../src/core/home/endpoints";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { discipleshipConnections, discipleshipEntries, users } from "../../src/server/db/schema";
import { createTestContext, expectRefused, invalid, type Member, type TestContext } from "../support/app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Offer = BodyIn<typeof discipleshipEndpoints.submit>;

const submit = (m: Member, experienceLevel: Offer["experienceLevel"], focusAreas: Offer["focusAreas"]) =>
  m.client.call(discipleshipEndpoints.submit, { body: { experienceLevel, focusAreas } });
/** Her request or offer, which the server took. */
async function submitted(
  m: Member,
  experienceLevel: Offer["experienceLevel"],
  focusAreas: Offer["focusAreas"],
) {
  const res = await submit(m, experienceLevel, focusAreas);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
const connections = async (m: Member) => (await m.client.call(discipleshipEndpoints.connections)).body;
const block = async (blocker: Member, blocked: Member) =>
  expect(
    (await blocker.client.call(moderationEndpoints.block, { body: { userId: blocked.id } })).status,
  ).toBe(201);
const unblock = async (blocker: Member, blocked: Member) =>
  expect(
    (await blocker.client.call(moderationEndpoints.unblock, { params: { userId: blocked.id } })).status,
  ).toBe(204);

/** Each test gets its own focus area so earlier waiting entries never interfere. */
let topic = 0;
const area = (name = "topic") => `${name}-${++topic}`;

describe("submitting a request or an offer", () => {
  it("keeps an unmatched request waiting and shows it in her list", async () => {
    const mentee = await t.member({ firstName: "Miriam" });
    const focus = area("prayer");
    const other = area("Motherhood");
    const request = await submitted(mentee, "growing", [` ${focus} `, "", other, other.toLowerCase()]);
    expect(request).toMatchObject({
      kind: "request",
      role: "mentee",
      status: "waiting",
      matched: false,
      mentor: null,
      mentee: null,
      focusAreas: [focus, other.toLowerCase()],
      experienceLevel: "growing",
    });
    const list = await connections(mentee);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: request.id, status: "waiting", kind: "request" });
  });

  it("treats mentor levels as offers", async () => {
    const mentor = await t.member();
    const res = await submit(mentor, "teacher", [area()]);
    expect(res.body).toMatchObject({ kind: "offer", role: "mentor", status: "waiting", matched: false });
  });

  it("answers 400 with the spec message when the level or the focus areas are missing", async () => {
    const m = await t.member();
    const cases: Array<[unknown, unknown]> = [
      [undefined, ["prayer"]],
      ["", ["prayer"]],
      ["growing", undefined],
      ["growing", []],
      ["growing", ["  ", ""]],
      [undefined, undefined],
      ["apostle", ["prayer"]],
    ];
    for (const [level, areas] of cases) {
      const res = await submit(m, invalid(level), invalid(areas));
      expect(res.status, JSON.stringify([level, areas])).toBe(400);
      expect(res.body.message).toBe("Please fill in all required fields.");
    }
    expect(await connections(m)).toEqual([]);
  });

  it("refuses more than ten focus areas", async () => {
    const m = await t.member();
    const res = await submit(
      m,
      "new",
      Array.from({ length: 11 }, (_, i) => `area ${i}`),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please choose at most 10 focus areas.");
  });

  it("answers 401 to a visitor on every route", async () => {
    const v = t.visitor();
    expect((await v.call(discipleshipEndpoints.connections)).status).toBe(401);
    expect(
      (await v.call(discipleshipEndpoints.submit, { body: { experienceLevel: "new", focusAreas: ["x"] } }))
        .status,
    ).toBe(401);
    for (const e of [
      discipleshipEndpoints.accept,
      discipleshipEndpoints.decline,
      discipleshipEndpoints.complete,
    ]) {
      expect((await v.call(e, { params: { id: 1 } })).status).toBe(401);
    }
    expect((await v.call(discipleshipEndpoints.withdraw, { params: { id: 1 } })).status).toBe(401);
  });
});

describe("matching", () => {
  /** Two members ask for help on one focus area, the first before the second. */
  async function twoRequests(name: string, secondLevel: Offer["experienceLevel"] = "growing") {
    const focus = area(name);
    const first = await t.member();
    const second = await t.member();
    await submit(first, "growing", [focus]);
    await submit(second, secondLevel, [focus]);
    return { focus, first, second };
  }
  /** A new member offers to mentor on the focus area. */
  const newMentorOffers = async (focus: string) => submit(await t.member(), "leader", [focus]);

  it("matches a mentee with a waiting mentor who shares a focus area, whatever its case", async () => {
    const mentor = await t.member({ firstName: "Deborah", lastName: "Martin" });
    const mentee = await t.member({ firstName: "Lydia", lastName: "Brooks" });
    const focus = area("Grief");
    await submit(mentor, "seasoned", [focus, area("Hospitality")]);
    const connection = await submitted(mentee, "new", [focus.toUpperCase(), area("healing")]);
    expect(connection).toMatchObject({
      kind: "connection",
      role: "mentee",
      status: "pending",
      matched: true,
      mentorId: mentor.id,
      mentor: { id: mentor.id, firstName: "Deborah", lastName: "Martin", profileImageUrl: null },
      mentee: { id: mentee.id, firstName: "Lydia", lastName: "Brooks", profileImageUrl: null },
      focusAreas: [focus.toLowerCase()],
      experienceLevel: "new",
    });
    expect(JSON.stringify(connection)).not.toContain("@");

    const mentorView = await connections(mentor);
    expect(mentorView).toHaveLength(1);
    expect(mentorView[0]).toMatchObject({ id: connection.id, role: "mentor", status: "pending" });
    expect(mentorView[0]!.mentee?.firstName).toBe("Lydia");
    expect(JSON.stringify(mentorView)).not.toContain("@example.test");
    // Neither side is still listed as waiting.
    expect((await connections(mentee)).filter((c) => c.status === "waiting")).toEqual([]);
  });

  it("matches a mentor's new offer with the oldest waiting request", async () => {
    const { focus, first, second } = await twoRequests("study", "mature");
    const res = await newMentorOffers(focus);
    expect(res.body).toMatchObject({ matched: true, role: "mentor", status: "pending" });
    expect(res.body.mentee?.id).toBe(first.id);
    expect((await connections(second))[0]!.status).toBe("waiting");
  });

  it("matches a mentor's new offer with a patron's waiting request before an earlier member's", async () => {
    const { focus, first: earlier, second: patron } = await twoRequests("patience");
    await t.database.db.update(users).set({ membershipTier: "premium" }).where(eq(users.id, patron.id));
    const res = await newMentorOffers(focus);
    expect(res.body.mentee?.id).toBe(patron.id);
    expect((await connections(earlier))[0]!.status).toBe("waiting");
    // The next mentor takes the member who was waiting.
    const next = await newMentorOffers(focus);
    expect(next.body.mentee?.id).toBe(earlier.id);
  });

  it("does not match without a shared focus area", async () => {
    const mentor = await t.member();
    const mentee = await t.member();
    await submit(mentor, "seasoned", [area("marriage")]);
    const res = await submit(mentee, "new", [area("leadership")]);
    expect(res.body.matched).toBe(false);
  });

  it("never matches a member with herself", async () => {
    const both = await t.member();
    const focus = area("worship");
    await submit(both, "teacher", [focus]);
    const res = await submit(both, "new", [focus]);
    expect(res.body).toMatchObject({ matched: false, status: "waiting" });
    const list = await connections(both);
    expect(list.map((c) => c.status)).toEqual(["waiting", "waiting"]);
  });

  it("gives one waiting mentor to only one of two mentees submitting at the same moment", async () => {
    const focus = area("hebrew roots");
    const mentor = await t.member();
    await submit(mentor, "teacher", [focus]);
    const a = await t.member();
    const b = await t.member();
    const results = await Promise.all([submit(a, "new", [focus]), submit(b, "new", [focus])]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(results.filter((r) => r.body.matched)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(discipleshipConnections)
      .where(eq(discipleshipConnections.mentorId, mentor.id));
    expect(rows).toHaveLength(1);
  });

  it("matches a mentee and a mentor who submit at the same moment", async () => {
    const focus = area("fasting");
    const mentor = await t.member();
    const mentee = await t.member();
    const [offer, request] = await Promise.all([
      submit(mentor, "leader", [focus]),
      submit(mentee, "new", [focus]),
    ]);
    expect([offer.body.matched, request.body.matched].filter(Boolean)).toHaveLength(1);
  });
});

describe("blocked members", () => {
  it("never pairs a mentee with a mentor either of them blocked, whichever submits last", async () => {
    const cases = [
      { blocker: "mentee", first: "offer" },
      { blocker: "mentee", first: "request" },
      { blocker: "mentor", first: "offer" },
      { blocker: "mentor", first: "request" },
    ] as const;
    for (const c of cases) {
      const focus = area("quiet-pair");
      const mentor = await t.member();
      const mentee = await t.member();
      if (c.blocker === "mentee") await block(mentee, mentor);
      else await block(mentor, mentee);
      const offer = () => submit(mentor, "teacher", [focus]);
      const request = () => submit(mentee, "new", [focus]);
      await (c.first === "offer" ? offer() : request());
      const res = await (c.first === "offer" ? request() : offer());
      expect(res.status, JSON.stringify(c)).toBe(201);
      // Told only that she waits, never why.
      expect(res.body, JSON.stringify(c)).toMatchObject({ matched: false, status: "waiting" });
      expect(JSON.stringify(res.body)).not.toMatch(/block/i);
      for (const m of [mentor, mentee]) {
        expect((await connections(m)).map((x) => x.status)).toEqual(["waiting"]);
      }
      const rows = await t.database.db
        .select()
        .from(discipleshipConnections)
        .where(eq(discipleshipConnections.mentorId, mentor.id));
      expect(rows).toEqual([]);
    }
  });

  it("answers 404 to accepting a match with a member either of them blocked since, and says nothing of it", async () => {
    for (const blocker of ["mentor", "mentee"] as const) {
      const focus = area("accept");
      const mentor = await t.member();
      const mentee = await t.member();
      await submit(mentor, "seasoned", [focus]);
      const id = (await submit(mentee, "growing", [focus])).body.id as number;
      const [by, of] = blocker === "mentor" ? [mentor, mentee] : [mentee, mentor];
      await block(by, of);
      for (const m of [mentor, mentee]) {
        const res = await m.client.call(discipleshipEndpoints.accept, { params: { id } });
        expect(res.status, blocker).toBe(404);
        expect(res.body.message).toBe("Connection not found");
      }
      expect((await connections(mentee))[0]!.status).toBe("pending");
      // Once unblocked, the mentor may accept it.
      await unblock(by, of);
      expect((await mentor.client.call(discipleshipEndpoints.accept, { params: { id } })).status).toBe(200);
    }
  });
});

describe("the life of a connection", () => {
  async function matchedPair() {
    const focus = area("motherhood");
    const mentor = await t.member({ firstName: "Naomi" });
    const mentee = await t.member({ firstName: "Ruth" });
    await submit(mentor, "seasoned", [focus]);
    const res = await submit(mentee, "growing", [focus]);
    return { mentor, mentee, id: res.body.id as number, focus };
  }

  it("the mentor accepts, then either side completes it", async () => {
    const { mentor, mentee, id } = await matchedPair();
    const accepted = await mentor.client.call(discipleshipEndpoints.accept, { params: { id } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id, status: "active", role: "mentor" });
    expect((await connections(mentee))[0]!.status).toBe("active");
    expect((await mentee.client.call(homeEndpoints.home)).body.discipleship.activePartners).toBe(1);

    const again = await mentor.client.call(discipleshipEndpoints.accept, { params: { id } });
    expect(again.status).toBe(409);

    const done = await mentee.client.call(discipleshipEndpoints.complete, { params: { id } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "completed", role: "mentee" });
    expect((await connections(mentor))[0]!.status).toBe("completed");
  });

  it("only the mentor may accept or decline", async () => {
    const { mentee, id } = await matchedPair();
    const res = await mentee.client.call(discipleshipEndpoints.accept, { params: { id } });
    expectRefused(res, 403, "Only the mentor can respond to this connection.");
    expect((await mentee.client.call(discipleshipEndpoints.decline, { params: { id } })).status).toBe(403);
  });

  it("is invisible to anyone else", async () => {
    const { id } = await matchedPair();
    const stranger = await t.member();
    for (const e of [
      discipleshipEndpoints.accept,
      discipleshipEndpoints.decline,
      discipleshipEndpoints.complete,
    ]) {
      expect((await stranger.client.call(e, { params: { id } })).status).toBe(404);
    }
    expect(await connections(stranger)).toEqual([]);
    expect(
      (await stranger.client.call(discipleshipEndpoints.accept, { params: { id: 999999 } })).status,
    ).toBe(404);
  });

  it("can be completed only while active", async () => {
    const { mentor, id } = await matchedPair();
    const res = await mentor.client.call(discipleshipEndpoints.complete, { params: { id } });
    expectRefused(res, 409, "Only an active connection can be marked completed.");
  });

  it("a declined mentee waits again and is matched with the next mentor who shares her focus", async () => {
    const { mentor, mentee, id, focus } = await matchedPair();
    const declined = await mentor.client.call(discipleshipEndpoints.decline, { params: { id } });
    expect(declined.body.status).toBe("declined");
    const list = await connections(mentee);
    expect(list.map((c) => c.status).sort()).toEqual(["declined", "waiting"]);

    // The same mentor offering again is not paired with her a second time.
    const repeat = await submit(mentor, "seasoned", [focus]);
    expect(repeat.body.matched).toBe(false);

    const next = await t.member({ firstName: "Esther" });
    const res = await submit(next, "teacher", [focus]);
    expect(res.body).toMatchObject({ matched: true, status: "pending" });
    expect(res.body.mentee?.id).toBe(mentee.id);
  });
});

describe("withdrawing", () => {
  it("takes back a waiting request, only by its owner", async () => {
    const m = await t.member();
    const other = await t.member();
    const id = (await submit(m, "new", [area()])).body.id;
    expect((await other.client.call(discipleshipEndpoints.withdraw, { params: { id } })).status).toBe(404);
    expect((await m.client.call(discipleshipEndpoints.withdraw, { params: { id } })).status).toBe(204);
    expect(await connections(m)).toEqual([]);
    expect((await m.client.call(discipleshipEndpoints.withdraw, { params: { id } })).status).toBe(409);
    const [row] = await t.database.db
      .select()
      .from(discipleshipEntries)
      .where(eq(discipleshipEntries.id, id));
    expect(row!.status).toBe("withdrawn");
  });
});
