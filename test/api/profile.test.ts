import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import {
  activityLog,
  cultivationGroupMembers,
  cultivationGroups,
  discussions,
  payments,
  prayerMarks,
  prayerRequests,
  prayerResponses,
  sessions,
  users,
  videoNotes,
  videos,
} from "../../src/server/db/schema";
import { createTestContext, invalid, TEST_PASSWORD, type TestContext } from "../support/app";
import { linkIn, tokenOf } from "../support/mailbox";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const ALL_ON = {
  showNameOnPrayerWall: true,
  showProfileToMembers: true,
  emailNotifications: true,
  prayerReplyNotifications: true,
  groupNotifications: true,
  allowMessageRequests: true,
};

describe("reading the profile", () => {
  it("refuses visitors", async () => {
    expect((await t.visitor().call(profileEndpoints.get)).status).toBe(401);
    expect((await t.visitor().call(profileEndpoints.export)).status).toBe(401);
  });

  it("gives her own details, settings with defaults, tier and join date", async () => {
    const m = await t.member({ firstName: "Ruth", lastName: "Abrams" });
    const res = await m.client.call(profileEndpoints.get);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: m.id,
      firstName: "Ruth",
      lastName: "Abrams",
      email: m.email,
      bio: null,
      membershipTier: "free",
      settings: ALL_ON,
      hasBillingAccount: false,
    });
    expect(new Date(res.body.createdAt).getFullYear()).toBe(new Date().getFullYear());
    expect(res.body).not.toHaveProperty("passwordHash");
    expect(res.body).not.toHaveProperty("stripeCustomerId");
    expect(res.body).not.toHaveProperty("role");
  });
});

