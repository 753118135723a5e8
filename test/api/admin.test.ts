import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints } from "../../src/core/admin/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import { recordActivity } from "../../src/server/activity/record";
import {
  activityLog,
  cultivationGroups,
  localGroups,
  payments,
  subscriptions,
  users,
  videos,
} from "../../src/server/db/schema";
import { contextWithAdmin, createTestContext, type Member, type TestContext } from "../support/app";
import { backfillStatements, runStatements } from "../support/migrations";

let t: TestContext;
let admin: Member;
beforeAll(async () => ({ t, admin } = await contextWithAdmin()));
afterAll(() => t.close());

const ADMIN_READS = [adminEndpoints.analytics, adminEndpoints.users, adminEndpoints.groups];

/** Noon on the 15th of last month: last month in any time zone. */
const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
};

describe("access", () => {
  it("answers 401 to visitors", async () => {
    for (const e of ADMIN_READS) {
      const res = await t.visitor().call(e);
      expect(res.status, res.request).toBe(401);
      expect(res.body).toEqual({ message: "Unauthorized" });
    }
  });

  it("answers 403 to members, even with a malformed query", async () => {
    const m = await t.member();
    const calls = [
      ...ADMIN_READS.map((e) => () => m.client.call(e)),
      () => m.client.call(adminEndpoints.users, { query: { limit: "abc" } }),
      () => m.client.call(adminEndpoints.groups, { query: { cursor: "x" } }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status, res.request).toBe(403);
      expect(res.body).toEqual({ message: "You don't have permission to access the admin dashboard." });
    }
  });

  it("lets members with the admin role in as well as owner addresses", async () => {
    const m = await t.member();
    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, m.id));
    expect((await m.client.call(adminEndpoints.analytics)).status).toBe(200);
    expect((await admin.client.call(adminEndpoints.analytics)).status).toBe(200);
  });
});

/** The figures the dashboard shows. */
const FIGURES = [
  "totalUsers",
  "newUsersThisMonth",
  "totalVideos",
  "videosThisMonth",
  "activeGroups",
  "newGroupsThisMonth",
  "premiumMembers",
  "newPremiumThisMonth",
  "monthlyRevenue",
  "revenueGrowth",
  "activeSubscriptions",
  "newSubscriptions",
  "conversionRate",
] as const;

