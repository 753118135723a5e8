import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints } from "../../src/core/admin/endpoints";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { intercessorsEndpoints as api } from "../../src/core/intercessors/endpoints";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { notificationsEndpoints } from "../../src/core/notifications/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { users } from "../../src/server/db/schema";
import { tellPatronsTheyWerePrayedFor } from "../../src/server/features/intercessors";
import { createTestContext, invalid, type Member, type TestContext } from "../support/app";

let t: TestContext;
let admin: Member;
let intercessor: Member;
let patron: Member;
let member: Member;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.admin();
  intercessor = await t.member({ firstName: "Hannah" });
  patron = await t.member({ firstName: "Lydia" });
  member = await t.member({ firstName: "Martha" });
  await makePatron(patron);
  const res = await admin.client.call(adminEndpoints.updateUser, {
    params: { id: intercessor.id },
    body: { isIntercessor: true },
  });
  expect(res.status).toBe(200);
});
afterAll(() => t.close());

async function makePatron(m: Member) {
  await t.database.db.update(users).set({ membershipTier: "premium" }).where(eq(users.id, m.id));
}

async function share(
  m: Member,
  content: string,
  options: { isPrivate?: boolean; isAnonymous?: boolean; shareWithIntercessors?: boolean } = {},
) {
  const res = await m.client.call(prayerEndpoints.share, {
    body: { content, isAnonymous: false, ...options },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

const prayerList = async (m: Member) => {
  const res = await m.client.call(api.prayerList);
  expect(res.status).toBe(200);
  return res.body;
};
const prayed = (m: Member, requestId: number) => m.client.call(api.prayed, { params: { requestId } });

describe("who may see the patrons' prayer list", () => {
  it("answers 401 to a visitor and 403 to a member who is not an intercessor", async () => {
    expect((await t.visitor().call(api.prayerList)).status).toBe(401);
    const refused = await member.client.call(api.prayerList);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "The patrons' prayer list is for the intercessors." });
    expect((await prayed(member, 1)).status).toBe(403);
  });

  it("opens it to intercessors and administrators, and tells an intercessor she is one", async () => {
    expect((await intercessor.client.call(api.prayerList)).status).toBe(200);
    expect((await admin.client.call(api.prayerList)).status).toBe(200);
    const me = await intercessor.client.call(authEndpoints.user);
    expect(me.body.isIntercessor).toBe(true);
    expect((await member.client.call(authEndpoints.user)).body.isIntercessor).toBe(false);
  });
});

describe("what the list holds", () => {
  it("holds patrons' public requests and private ones shared with the intercessors, by first name", async () => {
    const open = await share(patron, "Strength for my mother's surgery");
    const shared = await share(patron, "A private worry, for the intercessors", {
      isPrivate: true,
      shareWithIntercessors: true,
    });
    const kept = await share(patron, "Between me and the ministry", { isPrivate: true });
    const notPatron = await share(member, "Rain for the garden");
    const list = await prayerList(intercessor);
    const ids = list.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([open, shared]));
    expect(ids).not.toContain(kept);
    expect(ids).not.toContain(notPatron);
    expect(list.find((r) => r.id === shared)).toMatchObject({
      content: "A private worry, for the intercessors",
      isPrivate: true,
      patronName: "Lydia",
      prayedThisWeek: false,
      intercessorsThisWeek: 0,
    });
  });

  it("keeps an anonymous request's author unnamed, except to the administrators", async () => {
    const id = await share(patron, "Guidance about a new job", { isAnonymous: true });
    expect((await prayerList(intercessor)).find((r) => r.id === id)?.patronName).toBe("Anonymous");
    expect((await prayerList(admin)).find((r) => r.id === id)?.patronName).toBe("Lydia");
  });

  it("keeps an anonymous request on the list of an intercessor who blocked its author, so blocking names no one", async () => {
    const other = await t.member({ firstName: "Tabitha" });
    await makePatron(other);
    const anonymous = await share(other, "A quiet sorrow", { isAnonymous: true });
    const named = await share(other, "A named hope");
    const block = await intercessor.client.call(moderationEndpoints.block, { body: { userId: other.id } });
    expect(block.status).toBe(201);
    const listed = (await prayerList(intercessor)).map((r) => r.id);
    expect(listed).toContain(anonymous);
    expect(listed).not.toContain(named);
    await intercessor.client.call(moderationEndpoints.unblock, { params: { userId: other.id } });
  });

  it("leaves out a suspended patron's requests, except for the administrators", async () => {
    const other = await t.member({ firstName: "Dorcas" });
    await makePatron(other);
    const id = await share(other, "Peace in our home");
    expect((await prayerList(intercessor)).map((r) => r.id)).toContain(id);
    const suspended = await admin.client.call(moderationEndpoints.adminSuspend, {
      params: { id: other.id },
      body: { reason: "Testing the list" },
    });
    expect(suspended.status).toBe(200);
    expect((await prayerList(intercessor)).map((r) => r.id)).not.toContain(id);
    expect((await prayerList(admin)).map((r) => r.id)).toContain(id);
  });

  it("never lets a member who is not a patron share a request on the list, even when she asks to", async () => {
    const id = await share(member, "Private, asked for the intercessors", {
      isPrivate: true,
      shareWithIntercessors: true,
    });
    expect((await prayerList(intercessor)).map((r) => r.id)).not.toContain(id);
  });

  it("comes a page at a time, newest first", async () => {
    const ids = [await share(patron, "Page one"), await share(patron, "Page two")];
    const first = await intercessor.client.call(api.prayerList, { query: { limit: 1 } });
    expect(first.body.map((r) => r.id)).toEqual([ids[1]]);
    const next = await intercessor.client.call(api.prayerList, { query: { limit: 1, before: ids[1] } });
    expect(next.body.map((r) => r.id)).toEqual([ids[0]]);
    expect((await intercessor.client.call(api.prayerList, { query: invalid({ limit: 0 }) })).status).toBe(
      400,
    );
  });
});