describe("editing the profile", () => {
  it("saves names and About Me at once, and a new e-mail only once its link is followed", async () => {
    const m = await t.member();
    const email = `renamed-${m.id}@example.test`;
    const res = await m.client.call(profileEndpoints.update, {
      body: {
        firstName: "  Miriam ",
        lastName: "Katz",
        email: email.toUpperCase(),
        bio: "Learning Hebrew, slowly.",
        currentPassword: TEST_PASSWORD,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: "Miriam",
      lastName: "Katz",
      email: m.email,
      pendingEmail: email,
      bio: "Learning Hebrew, slowly.",
    });
    const [confirm] = await t.queuedMails(email);
    const res2 = await t.visitor().call(profileEndpoints.confirmEmailChange, {
      body: { token: tokenOf(linkIn(confirm!.text, "confirm-email")) },
    });
    expect(res2.status).toBe(200);
    const me = await m.client.call(authEndpoints.user);
    expect(me.body).toMatchObject({ firstName: "Miriam", lastName: "Katz", email, emailVerified: true });
    // She signs in with the new address from now on.
    const again = await t.visitor().call(authEndpoints.login, { body: { email, password: TEST_PASSWORD } });
    expect(again.status).toBe(200);
  });

  it("keeps the current values for blank fields", async () => {
    const m = await t.member({ firstName: "Abigail", lastName: "Rivera" });
    await m.client.call(profileEndpoints.update, { body: { bio: "Mother of two." } });
    const res = await m.client.call(profileEndpoints.update, {
      body: { firstName: "", lastName: "   ", email: "" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: "Abigail",
      lastName: "Rivera",
      email: m.email,
      bio: "Mother of two.",
    });
    const nothing = await m.client.call(profileEndpoints.update, { body: {} });
    expect(nothing.body).toMatchObject({ firstName: "Abigail", email: m.email });
    // An emptied About Me is cleared on purpose.
    const cleared = await m.client.call(profileEndpoints.update, { body: { bio: "" } });
    expect(cleared.body.bio).toBeNull();
  });

  it("rejects an invalid e-mail address", async () => {
    const m = await t.member();
    const res = await m.client.call(profileEndpoints.update, { body: { email: "not-an-address" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please enter a valid e-mail address");
    expect((await m.client.call(profileEndpoints.get)).body.email).toBe(m.email);
  });

  it("answers 409 with a message when another account has the e-mail, whatever its case", async () => {
    const other = await t.member();
    const m = await t.member();
    const res = await m.client.call(profileEndpoints.update, {
      body: { firstName: "Changed", email: other.email.toUpperCase(), currentPassword: TEST_PASSWORD },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Another account already uses this e-mail address.");
    const profile = (await m.client.call(profileEndpoints.get)).body;
    expect(profile).toMatchObject({ email: m.email, firstName: m.firstName });
    // Her own address in another case is not "taken".
    expect(
      (await m.client.call(profileEndpoints.update, { body: { email: m.email.toUpperCase() } })).status,
    ).toBe(200);
  });

  it("limits lengths", async () => {
    const m = await t.member();
    const res = await m.client.call(profileEndpoints.update, { body: { bio: "x".repeat(1001) } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("About Me must be at most 1000 characters");
    expect(
      (await m.client.call(profileEndpoints.update, { body: { firstName: "x".repeat(101) } })).status,
    ).toBe(400);
  });

  it("refuses visitors", async () => {
    expect((await t.visitor().call(profileEndpoints.update, { body: { firstName: "X" } })).status).toBe(401);
  });
});

describe("settings", () => {
  it("stores each switch per member and keeps the others", async () => {
    const m = await t.member();
    const other = await t.member();
    const first = await m.client.call(profileEndpoints.updateSettings, {
      body: { showNameOnPrayerWall: false },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ...ALL_ON, showNameOnPrayerWall: false });
    const second = await m.client.call(profileEndpoints.updateSettings, {
      body: { emailNotifications: false, groupNotifications: false },
    });
    expect(second.body).toEqual({
      ...ALL_ON,
      showNameOnPrayerWall: false,
      emailNotifications: false,
      groupNotifications: false,
    });
    expect((await m.client.call(profileEndpoints.get)).body.settings).toEqual(second.body);
    const [row] = await t.database.db
      .select({ settings: users.settings })
      .from(users)
      .where(eq(users.id, m.id));
    expect(row!.settings).toEqual({
      showNameOnPrayerWall: false,
      emailNotifications: false,
      groupNotifications: false,
    });
    expect((await other.client.call(profileEndpoints.get)).body.settings).toEqual(ALL_ON);
    const back = await m.client.call(profileEndpoints.updateSettings, {
      body: { showNameOnPrayerWall: true },
    });
    expect(back.body.showNameOnPrayerWall).toBe(true);
  });

  it("rejects an empty change and values that are not switches", async () => {
    const m = await t.member();
    const empty = await m.client.call(profileEndpoints.updateSettings, { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Choose a setting to change.");
    expect(
      (await m.client.call(profileEndpoints.updateSettings, { body: { emailNotifications: invalid("yes") } }))
        .status,
    ).toBe(400);
  });
});

describe("downloading her data", () => {
  it("is a JSON attachment with everything that is hers and nothing of anyone else's", async () => {
    const m = await t.member({ firstName: "Deborah" });
    const other = await t.member();
    const db = t.database.db;
    await m.client.call(profileEndpoints.update, { body: { bio: "Judge and prophetess." } });
    await m.client.call(profileEndpoints.updateSettings, { body: { groupNotifications: false } });
    const [video] = await db
      .insert(videos)
      .values({ title: "Grace Upon Grace", description: "Teaching." })
      .returning();
    const [mine] = await db
      .insert(prayerRequests)
      .values({ userId: m.id, content: "For my mother" })
      .returning();
    const [theirs] = await db
      .insert(prayerRequests)
      .values({ userId: other.id, content: "Someone else's prayer" })
      .returning();
    await db
      .insert(prayerResponses)
      .values({ prayerRequestId: theirs!.id, userId: m.id, content: "Praying!" });
    await db
      .insert(videoNotes)
      .values({ userId: m.id, videoId: video!.id, content: "Rest in grace", tags: ["grace"] });
    await db.insert(videoNotes).values({ userId: other.id, content: "Not hers" });
    await db.insert(discussions).values({ userId: m.id, videoId: video!.id, content: "Beautiful teaching" });
    await m.client.call(videosEndpoints.saveProgress, { params: { id: video!.id }, body: { seconds: 95 } });
    await db.insert(payments).values({
      userId: m.id,
      kind: "donation",
      amountCents: 2500,
      stripeObjectId: `pi_export_${m.id}`,
    });

    const res = await m.client.call(profileEndpoints.export);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="mishpacha-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.body;
    expect(data.profile).toMatchObject({
      id: m.id,
      email: m.email,
      firstName: "Deborah",
      bio: "Judge and prophetess.",
    });
    expect(data.profile.settings.groupNotifications).toBe(false);
    expect(data.prayerRequests.map((p) => p.content)).toEqual(["For my mother"]);
    expect(data.prayerRequests[0]!.id).toBe(mine!.id);
    expect(data.prayerResponses).toMatchObject([{ prayerRequestId: theirs!.id, content: "Praying!" }]);
    expect(data.notes).toMatchObject([
      { content: "Rest in grace", videoTitle: "Grace Upon Grace", tags: ["grace"] },
    ]);
    expect(data.discussions).toMatchObject([
      { content: "Beautiful teaching", videoTitle: "Grace Upon Grace" },
    ]);
    expect(data.videoProgress).toMatchObject([
      { videoId: video!.id, title: "Grace Upon Grace", seconds: 95, finished: false },
    ]);
    expect(data.payments).toMatchObject([{ kind: "donation", amountCents: 2500, currency: "usd" }]);
    for (const key of [
      "articleDiscussions",
      "savedVideos",
      "videoProgress",
      "cultivationGroups",
      "localGroups",
      "courseEnrollments",
      "discipleship",
      "subscriptions",
    ] as const) {
      expect(Array.isArray(data[key]), key).toBe(true);
    }
    const text = JSON.stringify(data);
    expect(text).not.toContain("Someone else's prayer");
    expect(text).not.toContain("Not hers");
    expect(text).not.toMatch(/passwordHash|password_hash|stripeObjectId|stripeCustomerId|\$argon2/);
  });
});

describe("deleting her account", () => {
  it("asks for a confirmation", async () => {
    const m = await t.member();
    for (const body of [{}, { confirm: "delete" }, { confirm: "yes" }]) {
      const res = await m.client.call(profileEndpoints.delete, { body: invalid(body) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Type DELETE to confirm that you want to delete your account.");
    }
    expect((await m.client.call(profileEndpoints.get)).status).toBe(200);
  });

  it("removes her content, keeps what others rely on without her, and ends every session", async () => {
    const db = t.database.db;
    const m = await t.member({ firstName: "Priscilla", lastName: "Nguyen" });
    const elsewhere = t.visitor();
    await elsewhere.call(authEndpoints.login, { body: { email: m.email, password: TEST_PASSWORD } });
    const friend = await t.member();

    const [group] = await db
      .insert(cultivationGroups)
      .values({
        name: "Young Mothers",
        description: "Support for young mothers",
        category: "support",
        createdBy: m.id,
        memberCount: 2,
      })
      .returning();
    await db.insert(cultivationGroupMembers).values([
      { groupId: group!.id, userId: m.id, role: "admin" },
      { groupId: group!.id, userId: friend.id, role: "member" },
    ]);
    const [herPrayer] = await db
      .insert(prayerRequests)
      .values({ userId: m.id, content: "Her request" })
      .returning();
    const [friendsPrayer] = await db
      .insert(prayerRequests)
      .values({ userId: friend.id, content: "Friend's request", prayerCount: 1 })
      .returning();
    await db.insert(prayerMarks).values({ prayerRequestId: friendsPrayer!.id, userId: m.id });
    await db
      .insert(payments)
      .values({ userId: m.id, kind: "donation", amountCents: 5000, stripeObjectId: `pi_del_${m.id}` });

    const res = await m.client.call(profileEndpoints.delete, { body: { confirm: "DELETE" } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Your account and your personal data have been deleted.");
    expect(m.client.jar.has("sid")).toBe(false);
    expect(res.cookies.find((c) => c.name === "sid")?.value).toBe("");

    expect((await m.client.call(authEndpoints.user)).status).toBe(401);
    expect((await elsewhere.call(authEndpoints.user)).status).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, m.id))).toHaveLength(0);
    expect(await db.select().from(users).where(eq(users.id, m.id))).toHaveLength(0);
    const login = await t
      .visitor()
      .call(authEndpoints.login, { body: { email: m.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(401);

    expect(await db.select().from(prayerRequests).where(eq(prayerRequests.id, herPrayer!.id))).toHaveLength(
      0,
    );
    const [prayer] = await db.select().from(prayerRequests).where(eq(prayerRequests.id, friendsPrayer!.id));
    expect(prayer!.prayerCount).toBe(0);
    const [kept] = await db.select().from(cultivationGroups).where(eq(cultivationGroups.id, group!.id));
    expect(kept).toMatchObject({ createdBy: null, memberCount: 1, name: "Young Mothers" });
    const [payment] = await db
      .select()
      .from(payments)
      .where(eq(payments.stripeObjectId, `pi_del_${m.id}`));
    expect(payment).toMatchObject({ userId: null, amountCents: 5000 });
    expect(await db.select().from(activityLog).where(eq(activityLog.userId, m.id))).toHaveLength(0);
    // Her friend is untouched.
    expect((await friend.client.call(profileEndpoints.get)).status).toBe(200);
  });

  it("refuses visitors and requests from other sites", async () => {
    expect((await t.visitor().call(profileEndpoints.delete, { body: { confirm: "DELETE" } })).status).toBe(
      401,
    );
    const m = await t.member();
    const foreign = await m.client.call(profileEndpoints.delete, {
      body: { confirm: "DELETE" },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect((await m.client.call(profileEndpoints.get)).status).toBe(200);
  });
});
