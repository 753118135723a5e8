import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyIn } from "../../src/core/contract";
import { conversationEndpoints as talk } from "../../src/core/conversation/endpoints";
import type { GroupPostKind } from "../../src/core/conversation/limits";
import { discipleshipEndpoints } from "../../src/core/discipleship/endpoints";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { homeEndpoints } from "../../src/core/home/endpoints";
import { localGroupsEndpoints } from "../../src/core/local-groups/endpoints";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { articles, courses, groupPosts, users, videos } from "../../src/server/db/schema";
import { createTestContext, type Member, succeeded, type TestContext } from "../support/app";
import { openGroup, startLocalGroup } from "../support/content";

let t: TestContext;
let ruth: Member;
let hannah: Member;

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

beforeAll(async () => {
  t = await createTestContext();
  ruth = await t.member({ firstName: "Ruth", lastName: "Abrams" });
  hannah = await t.member({ firstName: "Hannah", lastName: "Levi" });
});
afterAll(() => t.close());

describe("the home dashboard", () => {
  it("answers 401 to a visitor", async () => {
    const res = await t.visitor().call(homeEndpoints.home);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthorized" });
  });

  it("is empty but complete on a new site", async () => {
    const res = await ruth.client.call(homeEndpoints.home);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      videos: [],
      articles: [],
      courses: [],
      discipleship: { activePartners: 0, pendingConnections: 0 },
      prayerRequests: [],
      newestGroupPosts: [],
      membership: { tier: "free" },
      // Her day on the biblical calendar: its words are checked in events-hebrew-dates.test.ts.
      hebrewDay: expect.objectContaining({ date: { en: expect.any(String), he: expect.any(String) } }),
    });
  });

  it("shows the newest teaching: 3 videos, 2 articles, 2 courses with open ones first", async () => {
    const db = t.database.db;
    await db.insert(videos).values(
      [5, 1, 3, 2, 4].map((age) => ({
        title: `Video ${age} days old`,
        description: "A teaching on grace.",
        series: "Grace Series",
        duration: 600 + age,
        publishedAt: daysAgo(age),
      })),
    );
    // Scheduled for later: not on the home page yet.
    await db.insert(videos).values({ title: "Next week", description: "Soon.", publishedAt: daysAgo(-7) });
    await db.insert(articles).values(
      [3, 1, 2].map((age) => ({
        guid: `guid-${age}`,
        title: `Article ${age} days old`,
        excerpt: "An excerpt.",
        tags: ["faith"],
        readingTime: 4,
        publishedAt: daysAgo(age),
      })),
    );
    await db.insert(courses).values([
      { title: "Soon A", description: "Coming.", status: "coming_soon" as const },
      { title: "Open", description: "Open now.", status: "active" as const, enrolledCount: 47 },
      { title: "Soon B", description: "Coming.", status: "coming_soon" as const },
      { title: "Old", description: "Retired.", status: "archived" as const },
    ]);

    const body = (await ruth.client.call(homeEndpoints.home)).body;
    expect(body.videos.map((v) => v.title)).toEqual([
      "Video 1 days old",
      "Video 2 days old",
      "Video 3 days old",
    ]);
    expect(body.videos[0]).toMatchObject({ series: "Grace Series", duration: 601, views: 0 });
    expect(body.articles.map((a) => a.title)).toEqual(["Article 1 days old", "Article 2 days old"]);
    expect(body.articles[0]).toMatchObject({ readingTime: 4, tags: ["faith"], url: null });
    expect(body.courses.map((c) => c.title)).toEqual(["Open", "Soon B"]);
    expect(body.courses[0]).toMatchObject({ status: "active", enrolledCount: 47 });
  });

  it("shows the 2 latest prayer requests she may see, never another member's private one", async () => {
    const share = (m: Member, body: BodyIn<typeof prayerEndpoints.share>) =>
      m.client.call(prayerEndpoints.share, { body });
    await share(hannah, { content: "Older public request." });
    const publicId = (await share(hannah, { content: "Newest public request.", isAnonymous: true })).body.id;
    const privateId = (await share(hannah, { content: "Hannah's private request.", isPrivate: true })).body
      .id;

    const ruthView = (await ruth.client.call(homeEndpoints.home)).body.prayerRequests;
    expect(ruthView.map((p) => p.content)).toEqual(["Newest public request.", "Older public request."]);
    expect(ruthView[0]!.user).toEqual({ firstName: "Anonymous", profileImageUrl: null });
    expect(ruthView[1]!.user).toMatchObject({ firstName: "Hannah", lastName: "Levi" });
    expect(JSON.stringify(ruthView)).not.toContain("@");

    const hannahView = (await hannah.client.call(homeEndpoints.home)).body.prayerRequests;
    expect(hannahView.map((p) => p.id)).toEqual([privateId, publicId]);
    expect(hannahView[1]!.user.firstName).toBe("Hannah");

    const admin = await t.admin();
    const adminView = (await admin.client.call(homeEndpoints.home)).body.prayerRequests;
    expect(adminView.map((p) => p.id)).toEqual([privateId, publicId]);
    expect(adminView[1]!.user.firstName).toBe("Hannah");
  });

  it("counts her active discipleship partners and pending matches", async () => {
    const mentor = await t.member();
    const mentee = await t.member();
    await mentor.client.call(discipleshipEndpoints.submit, {
      body: { experienceLevel: "seasoned", focusAreas: ["dashboard-focus"] },
    });
    const match = await mentee.client.call(discipleshipEndpoints.submit, {
      body: { experienceLevel: "new", focusAreas: ["Dashboard-Focus"] },
    });
    expect((await mentee.client.call(homeEndpoints.home)).body.discipleship).toEqual({
      activePartners: 0,
      pendingConnections: 1,
    });
    await mentor.client.call(discipleshipEndpoints.accept, { params: { id: match.body.id } });
    expect((await mentee.client.call(homeEndpoints.home)).body.discipleship).toEqual({
      activePartners: 1,
      pendingConnections: 0,
    });
    expect((await mentor.client.call(homeEndpoints.home)).body.discipleship.activePartners).toBe(1);
  });

  it("reports her membership tier", async () => {
    await t.database.db.update(users).set({ membershipTier: "premium" }).where(eq(users.id, hannah.id));
    expect((await hannah.client.call(homeEndpoints.home)).body.membership).toEqual({ tier: "premium" });
    expect((await ruth.client.call(homeEndpoints.home)).body.membership).toEqual({ tier: "free" });
  });
});

