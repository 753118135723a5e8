import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlesEndpoints } from "../../src/core/articles/endpoints";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import { loadConfig } from "../../src/server/config";
import {
  articleDiscussions,
  articles,
  discussions,
  prayerRequests,
  prayerResponses,
  users,
  videos,
} from "../../src/server/db/schema";
import { createTestContext, type Member, type TestContext } from "../support/app";

const PRAYER_LIMIT_MESSAGE =
  "Welcome! New members can share 3 prayer requests in their first day. You can share more tomorrow.";
const POST_LIMIT_MESSAGE =
  "Welcome! New members can share 20 responses and comments in their first day. You can share more tomorrow.";

/** What a new member may share, and where: a request to answer, a video and an article. */
interface Places {
  requestId: number;
  videoId: number;
  articleId: number;
}

/** An app with the given limits (the defaults, unless the test support sets others, are 3 and 20). */
async function contextWithLimits(prayerRequests: number, posts: number) {
  const t = await createTestContext({
    NEW_MEMBER_PRAYER_LIMIT: String(prayerRequests),
    NEW_MEMBER_POST_LIMIT: String(posts),
  });
  const [video] = await t.database.db
    .insert(videos)
    .values({
      title: "Comfort, Comfort My People",
      description: "A gentle teaching about comfort in the waiting.",
      youtubeId: "dQw4w9WgXcQ",
    })
    .returning({ id: videos.id });
  const [article] = await t.database.db
    .insert(articles)
    .values({ guid: "hope", title: "Hope That Waits" })
    .returning({ id: articles.id });
  const admin = await t.admin();
  const request = await admin.client.call(prayerEndpoints.share, {
    body: { content: "Pray for the new members this week." },
  });
  expect(request.status).toBe(201);
  const places: Places = { requestId: request.body.id, videoId: video!.id, articleId: article!.id };
  return { t, admin, places };
}

const shareRequest = (m: Member, n: number) =>
  m.client.call(prayerEndpoints.share, { body: { content: `Please pray for my family (${n}).` } });

/** The three kinds of post, in turn: a prayer response, a video reflection, an article comment. */
function post(m: Member, places: Places, n: number) {
  switch (n % 3) {
    case 0:
      return m.client.call(prayerEndpoints.respond, {
        params: { id: places.requestId },
        body: { content: `Praying with you (${n}).`, isPraying: n % 2 === 0 },
      });
    case 1:
      return m.client.call(videosEndpoints.discuss, {
        body: { videoId: places.videoId, content: `This met me today (${n}).`, isReflectionPrompt: false },
      });
    default:
      return m.client.call(articlesEndpoints.discuss, {
        body: { articleId: places.articleId, content: `Thank you for this (${n}).` },
      });
  }
}

async function shareRequests(m: Member, count: number) {
  for (let n = 1; n <= count; n++) expect((await shareRequest(m, n)).status).toBe(201);
}

async function posts(m: Member, places: Places, count: number, from = 0) {
  for (let n = from; n < from + count; n++) expect((await post(m, places, n)).status).toBe(201);
}

const rowsOf = async (t: TestContext, m: Member) => {
  const { db } = t.database;
  const [counts] = await db
    .select({
      requests: sql<number>`(select count(*)::int from ${prayerRequests} where user_id = ${m.id})`,
      responses: sql<number>`(select count(*)::int from ${prayerResponses} where user_id = ${m.id})`,
      reflections: sql<number>`(select count(*)::int from ${discussions} where user_id = ${m.id})`,
      comments: sql<number>`(select count(*)::int from ${articleDiscussions} where user_id = ${m.id})`,
    })
    .from(users)
    .where(eq(users.id, m.id));
  return counts!;
};

describe("the settings", () => {
  it("default to 3 prayer requests, 20 responses and comments and 3 conversations, and refuse what is not a positive number", () => {
    expect(loadConfig({}).newMemberLimits).toEqual({ prayerRequests: 3, posts: 20, conversations: 3 });
    expect(
      loadConfig({
        NEW_MEMBER_PRAYER_LIMIT: "5",
        NEW_MEMBER_POST_LIMIT: "40",
        NEW_MEMBER_CONVERSATION_LIMIT: "6",
      }).newMemberLimits,
    ).toEqual({ prayerRequests: 5, posts: 40, conversations: 6 });
    expect(() => loadConfig({ NEW_MEMBER_PRAYER_LIMIT: "0" })).toThrow(/NEW_MEMBER_PRAYER_LIMIT/);
    expect(() => loadConfig({ NEW_MEMBER_POST_LIMIT: "many" })).toThrow(/NEW_MEMBER_POST_LIMIT/);
    expect(() => loadConfig({ NEW_MEMBER_CONVERSATION_LIMIT: "-1" })).toThrow(
      /NEW_MEMBER_CONVERSATION_LIMIT/,
    );
  });
});