describe("analytics", () => {
  let fresh: TestContext;
  let owner: Member;
  beforeAll(async () => ({ t: fresh, admin: owner } = await contextWithAdmin()));
  afterAll(() => fresh.close());

  it("starts at zero with no recent activity beyond the owner joining", async () => {
    const res = await owner.client.call(adminEndpoints.analytics);
    expect(res.status).toBe(200);
    const zero = Object.fromEntries(FIGURES.map((figure) => [figure, 0]));
    expect(res.body).toMatchObject({ ...zero, totalUsers: 1, newUsersThisMonth: 1 });
    expect(res.body.recentActivity).toEqual([
      {
        description: "Owner Admin joined the community",
        parts: [
          { text: "Owner Admin", memberText: true },
          { text: " joined the community", memberText: false },
        ],
        timestamp: expect.any(String),
      },
    ]);
  });

  it("equals what was recorded", async () => {
    const db = fresh.database.db;
    const before = lastMonth();
    const a = await fresh.member({ firstName: "Ada" });
    const b = await fresh.member({ firstName: "Bea" });
    const c = await fresh.member({ firstName: "Cleo" });
    // Dee joined last month.
    const d = await fresh.member({ firstName: "Dee" });
    await db.update(users).set({ createdAt: before }).where(eq(users.id, d.id));

    await db.insert(videos).values([
      { title: "New one", description: "This month" },
      { title: "Another", description: "This month" },
      { title: "Older", description: "Last month", createdAt: before },
    ]);
    await db.insert(cultivationGroups).values([
      { name: "Circle", description: "Active, new", category: "study" },
      { name: "Paused", description: "Inactive", category: "study", isActive: false },
      { name: "Veterans", description: "Active, old", category: "support", createdAt: before },
    ]);
    await db.insert(localGroups).values([
      {
        name: "Austin Bible Study",
        description: "Active, new",
        meetingType: "Bible Study",
        location: "Austin",
      },
      {
        name: "Old Book Club",
        description: "Inactive, old",
        meetingType: "Book Club",
        location: "Dallas",
        isActive: false,
        createdAt: before,
      },
    ]);

    // Ada became a patron this month, Bea last month; Cleo's subscription never completed.
    await db.update(users).set({ membershipTier: "premium" }).where(eq(users.id, a.id));
    await db.update(users).set({ membershipTier: "premium" }).where(eq(users.id, b.id));
    await db.insert(subscriptions).values([
      { id: "sub_ada", userId: a.id, status: "active" },
      { id: "sub_bea", userId: b.id, status: "active", createdAt: before },
      { id: "sub_cleo", userId: c.id, status: "incomplete_expired" },
    ]);
    await db.insert(payments).values([
      { userId: a.id, kind: "subscription", amountCents: 1500, stripeObjectId: "in_ada_1" },
      { userId: c.id, kind: "donation", amountCents: 1999, stripeObjectId: "pi_cleo_1" },
      {
        userId: b.id,
        kind: "subscription",
        amountCents: 1500,
        stripeObjectId: "in_bea_0",
        createdAt: before,
      },
      { userId: null, kind: "donation", amountCents: 2500, stripeObjectId: "pi_gone_0", createdAt: before },
      {
        userId: b.id,
        kind: "subscription",
        amountCents: 1500,
        stripeObjectId: "in_bea_old",
        createdAt: new Date(before.getTime() - 40 * 86_400_000),
      },
    ]);
    await recordActivity(db, "video_added", { title: "New one" });
    await recordActivity(db, "group_created", { type: "cultivation", name: null, group: "Circle" });

    const res = await owner.client.call(adminEndpoints.analytics);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalUsers: 5,
      newUsersThisMonth: 4,
      totalVideos: 3,
      videosThisMonth: 2,
      activeGroups: 3,
      newGroupsThisMonth: 2,
      premiumMembers: 2,
      newPremiumThisMonth: 1,
      // $15 + $19.99 this month against $15 + $25 last month.
      monthlyRevenue: 34.99,
      revenueGrowth: -12.5,
      activeSubscriptions: 2,
      newSubscriptions: 1,
      conversionRate: 40,
    });
    expect(res.body.recentActivity.map((r) => r.description)).toEqual([
      'A member started the cultivation group "Circle"',
      "New video added: New one",
      "Dee Tester joined the community",
      "Cleo Tester joined the community",
      "Bea Tester joined the community",
    ]);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("reports growth against an empty last month as 100%", async () => {
    const other = await createTestContext();
    try {
      const o = await other.admin();
      await other.database.db
        .insert(payments)
        .values({ userId: o.id, kind: "donation", amountCents: 100, stripeObjectId: "pi_first" });
      const res = await o.client.call(adminEndpoints.analytics);
      expect(res.body).toMatchObject({ monthlyRevenue: 1, revenueGrowth: 100, conversionRate: 0 });
    } finally {
      await other.close();
    }
  });
});