describe("the newest posts of her groups", () => {
  it("shows the 5 newest from the groups she belongs to, none hidden, none across a block either way", async () => {
    const lois = await t.member({ firstName: "Lois", lastName: "Keller" });
    const leader = await t.member({ firstName: "Deborah", lastName: "Judge" });
    const neighbour = await t.member({ firstName: "Phoebe", lastName: "Marsh" });
    const blockedByHer = await t.member({ firstName: "Jael" });
    const blockingHer = await t.member({ firstName: "Zeruah" });
    const stranger = await t.member();
    const join = (m: Member, id: number) =>
      succeeded(m.client.call(groupsEndpoints.join, { params: { id }, body: {} }));
    const cultivation = (await openGroup(leader)).id;
    for (const m of [lois, blockedByHer, blockingHer]) await join(m, cultivation);
    const local = (await startLocalGroup(neighbour, { requiresApproval: false })).id;
    await succeeded(lois.client.call(localGroupsEndpoints.join, { params: { id: local } }));
    const notHers = (await openGroup(stranger)).id;
    const left = (await openGroup(stranger)).id;
    await join(lois, left);

    const post = async (who: Member, body: string, kind: GroupPostKind = "discussion") =>
      (
        await succeeded(
          who.client.call(talk.postInCultivationGroup, { params: { id: cultivation }, body: { kind, body } }),
        )
      ).id;
    const postLocally = async (body: string) =>
      (
        await succeeded(
          neighbour.client.call(talk.postInLocalGroup, {
            params: { id: local },
            body: { kind: "announcement", body },
          }),
        )
      ).id;
    const postIn = (who: Member, id: number, body: string) =>
      succeeded(
        who.client.call(talk.postInCultivationGroup, { params: { id }, body: { kind: "discussion", body } }),
      );

    await post(leader, "The oldest, pushed out");
    await post(leader, "Welcome, everyone", "announcement");
    await post(blockedByHer, "From one she blocked");
    await post(blockingHer, "From one who blocked her");
    await postLocally("Coffee on Saturday");
    const hidden = await post(leader, "Hidden by reports");
    await post(lois, "My own question?", "question");
    await postIn(stranger, notHers, "Not her group");
    await postIn(stranger, left, "A group she left");
    const newest = await postLocally("We meet at the park");
    await succeeded(
      lois.client.call(talk.reply, { params: { id: newest }, body: { body: "I'll be there" } }),
    );
    await post(leader, "A prayer for the week", "prayer");

    await succeeded(lois.client.call(moderationEndpoints.block, { body: { userId: blockedByHer.id } }));
    await succeeded(blockingHer.client.call(moderationEndpoints.block, { body: { userId: lois.id } }));
    await succeeded(lois.client.call(groupsEndpoints.leave, { params: { id: left } }));
    await t.database.db.update(groupPosts).set({ hiddenAt: new Date() }).where(eq(groupPosts.id, hidden));

    const { newestGroupPosts } = (await lois.client.call(homeEndpoints.home)).body;
    expect(newestGroupPosts.map((p) => p.body)).toEqual([
      "A prayer for the week",
      "We meet at the park",
      "My own question?",
      "Coffee on Saturday",
      "Welcome, everyone",
    ]);
    expect(newestGroupPosts[1]).toEqual({
      id: newest,
      groupKind: "local",
      groupId: local,
      groupName: "Austin sisters",
      kind: "announcement",
      body: "We meet at the park",
      createdAt: expect.any(String),
      author: { id: neighbour.id, firstName: "Phoebe", lastName: "Marsh", profileImageUrl: null },
      replyCount: 1,
    });
    expect(newestGroupPosts[0]).toMatchObject({
      groupKind: "cultivation",
      groupName: "Open Door",
      kind: "prayer",
    });

    // A new post shows at once; someone outside her groups sees none of them.
    await post(leader, "Fresh news");
    expect((await lois.client.call(homeEndpoints.home)).body.newestGroupPosts[0]!.body).toBe("Fresh news");
    expect((await hannah.client.call(homeEndpoints.home)).body.newestGroupPosts).toEqual([]);
  });
});