describe("a new member's first day, with the default limits", () => {
  let t: TestContext;
  let admin: Member;
  let places: Places;

  beforeAll(async () => {
    ({ t, admin, places } = await contextWithLimits(3, 20));
  });
  afterAll(() => t.close());

  it("she shares 3 prayer requests; the 4th is refused with a kind message and not stored", async () => {
    const ruth = await t.member({ firstName: "Ruth" });
    await shareRequests(ruth, 3);
    const fourth = await shareRequest(ruth, 4);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ message: PRAYER_LIMIT_MESSAGE });
    expect((await rowsOf(t, ruth)).requests).toBe(3);
    // Her responses and comments are counted apart: she may still answer.
    expect((await post(ruth, places, 0)).status).toBe(201);
  });

  it("she shares 20 responses and comments, mixed; the 21st of any kind is refused", async () => {
    const hannah = await t.member({ firstName: "Hannah" });
    await posts(hannah, places, 20);
    for (const n of [20, 21, 22]) {
      const refused = await post(hannah, places, n);
      expect(refused.status, `post ${n}`).toBe(429);
      expect(refused.body).toEqual({ message: POST_LIMIT_MESSAGE });
    }
    const stored = await rowsOf(t, hannah);
    expect(stored.reflections + stored.comments).toBe(13);
    // Her prayer requests are counted apart.
    expect((await shareRequest(hannah, 1)).status).toBe(201);
  });

  it("an administrator is exempt", async () => {
    await shareRequests(admin, 5);
    await posts(admin, places, 22);
  });

  it("a member whose account is older than a day is not limited", async () => {
    const miriam = await t.member({ firstName: "Miriam" });
    await shareRequests(miriam, 3);
    expect((await shareRequest(miriam, 4)).status).toBe(429);
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(users.id, miriam.id));
    await shareRequests(miriam, 2);
    await posts(miriam, places, 21);
  });

  it("counts what she shared, not what is still there: deleting one gives her no other", async () => {
    const dinah = await t.member({ firstName: "Dinah" });
    await shareRequests(dinah, 3);
    const [first] = await t.database.db
      .select({ id: prayerRequests.id })
      .from(prayerRequests)
      .where(eq(prayerRequests.userId, dinah.id))
      .limit(1);
    const deleted = await dinah.client.call(moderationEndpoints.deletePrayerRequest, {
      params: { id: first!.id },
    });
    expect(deleted.status).toBeLessThan(300);
    expect((await rowsOf(t, dinah)).requests).toBe(2);
    const again = await shareRequest(dinah, 4);
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ message: PRAYER_LIMIT_MESSAGE });

    await posts(dinah, places, 20);
    const reflection = await t.database.db
      .select({ id: discussions.id })
      .from(discussions)
      .where(eq(discussions.userId, dinah.id))
      .limit(1);
    const removed = await dinah.client.call(moderationEndpoints.deleteDiscussion, {
      params: { id: reflection[0]!.id },
    });
    expect(removed.status).toBeLessThan(300);
    expect((await post(dinah, places, 21)).status).toBe(429);
  });

  it("lets through exactly 3 of 15 prayer requests sent at once", async () => {
    const abigail = await t.member({ firstName: "Abigail" });
    const answers = await Promise.all(Array.from({ length: 15 }, (_, n) => shareRequest(abigail, n)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12);
    expect((await rowsOf(t, abigail)).requests).toBe(3);
  });

  it("lets through exactly 20 of 25 responses and comments sent at once", async () => {
    const tamar = await t.member({ firstName: "Tamar" });
    const answers = await Promise.all(Array.from({ length: 25 }, (_, n) => post(tamar, places, n)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    const stored = await rowsOf(t, tamar);
    expect(stored.responses + stored.reflections + stored.comments).toBe(20);
  });

  it("gives back the place of a post that was not made", async () => {
    const naomi = await t.member({ firstName: "Naomi" });
    const missing = await naomi.client.call(videosEndpoints.discuss, {
      body: { videoId: 999_999, content: "Where is this video?", isReflectionPrompt: false },
    });
    expect(missing.status).toBe(404);
    await posts(naomi, places, 20);
  });
});

describe("the limits follow the settings", () => {
  let t: TestContext;
  let places: Places;

  beforeAll(async () => {
    ({ t, places } = await contextWithLimits(1, 2));
  });
  afterAll(() => t.close());

  it("refuses the 2nd prayer request and the 3rd post, saying how many she may share", async () => {
    const keturah = await t.member({ firstName: "Keturah" });
    await shareRequests(keturah, 1);
    expect((await shareRequest(keturah, 2)).body).toEqual({
      message:
        "Welcome! New members can share 1 prayer request in their first day. You can share more tomorrow.",
    });
    await posts(keturah, places, 2);
    const third = await post(keturah, places, 2);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({
      message:
        "Welcome! New members can share 2 responses and comments in their first day. You can share more tomorrow.",
    });
  });
});