describe("recent activity, in the language of the administrator reading it", () => {
  let fresh: TestContext;
  let owner: Member;
  let tamar: Member;
  beforeAll(async () => {
    ({ t: fresh, admin: owner } = await contextWithAdmin());
    // A second administrator, who chose Hebrew for her pages.
    tamar = await fresh.member({ firstName: "Tamar", lastName: "Cohen" });
    await fresh.database.db.update(users).set({ role: "admin" }).where(eq(users.id, tamar.id));
    const chose = await tamar.client.call(profileEndpoints.setLanguage, { body: { locale: "he" } });
    expect(chose.status).toBe(204);
  });
  afterAll(() => fresh.close());

  const linesOf = async (reader: Member, headers?: Record<string, string>) => {
    const res = await reader.client.call(adminEndpoints.analytics, { headers });
    expect(res.status).toBe(200);
    return res.body.recentActivity;
  };

  it("writes each line in her language, the names and titles set apart in their own direction", async () => {
    const db = fresh.database.db;
    const miriam = await fresh.member({ firstName: "Miriam", lastName: "Levi" });
    const shared = await miriam.client.call(prayerEndpoints.share, {
      body: { content: "Please pray for my mother's surgery on Thursday.", isPrivate: true },
    });
    expect(shared.status).toBe(201);
    await recordActivity(
      db,
      "group_created",
      { type: "local", name: "Miriam Levi", group: "Women of the Word", location: "Haifa" },
      miriam.id,
    );
    await recordActivity(db, "donation_received", { name: null, cents: 1250, currency: "eur" });
    await recordActivity(db, "articles_synced", { added: 2, updated: 1, source: "Substack" });

    const hebrew = await linesOf(tamar);
    expect(hebrew.map((line) => line.description)).toEqual([
      "שני מאמרים חדשים ועדכון אחד סונכרנו מ־Substack",
      "חברה תרמה 12.50 EUR",
      'Miriam Levi פתחה את הקבוצה המקומית "Women of the Word" ב־Haifa',
      "Miriam שיתפה בקשת תפילה פרטית",
      "Miriam Levi הצטרפה לקהילה",
    ]);
    expect(hebrew[2]!.parts).toEqual([
      { text: "Miriam Levi", memberText: true },
      { text: ' פתחה את הקבוצה המקומית "', memberText: false },
      { text: "Women of the Word", memberText: true },
      { text: '" ב־', memberText: false },
      { text: "Haifa", memberText: true },
    ]);
    // "A member" is our word, not a name she wrote.
    expect(hebrew[1]!.parts).toEqual([{ text: "חברה תרמה 12.50 EUR", memberText: false }]);

    expect((await linesOf(owner)).map((line) => line.description)).toEqual([
      "2 new articles and 1 update synced from Substack",
      "A member gave a donation of 12.50 EUR",
      'Miriam Levi started the local group "Women of the Word" in Haifa',
      "Miriam shared a private prayer request",
      "Miriam Levi joined the community",
    ]);
    // Her browser's language counts when she chose none.
    expect((await linesOf(owner, { "accept-language": "he-IL,he;q=0.9" }))[4]!.description).toBe(
      "Miriam Levi הצטרפה לקהילה",
    );
  });

  it("carries the lines written before their values were kept over, in every shape they took", async () => {
    const db = fresh.database.db;
    const old = [
      ["member_joined", "Ruth Abrams joined the community"],
      ["member_joined", "Deborah Stone set up Grace Fellowship"],
      ["video_added", "New video added: Grace: Part 2"],
      ["course_added", "New course added: Women of the Bible"],
      ["group_created", 'Hannah Bell started the cultivation group "Mothers in Prayer"'],
      ["group_created", 'A member started the local group "Women in the Word" in Haifa, Israel'],
      ["prayer_shared", "Lydia shared a prayer request"],
      ["prayer_shared", "A member shared a private prayer request"],
      ["patron_started", "Lydia Brooks became a Mishpacha Patron"],
      ["donation_received", "Esther Cohen gave a donation of $1,234"],
      ["donation_received", "Esther Cohen gave a donation of $19.99"],
      ["donation_received", "A member gave a donation of 12.50 EUR"],
      ["course_purchased", "Naomi Gold enrolled in Names of God"],
      ["articles_synced", "1 new article and 3 updates synced from Substack"],
      ["video_added", "Something an older hand typed"],
    ] as const;
    const start = Date.now() - 3600_000;
    // The table as it was: the sentence in `description`, no values.
    await db.delete(activityLog);
    await db.execute(sql`alter table activity_log add column description text`);
    await db.execute(sql`alter table activity_log alter column params drop not null`);
    try {
      for (const [i, [kind, description]] of old.entries()) {
        await db.execute(sql`insert into activity_log (kind, description, created_at)
          values (${kind}, ${description}, ${new Date(start + i * 1000)})`);
      }
      await runStatements(fresh.database, backfillStatements("0050_activity_and_sync_words", "activity_log"));
    } finally {
      await db.execute(sql`alter table activity_log alter column params set not null`);
      await db.execute(sql`alter table activity_log drop column description`);
    }

    const rows = await db.select().from(activityLog).orderBy(asc(activityLog.createdAt));
    expect(rows.map((row) => row.params)).toEqual([
      { name: "Ruth Abrams" },
      { name: "Deborah Stone", ministry: "Grace Fellowship" },
      { title: "Grace: Part 2" },
      { title: "Women of the Bible" },
      { type: "cultivation", name: "Hannah Bell", group: "Mothers in Prayer" },
      { type: "local", name: null, group: "Women in the Word", location: "Haifa, Israel" },
      { name: "Lydia", isPrivate: false },
      { name: null, isPrivate: true },
      { name: "Lydia Brooks" },
      { name: "Esther Cohen", cents: 123_400, currency: "usd" },
      { name: "Esther Cohen", cents: 1999, currency: "usd" },
      { name: null, cents: 1250, currency: "eur" },
      { name: "Naomi Gold", title: "Names of God" },
      { added: 1, updated: 3, source: "Substack" },
      { text: "Something an older hand typed" },
    ]);

    // The newest five, as each administrator reads them.
    expect((await linesOf(owner)).map((line) => line.description)).toEqual([
      "Something an older hand typed",
      "1 new article and 3 updates synced from Substack",
      "Naomi Gold enrolled in Names of God",
      "A member gave a donation of 12.50 EUR",
      "Esther Cohen gave a donation of $19.99",
    ]);
    expect((await linesOf(tamar)).map((line) => line.description)).toEqual([
      "Something an older hand typed",
      "מאמר חדש אחד ו־3 עדכונים סונכרנו מ־Substack",
      "Naomi Gold נרשמה לקורס Names of God",
      "חברה תרמה 12.50 EUR",
      "Esther Cohen תרמה $19.99",
    ]);
  });
});