describe("prayed this week", () => {
  it("marks a request once per intercessor and week", async () => {
    const id = await share(patron, "Wisdom for our children's school");
    const first = await prayed(intercessor, id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, prayedThisWeek: true, intercessorsThisWeek: 1 });
    expect(first.body.weekOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${first.body.weekOf}T00:00:00Z`).getUTCDay()).toBe(1);
    const again = await prayed(intercessor, id);
    expect(again.body).toMatchObject({ id, intercessorsThisWeek: 1 });
    const byAdmin = await prayed(admin, id);
    expect(byAdmin.body.intercessorsThisWeek).toBe(2);
    expect((await prayerList(intercessor)).find((r) => r.id === id)).toMatchObject({
      prayedThisWeek: true,
      intercessorsThisWeek: 2,
    });
  });

  it("answers 404 for a request that is not on the list", async () => {
    const kept = await share(patron, "Only for the ministry", { isPrivate: true });
    const notPatron = await share(member, "Not a patron's request");
    expect((await prayed(intercessor, kept)).status).toBe(404);
    expect((await prayed(intercessor, notPatron)).status).toBe(404);
    expect((await prayed(intercessor, 2_000_000)).status).toBe(404);
    expect((await intercessor.client.call(api.prayed, { params: invalid({ requestId: "x" }) })).status).toBe(
      400,
    );
  });
});

describe("the weekly word to the patrons", () => {
  const toldOfIntercessors = async (m: Member) =>
    (await m.client.call(notificationsEndpoints.list)).body.filter((n) => n.kind === "intercessors_prayed");

  it("tells each patron once that the intercessors prayed for her by name, however often it runs", async () => {
    const other = await t.member({ firstName: "Phoebe" });
    await makePatron(other);
    await prayed(intercessor, await share(patron, "For my sister"));
    await prayed(intercessor, await share(patron, "For my neighbour"));
    await prayed(admin, await share(other, "For my husband's work"));
    const nextWeek = new Date(Date.now() + WEEK_MS);
    await tellPatronsTheyWerePrayedFor(t.database.db, nextWeek);
    await tellPatronsTheyWerePrayedFor(t.database.db, nextWeek);
    for (const m of [patron, other]) {
      const told = await toldOfIntercessors(m);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        text: "The intercessors prayed for you by name this week",
        url: "/profile?tab=membership",
      });
    }
    expect(await toldOfIntercessors(member)).toHaveLength(0);
  });

  it("tells nobody about a week whose prayers have not ended yet", async () => {
    const other = await t.member();
    await makePatron(other);
    await prayed(intercessor, await share(other, "For rest"));
    await tellPatronsTheyWerePrayedFor(t.database.db, new Date());
    expect(await toldOfIntercessors(other)).toHaveLength(0);
  });
});

describe("appointing intercessors", () => {
  it("lets an administrator give and take the role, and shows it in the members list", async () => {
    const ruth = await t.member({ firstName: "Ruth" });
    const given = await admin.client.call(adminEndpoints.updateUser, {
      params: { id: ruth.id },
      body: { isIntercessor: true },
    });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ id: ruth.id, firstName: "Ruth", isIntercessor: true });
    expect((await ruth.client.call(api.prayerList)).status).toBe(200);
    const listed = await admin.client.call(adminEndpoints.users);
    expect(listed.body.find((u) => u.id === ruth.id)?.isIntercessor).toBe(true);
    await admin.client.call(adminEndpoints.updateUser, {
      params: { id: ruth.id },
      body: { isIntercessor: false },
    });
    expect((await ruth.client.call(api.prayerList)).status).toBe(403);
  });

  it("refuses members (403) and bad bodies (400), and answers 404 for nobody", async () => {
    const res = await member.client.call(adminEndpoints.updateUser, {
      params: { id: member.id },
      body: { isIntercessor: true },
    });
    expect(res.status).toBe(403);
    for (const body of [{}, { isIntercessor: "yes" }, null]) {
      const bad = await admin.client.call(adminEndpoints.updateUser, {
        params: { id: member.id },
        body: invalid(body),
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBeTruthy();
    }
    const nobody = await admin.client.call(adminEndpoints.updateUser, {
      params: { id: 2_000_000 },
      body: { isIntercessor: true },
    });
    expect(nobody.status).toBe(404);
  });
});