describe("users", () => {
  it("lists members newest first in pages, without private columns", async () => {
    const db = t.database.db;
    const made = [];
    for (let i = 0; i < 4; i += 1) made.push(await t.member({ firstName: `Page${i}` }));
    await db.update(users).set({ membershipTier: "premium" }).where(eq(users.id, made[3]!.id));
    await db.update(users).set({ firstName: null, lastName: null }).where(eq(users.id, made[2]!.id));

    const first = await admin.client.call(adminEndpoints.users, { query: { limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.body.map((u) => u.id)).toEqual([made[3]!.id, made[2]!.id]);
    expect(first.body[0]).toEqual({
      id: made[3]!.id,
      email: made[3]!.email,
      firstName: "Page3",
      lastName: "Tester",
      membershipTier: "premium",
      createdAt: expect.any(String),
      isIntercessor: false,
      suspended: false,
      suspendedUntil: null,
      isAdministrator: false,
    });
    expect(first.body[1]).toMatchObject({ firstName: null, lastName: null, membershipTier: "free" });

    const second = await admin.client.call(adminEndpoints.users, {
      query: { limit: 2, before: made[2]!.id },
    });
    expect(second.body.map((u) => u.id)).toEqual([made[1]!.id, made[0]!.id]);

    const all = await admin.client.call(adminEndpoints.users, { query: { limit: 100 } });
    const times = all.body.map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(all.body.map((u) => u.email)).toContain(admin.email);
  });

  it("rejects a bad page size", async () => {
    expect((await admin.client.call(adminEndpoints.users, { query: { limit: 0 } })).status).toBe(400);
    expect((await admin.client.call(adminEndpoints.users, { query: { limit: 101 } })).status).toBe(400);
  });
});

describe("groups", () => {
  it("lists cultivation and local groups together, with type, members and state, in pages", async () => {
    const db = t.database.db;
    const base = Date.now() - 60_000;
    const [c1] = await db
      .insert(cultivationGroups)
      .values({
        name: "Wives of Valor",
        description: "Military wives fellowship",
        category: "life-stage",
        memberCount: 12,
        createdAt: new Date(base),
      })
      .returning();
    const [l1] = await db
      .insert(localGroups)
      .values({
        name: "Tuesday Prayer",
        description: "Prayer in Denver",
        meetingType: "Prayer Group",
        location: "Denver",
        memberCount: 5,
        isActive: false,
        createdAt: new Date(base + 1000),
      })
      .returning();
    const [c2] = await db
      .insert(cultivationGroups)
      .values({
        name: "Shabbat Circle",
        description: "Messianic women",
        category: "cultural",
        memberCount: 8,
        createdAt: new Date(base + 2000),
      })
      .returning();

    const res = await admin.client.call(adminEndpoints.groups);
    expect(res.status).toBe(200);
    expect(res.body.slice(0, 3)).toEqual([
      {
        id: c2!.id,
        type: "cultivation",
        name: "Shabbat Circle",
        description: "Messianic women",
        memberCount: 8,
        isActive: true,
        createdAt: expect.any(String),
      },
      expect.objectContaining({
        id: l1!.id,
        type: "local",
        name: "Tuesday Prayer",
        memberCount: 5,
        isActive: false,
      }),
      expect.objectContaining({ id: c1!.id, type: "cultivation", name: "Wives of Valor", memberCount: 12 }),
    ]);

    const page1 = await admin.client.call(adminEndpoints.groups, { query: { limit: 1 } });
    expect(page1.body.map((g) => g.name)).toEqual(["Shabbat Circle"]);
    const page2 = await admin.client.call(adminEndpoints.groups, {
      query: { limit: 1, cursor: `cultivation-${c2!.id}` },
    });
    expect(page2.body.map((g) => g.name)).toEqual(["Tuesday Prayer"]);
    const page3 = await admin.client.call(adminEndpoints.groups, {
      query: { limit: 1, cursor: `local-${l1!.id}` },
    });
    expect(page3.body.map((g) => g.name)).toEqual(["Wives of Valor"]);
  });

  it("rejects a malformed cursor", async () => {
    for (const cursor of ["nope", "local-", "local-99999999999", "video-1"]) {
      expect((await admin.client.call(adminEndpoints.groups, { query: { cursor } })).status, cursor).toBe(
        400,
      );
    }
  });
});
