import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints } from "../../src/core/admin/endpoints";
import { articlesEndpoints } from "../../src/core/articles/endpoints";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { homeEndpoints } from "../../src/core/home/endpoints";
import { moderationEndpoints as mod } from "../../src/core/moderation/endpoints";
import type { ReportReason, ReportTargetType } from "../../src/core/moderation/schemas";
import { notificationsEndpoints } from "../../src/core/notifications/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import {
  articles,
  cultivationGroupMembers,
  cultivationGroups,
  localGroupMembers,
  localGroups,
  notifications,
  prayerMarks,
  prayerResponses,
  users,
} from "../../src/server/db/schema";
import { mailDueNotifications } from "../../src/server/features/notifications";
import {
  createTestContext,
  invalid,
  type Member,
  succeeded,
  TEST_PASSWORD,
  type TestContext,
} from "../support/app";
import { publishVideo } from "../support/content";

let t: TestContext;
let ruth: Member;
let hannah: Member;
let miriam: Member;
let leah: Member;
let admin: Member;
let videoId: number;
let articleId: number;

/**
 * Makes members trusted to hide by reporting: a confirmed address and an account older than
 * REPORT_MIN_ACCOUNT_DAYS (here: 40 days old).
 */
async function settle(context: TestContext, ...members: Member[]) {
  await context.database.db
    .update(users)
    .set({ emailVerifiedAt: sql`now()`, createdAt: sql`now() - interval '40 days'` })
    .where(
      inArray(
        users.id,
        members.map((m) => m.id),
      ),
    );
}

beforeAll(async () => {
  // Every test here hides things with the same few reporters; the daily cap has its own tests.
  t = await createTestContext({ REPORT_HIDE_THRESHOLD: "2", REPORT_HIDE_DAILY_CAP: "1000" });
  ruth = await t.member({ firstName: "Ruth", lastName: "Abrams" });
  hannah = await t.member({ firstName: "Hannah", lastName: "Levi" });
  miriam = await t.member({ firstName: "Miriam", lastName: "Stone" });
  leah = await t.member({ firstName: "Leah", lastName: "Gold" });
  admin = await t.admin();
  await settle(t, ruth, hannah, miriam, leah, admin);
  videoId = (
    await publishVideo(admin, { title: "The True Vine", description: "Abiding in the vine, from John 15." })
  ).id;
  const [article] = await t.database.db
    .insert(articles)
    .values({ guid: "moderation-article", title: "Grace in small things" })
    .returning({ id: articles.id });
  articleId = article!.id;
});
afterAll(() => t.close());

const share = async (m: Member, content = "Strength for this week.") =>
  (await succeeded(m.client.call(prayerEndpoints.share, { body: { content } }))).id;
const respond = async (m: Member, id: number, content = "Praying with you.") =>
  (
    await succeeded(
      m.client.call(prayerEndpoints.respond, { params: { id }, body: { content, isPraying: true } }),
    )
  ).id;
const reflect = async (m: Member, content = "Abide in him.") =>
  (await succeeded(m.client.call(videosEndpoints.discuss, { body: { videoId, content } }))).id;
const comment = async (m: Member, content = "Such grace.") =>
  (await succeeded(m.client.call(articlesEndpoints.discuss, { body: { articleId, content } }))).id;
const wallIds = async (m: Member) => (await succeeded(m.client.call(prayerEndpoints.wall))).map((r) => r.id);
const report = (m: Member, targetType: ReportTargetType, targetId: number, reason: ReportReason = "unkind") =>
  m.client.call(mod.report, { body: { targetType, targetId, reason } });

describe("her own words", () => {
  it("edits her own prayer request, response, reflection and comment, and each shows when it was edited", async () => {
    const request = await share(ruth, "Peace for my family.");
    const response = await respond(ruth, request, "Thank you all.");
    const reflection = await reflect(ruth, "The vine holds.");
    const note = await comment(ruth, "Lovely words.");

    const edited = await succeeded(
      ruth.client.call(mod.editPrayerRequest, {
        params: { id: request },
        body: { content: "  Peace for my home.  " },
      }),
    );
    expect(edited).toMatchObject({ id: request, content: "Peace for my home." });
    await succeeded(
      ruth.client.call(mod.editPrayerResponse, { params: { id: response }, body: { content: "Thank you." } }),
    );
    await succeeded(
      ruth.client.call(mod.editDiscussion, { params: { id: reflection }, body: { content: "He holds." } }),
    );
    await succeeded(
      ruth.client.call(mod.editArticleDiscussion, { params: { id: note }, body: { content: "Lovely." } }),
    );

    const seen = (await succeeded(hannah.client.call(prayerEndpoints.wall))).find((r) => r.id === request)!;
    expect(seen.content).toBe("Peace for my home.");
    expect(seen.editedAt).not.toBeNull();
    expect(seen.responses.find((r) => r.id === response)).toMatchObject({ content: "Thank you." });
    expect(seen.responses.find((r) => r.id === response)?.editedAt).not.toBeNull();
    const reflections = await succeeded(
      hannah.client.call(videosEndpoints.discussions, { params: { id: videoId } }),
    );
    expect(reflections.find((d) => d.id === reflection)).toMatchObject({ content: "He holds." });
    expect(reflections.find((d) => d.id === reflection)?.editedAt).not.toBeNull();
    const comments = await succeeded(
      hannah.client.call(articlesEndpoints.discussions, { query: { articleId } }),
    );
    expect(comments.find((c) => c.id === note)).toMatchObject({ content: "Lovely.", isMine: false });
    expect(comments.find((c) => c.id === note)?.editedAt).not.toBeNull();
  });

  it("shows no edit mark on what was never edited", async () => {
    const request = await share(ruth);
    const seen = (await succeeded(hannah.client.call(prayerEndpoints.wall))).find((r) => r.id === request)!;
    expect(seen.editedAt).toBeNull();
  });

  it("answers 404 to another member, and to an administrator, editing what is not theirs", async () => {
    const request = await share(ruth);
    for (const who of [hannah, admin]) {
      const res = await who.client.call(mod.editPrayerRequest, {
        params: { id: request },
        body: { content: "Mine now" },
      });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Prayer request not found");
    }
    const reflection = await reflect(ruth);
    expect(
      (await hannah.client.call(mod.editDiscussion, { params: { id: reflection }, body: { content: "x" } }))
        .status,
    ).toBe(404);
  });

  it("refuses an edit of only spaces with a message, and changes nothing", async () => {
    const request = await share(ruth, "Unchanged words.");
    const res = await ruth.client.call(mod.editPrayerRequest, {
      params: { id: request },
      body: { content: "   " },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Please write something before saving.");
    const bad = await ruth.client.call(mod.editPrayerRequest, { params: { id: request }, body: invalid({}) });
    expect(bad.status).toBe(400);
    expect(
      (await succeeded(ruth.client.call(prayerEndpoints.wall))).find((r) => r.id === request)?.content,
    ).toBe("Unchanged words.");
  });

  it("deletes her prayer request with its responses and prayers", async () => {
    const request = await share(ruth);
    await respond(hannah, request);
    await succeeded(hannah.client.call(prayerEndpoints.pray, { params: { id: request } }));
    const res = await ruth.client.call(mod.deletePrayerRequest, { params: { id: request } });
    expect(res.status).toBe(204);
    expect(await wallIds(hannah)).not.toContain(request);
    const db = t.database.db;
    expect(
      await db.select().from(prayerResponses).where(eq(prayerResponses.prayerRequestId, request)),
    ).toEqual([]);
    expect(await db.select().from(prayerMarks).where(eq(prayerMarks.prayerRequestId, request))).toEqual([]);
    expect((await ruth.client.call(mod.deletePrayerRequest, { params: { id: request } })).status).toBe(404);
  });

  it("answers 404 to another member deleting what is not hers, and keeps it", async () => {
    const request = await share(ruth);
    const response = await respond(ruth, request);
    const note = await comment(ruth);
    expect((await hannah.client.call(mod.deletePrayerRequest, { params: { id: request } })).status).toBe(404);
    expect((await hannah.client.call(mod.deletePrayerResponse, { params: { id: response } })).status).toBe(
      404,
    );
    expect((await hannah.client.call(mod.deleteArticleDiscussion, { params: { id: note } })).status).toBe(
      404,
    );
    expect(await wallIds(hannah)).toContain(request);
  });

  it("lets a member delete her own response, reflection and comment", async () => {
    const request = await share(ruth);
    const response = await respond(hannah, request);
    const reflection = await reflect(hannah);
    const note = await comment(hannah);
    expect((await hannah.client.call(mod.deletePrayerResponse, { params: { id: response } })).status).toBe(
      204,
    );
    expect((await hannah.client.call(mod.deleteDiscussion, { params: { id: reflection } })).status).toBe(204);
    expect((await hannah.client.call(mod.deleteArticleDiscussion, { params: { id: note } })).status).toBe(
      204,
    );
    const responses = await succeeded(
      ruth.client.call(prayerEndpoints.responses, { params: { id: request } }),
    );
    expect(responses.map((r) => r.id)).not.toContain(response);
  });

  it("lets an administrator delete anything, and records it in the moderation log", async () => {
    const reflection = await reflect(hannah, "Words an administrator removes.");
    expect((await admin.client.call(mod.deleteDiscussion, { params: { id: reflection } })).status).toBe(204);
    const log = await succeeded(admin.client.call(mod.adminLog));
    expect(log[0]).toMatchObject({
      action: "delete",
      targetType: "discussion",
      targetId: reflection,
      actor: { id: admin.id },
      member: { id: hannah.id, name: "Hannah Levi" },
      detail: "Words an administrator removes.",
    });
  });
});

describe("report and hide", () => {
  it("thanks the reporter and hides the item from other members once two members reported it", async () => {
    const request = await share(leah, "A request two members report.");
    const first = await report(hannah, "prayer_request", request);
    expect(first.status).toBe(202);
    expect(first.body.message).toBe("Thank you. An administrator will look at it.");
    expect(await wallIds(ruth)).toContain(request);

    expect((await report(miriam, "prayer_request", request, "spam")).status).toBe(202);
    expect(await wallIds(ruth)).not.toContain(request);
    expect(await wallIds(hannah)).not.toContain(request);
    expect((await ruth.client.call(prayerEndpoints.responses, { params: { id: request } })).status).toBe(404);
    // Its author sees it as before (she is not told), and so do the administrators.
    expect(await wallIds(leah)).toContain(request);
    expect(await wallIds(admin)).toContain(request);
  });

  it("counts one member's reports on an item once", async () => {
    const reflection = await reflect(leah, "Reported twice by one member.");
    expect((await report(hannah, "discussion", reflection)).status).toBe(202);
    expect((await report(hannah, "discussion", reflection, "other")).status).toBe(202);
    const seen = await succeeded(ruth.client.call(videosEndpoints.discussions, { params: { id: videoId } }));
    expect(seen.map((d) => d.id)).toContain(reflection);
  });

  it("hides a reported response and comment from other members", async () => {
    const request = await share(ruth);
    const response = await respond(leah, request, "A response two members report.");
    const note = await comment(leah, "A comment two members report.");
    for (const who of [hannah, miriam]) {
      await succeeded(report(who, "prayer_response", response));
      await succeeded(report(who, "article_discussion", note));
    }
    const responses = await succeeded(
      ruth.client.call(prayerEndpoints.responses, { params: { id: request } }),
    );
    expect(responses.map((r) => r.id)).not.toContain(response);
    const onWall = (await succeeded(ruth.client.call(prayerEndpoints.wall))).find((r) => r.id === request)!;
    expect(onWall.responseCount).toBe(0);
    const comments = await succeeded(
      ruth.client.call(articlesEndpoints.discussions, { query: { articleId } }),
    );
    expect(comments.map((c) => c.id)).not.toContain(note);
    const hers = await succeeded(leah.client.call(articlesEndpoints.discussions, { query: { articleId } }));
    expect(hers.map((c) => c.id)).toContain(note);
  });

  it("never hides an administrator's words by reports", async () => {
    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, miriam.id));
    try {
      const request = await share(miriam, "An administrator's request.");
      await succeeded(report(hannah, "prayer_request", request));
      await succeeded(report(ruth, "prayer_request", request));
      expect(await wallIds(leah)).toContain(request);
    } finally {
      await t.database.db.update(users).set({ role: "member" }).where(eq(users.id, miriam.id));
    }
  });

  it("refuses a report of her own words, of what she cannot see, and of nothing", async () => {
    const request = await share(ruth);
    const own = await report(ruth, "prayer_request", request);
    expect(own.status).toBe(400);
    expect(own.body.message).toBe("You cannot report what you wrote.");
    const hidden = await succeeded(
      ruth.client.call(prayerEndpoints.share, {
        body: { content: "Only for the ministry.", isPrivate: true },
      }),
    );
    expect((await report(hannah, "prayer_request", hidden.id)).status).toBe(404);
    expect((await report(hannah, "discussion", 999_999)).status).toBe(404);
    expect((await report(hannah, "user", 999_999)).status).toBe(404);
    const bad = await hannah.client.call(mod.report, {
      body: invalid({ targetType: "video", targetId: request, reason: "unkind" }),
    });
    expect(bad.status).toBe(400);
  });

  it("tells the administrators that something waits for review, once per item", async () => {
    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
    const request = await share(leah, "Waiting for review.");
    const since = await lastNotification();
    await succeeded(report(hannah, "prayer_request", request));
    await succeeded(report(ruth, "prayer_request", request));
    expect(await reviewNotes(admin, since)).toHaveLength(1);
    const items = await succeeded(admin.client.call(notificationsEndpoints.list));
    const told = items.filter((n) => n.kind === "moderation_review");
    expect(told[0]).toMatchObject({
      text: "Something members reported waits for your review",
      url: "/admin?tab=moderation",
    });
    const leahs = await succeeded(leah.client.call(notificationsEndpoints.list));
    expect(leahs.some((n) => n.kind === "moderation_review")).toBe(false);
  });

  it("counts an administrator by ADMIN_EMAILS as one: her words are never hidden, and she is told", async () => {
    // The site administrator of the tests holds the owner address, verified; her role is member.
    await t.database.db.update(users).set({ role: "member" }).where(eq(users.id, admin.id));
    try {
      const [row] = await t.database.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, admin.id));
      expect(row?.role).toBe("member");
      const own = await share(admin, "The owner's request.");
      await succeeded(report(hannah, "prayer_request", own));
      await succeeded(report(ruth, "prayer_request", own));
      expect(await wallIds(leah)).toContain(own);

      const request = await share(leah, "Waiting for the owner's review.");
      const since = await lastNotification();
      await succeeded(report(hannah, "prayer_request", request));
      await succeeded(report(ruth, "prayer_request", request));
      expect(await reviewNotes(admin, since)).toHaveLength(1);
    } finally {
      await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
    }
  });
});

/** The moderation_review notifications `m` received after the notification `after`. */
const reviewNotes = (m: Member, after: number) =>
  t.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, m.id),
        eq(notifications.kind, "moderation_review"),
        gt(notifications.id, after),
      ),
    );
/** The newest notification's id: what came after it is new. */
const lastNotification = async () =>
  (
    await t.database.db
      .select({ id: sql<number>`coalesce(max(${notifications.id}), 0)::int` })
      .from(notifications)
  )[0]!.id;

describe("reports by a group's administrators and leaders", () => {
  /**
   * A cultivation group and a local group, each with its admin or leader, one member, the author and
   * one more member, made `days` ago (30 or more: settled enough for a leader's report to weigh
   * double).
   */
  async function groups({ days = 31, others = 3 }: { days?: number; others?: number } = {}) {
    const db = t.database.db;
    const [admin, member, leader, localMember, author, extra] = await Promise.all(
      Array.from({ length: 6 }, () => t.member()),
    );
    await settle(t, admin!, member!, leader!, localMember!, author!, extra!);
    const createdAt = sql`now() - make_interval(days => ${days})`;
    // The author and `others - 1` more besides the admin or leader.
    const rest = [author!, member!, extra!].slice(0, others);
    const [group] = await db
      .insert(cultivationGroups)
      .values({
        name: "Young Mothers",
        description: "Support",
        category: "support",
        memberCount: 4,
        createdAt,
      })
      .returning({ id: cultivationGroups.id });
    await db
      .insert(cultivationGroupMembers)
      .values([
        { groupId: group!.id, userId: admin!.id, role: "admin" },
        ...rest.map((m) => ({ groupId: group!.id, userId: m.id, role: "member" as const })),
      ]);
    const [local] = await db
      .insert(localGroups)
      .values({
        name: "Tuesday Circle",
        description: "Bible study",
        meetingType: "in_person",
        location: "Austin",
        createdAt,
      })
      .returning({ id: localGroups.id });
    await db
      .insert(localGroupMembers)
      .values([
        { groupId: local!.id, userId: leader!.id, role: "leader" },
        ...[author!, localMember!, extra!]
          .slice(0, others)
          .map((m) => ({ groupId: local!.id, userId: m.id, role: "member" as const })),
      ]);
    return { admin: admin!, member: member!, leader: leader!, localMember: localMember!, author: author! };
  }

  it("hides an item at once when an administrator of its author's group reports it", async () => {
    const g = await groups();
    const request = await share(g.author, "From a group member.");
    await succeeded(report(g.admin, "prayer_request", request));
    expect(await wallIds(ruth)).not.toContain(request);
    expect(await wallIds(g.author)).toContain(request);
  });

  it("hides an item at once when a leader of its author's local group reports it", async () => {
    const g = await groups();
    const reflection = await reflect(g.author, "From a local group member.");
    await succeeded(report(g.leader, "discussion", reflection));
    const seen = await succeeded(ruth.client.call(videosEndpoints.discussions, { params: { id: videoId } }));
    expect(seen.map((d) => d.id)).not.toContain(reflection);
  });

  it("counts a report by an ordinary member, of the group or not, once", async () => {
    const g = await groups();
    for (const reporter of [g.member, g.localMember, ruth]) {
      const request = await share(g.author, "Reported once.");
      await succeeded(report(reporter, "prayer_request", request));
      expect(await wallIds(hannah)).toContain(request);
    }
    // An administrator of a group the author is not in counts once too.
    const request = await share(leah, "Not her group's.");
    await succeeded(report(g.admin, "prayer_request", request));
    expect(await wallIds(hannah)).toContain(request);
  });

  it("weighs a leader's report once while her group is new or small", async () => {
    const young = await groups({ days: 29 });
    const request = await share(young.author, "From a young group's member.");
    await succeeded(report(young.admin, "prayer_request", request));
    const reflection = await reflect(young.author, "From a young local group's member.");
    await succeeded(report(young.leader, "discussion", reflection));
    const small = await groups({ others: 2 });
    const smallRequest = await share(small.author, "From a small group's member.");
    await succeeded(report(small.admin, "prayer_request", smallRequest));
    expect(await wallIds(ruth)).toEqual(expect.arrayContaining([request, smallRequest]));
    const seen = await succeeded(ruth.client.call(videosEndpoints.discussions, { params: { id: videoId } }));
    expect(seen.map((d) => d.id)).toContain(reflection);
  });

  it("lets no new account hide a member's words by making a group and reporting as its leader", async () => {
    const settled = await groups();
    const newcomer = await t.member({ firstName: "Newcomer" });
    await t.database.db
      .update(cultivationGroupMembers)
      .set({ userId: newcomer.id })
      .where(eq(cultivationGroupMembers.userId, settled.admin.id));
    const request = await share(settled.author, "Reported by a leader a minute old.");
    await succeeded(report(newcomer, "prayer_request", request));
    expect(await wallIds(ruth)).toContain(request);
  });
});

describe("who may hide by reporting", () => {
  let strict: TestContext;
  let author: Member;
  let queueReader: Member;
  let onlooker: Member;
  beforeAll(async () => {
    // The settings as a ministry runs them.
    strict = await createTestContext({
      REPORT_HIDE_THRESHOLD: "2",
      REPORT_MIN_ACCOUNT_DAYS: "7",
      REPORT_HIDE_DAILY_CAP: "5",
    });
    author = await strict.member({ firstName: "Tirzah" });
    queueReader = await strict.admin();
    onlooker = await strict.member();
    await settle(strict, author, queueReader);
  });
  afterAll(() => strict.close());

  const shareThere = async (content: string) =>
    (await succeeded(author.client.call(prayerEndpoints.share, { body: { content } }))).id;
  const reportThere = (m: Member, id: number) =>
    m.client.call(mod.report, { body: { targetType: "prayer_request", targetId: id, reason: "spam" } });
  /** Whether another member still finds it on the wall. */
  const shownThere = async (id: number) =>
    (await onlooker.client.call(prayerEndpoints.responses, { params: { id } })).status === 200;

  it("does not let two accounts made a minute ago hide a request, and still queues their reports", async () => {
    const request = await shareThere("Two strangers report this.");
    const [unverified, verified] = [await strict.member(), await strict.member()];
    await strict.verify(verified);
    for (const stranger of [unverified, verified]) {
      const res = await reportThere(stranger, request);
      expect(res.status).toBe(202);
      expect(res.body.message).toBe("Thank you. An administrator will look at it.");
    }
    expect(await shownThere(request)).toBe(true);
    const queue = await succeeded(queueReader.client.call(mod.adminReports));
    expect(queue.find((item) => item.targetId === request)?.reports).toHaveLength(2);
  });

  it("does not count a week-old account whose address is unconfirmed, nor a confirmed one six days old", async () => {
    const request = await shareThere("Reported by members not yet trusted.");
    const [unconfirmed, young] = [await strict.member(), await strict.member()];
    await strict.database.db
      .update(users)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(users.id, unconfirmed.id));
    await strict.database.db
      .update(users)
      .set({ emailVerifiedAt: sql`now()`, createdAt: sql`now() - interval '6 days'` })
      .where(eq(users.id, young.id));
    await succeeded(reportThere(unconfirmed, request));
    await succeeded(reportThere(young, request));
    expect(await shownThere(request)).toBe(true);
  });

  it("hides a request two trusted members reported", async () => {
    const request = await shareThere("Two settled members report this.");
    const [first, second] = [await strict.member(), await strict.member()];
    await settle(strict, first, second);
    await succeeded(reportThere(first, request));
    expect(await shownThere(request)).toBe(true);
    await succeeded(reportThere(second, request));
    expect(await shownThere(request)).toBe(false);
  });

  it("lets one member's reports hide at most five items a day, and queues the rest", async () => {
    const [first, second] = [await strict.member(), await strict.member()];
    await settle(strict, first, second);
    const requests: number[] = [];
    for (let i = 0; i < 6; i++) requests.push(await shareThere(`Reported by the same two, number ${i + 1}.`));
    for (const request of requests) {
      await succeeded(reportThere(first, request));
      await succeeded(reportThere(second, request));
    }
    const shown = await Promise.all(requests.map(shownThere));
    expect(shown).toEqual([false, false, false, false, false, true]);
    const queue = await succeeded(queueReader.client.call(mod.adminReports));
    expect(queue.find((item) => item.targetId === requests[5])?.reports).toHaveLength(2);
    // A third trusted member's report still counts with her own weight.
    const third = await strict.member();
    await settle(strict, third);
    await succeeded(reportThere(third, requests[5]!));
    expect(await shownThere(requests[5]!)).toBe(true);
  });
});

describe("the administrators' queue", () => {
  it("lists reported items newest first with their reports, and restores one so all see it again", async () => {
    const request = await share(leah, "Restore me.");
    await succeeded(report(hannah, "prayer_request", request, "spam"));
    await succeeded(
      miriam.client.call(mod.report, {
        body: {
          targetType: "prayer_request",
          targetId: request,
          reason: "other",
          note: "Looks like an advert",
        },
      }),
    );
    const queue = await succeeded(admin.client.call(mod.adminReports));
    const item = queue[0]!;
    expect(item).toMatchObject({
      targetType: "prayer_request",
      targetId: request,
      content: "Restore me.",
      author: { id: leah.id, name: "Leah Gold" },
    });
    expect(item.hiddenAt).not.toBeNull();
    expect(item.reports.map((r) => [r.reporter.name, r.reason, r.note])).toEqual([
      ["Miriam Stone", "other", "Looks like an advert"],
      ["Hannah Levi", "spam", null],
    ]);

    const restored = await admin.client.call(mod.adminRestore, {
      params: { id: item.id },
      body: { reason: "Not an advert" },
    });
    expect(restored.body).toEqual({ id: item.id, status: "restored" });
    expect(await wallIds(ruth)).toContain(request);
    const after = await succeeded(admin.client.call(mod.adminReports));
    expect(after.map((i) => i.targetId)).not.toContain(request);
    const log = await succeeded(admin.client.call(mod.adminLog));
    expect(log[0]).toMatchObject({ action: "restore", targetId: request, reason: "Not an advert" });
    expect((await admin.client.call(mod.adminRestore, { params: { id: item.id } })).status).toBe(404);
  });

  it("removes a reported item for good, keeping who removed it and why in the log", async () => {
    const note = await comment(leah, "Remove me.");
    await succeeded(report(hannah, "article_discussion", note));
    const item = (await succeeded(admin.client.call(mod.adminReports))).find((i) => i.targetId === note)!;
    const removed = await succeeded(
      admin.client.call(mod.adminRemove, {
        params: { id: item.id },
        body: { reason: "  Selling something in the comments.  " },
      }),
    );
    expect(removed.status).toBe("removed");
    const hers = await succeeded(leah.client.call(articlesEndpoints.discussions, { query: { articleId } }));
    expect(hers.map((c) => c.id)).not.toContain(note);
    const log = await succeeded(admin.client.call(mod.adminLog));
    expect(log[0]).toMatchObject({
      action: "remove",
      actor: { id: admin.id },
      member: { id: leah.id },
      targetType: "article_discussion",
      targetId: note,
      reason: "Selling something in the comments.",
      detail: "Remove me.",
    });
  });

  it("refuses to remove without a reason, or with an overlong one, and removes and records nothing", async () => {
    const note = await comment(leah, "Still here.");
    await succeeded(report(hannah, "article_discussion", note));
    const item = (await succeeded(admin.client.call(mod.adminReports))).find((i) => i.targetId === note)!;
    const logBefore = await succeeded(admin.client.call(mod.adminLog));
    const refusals = [
      admin.client.call(mod.adminRemove, { params: { id: item.id }, body: invalid({}) }),
      admin.client.call(mod.adminRemove, { params: { id: item.id }, body: { reason: "   " } }),
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please say why.");
      expect(res.body.errors).toEqual({ reason: "Please say why." });
    }
    const nobody = await admin.client.call(mod.adminRemove, {
      params: { id: item.id },
      body: invalid(undefined),
    });
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toBe("The request must be a JSON object.");
    const long = await admin.client.call(mod.adminRemove, {
      params: { id: item.id },
      body: { reason: "x".repeat(501) },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("Must be at most 500 characters");
    // Still there, still reported, and the log unchanged.
    const hers = await succeeded(leah.client.call(articlesEndpoints.discussions, { query: { articleId } }));
    expect(hers.map((c) => c.id)).toContain(note);
    const queue = await succeeded(admin.client.call(mod.adminReports));
    expect(queue.map((i) => i.id)).toContain(item.id);
    expect(await succeeded(admin.client.call(mod.adminLog))).toEqual(logBefore);
    // A reason of 500 characters is enough.
    await succeeded(
      admin.client.call(mod.adminRemove, { params: { id: item.id }, body: { reason: "y".repeat(500) } }),
    );
    expect((await succeeded(admin.client.call(mod.adminLog)))[0]!.reason).toBe("y".repeat(500));
  });

  it("restores without a reason, and refuses an overlong one", async () => {
    const request = await share(leah, "Restore me quietly.");
    await succeeded(report(hannah, "prayer_request", request));
    const item = (await succeeded(admin.client.call(mod.adminReports))).find((i) => i.targetId === request)!;
    const long = await admin.client.call(mod.adminRestore, {
      params: { id: item.id },
      body: { reason: "x".repeat(501) },
    });
    expect(long.status).toBe(400);
    expect((await succeeded(admin.client.call(mod.adminReports))).map((i) => i.id)).toContain(item.id);
    await succeeded(admin.client.call(mod.adminRestore, { params: { id: item.id }, body: { reason: " " } }));
    const log = await succeeded(admin.client.call(mod.adminLog));
    expect(log[0]).toMatchObject({
      action: "restore",
      targetId: request,
      member: { id: leah.id },
      reason: null,
    });
  });

  it("lists a reported member, and refuses to remove her: she is suspended instead", async () => {
    await succeeded(report(hannah, "user", leah.id, "unkind"));
    const item = (await succeeded(admin.client.call(mod.adminReports))).find((i) => i.targetType === "user")!;
    expect(item.author).toMatchObject({ id: leah.id });
    const res = await admin.client.call(mod.adminRemove, {
      params: { id: item.id },
      body: { reason: "Unkind to others" },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("A member's profile cannot be removed; suspend her instead.");
  });

  it("keeps the queue and the log from members", async () => {
    expect((await hannah.client.call(mod.adminReports)).status).toBe(403);
    expect((await hannah.client.call(mod.adminLog)).status).toBe(403);
    expect((await t.visitor().call(mod.adminReports)).status).toBe(401);
  });

  it("cannot change the moderation log, even from inside the app's database connection", async () => {
    await expect(
      t.database.db.execute(sql`update moderation_log set reason = 'rewritten'`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from moderation_log`)).rejects.toThrow();
  });
});

describe("suspension", () => {
  it("ends her sessions at once, tells her until when at sign-in, hides her words, and lifts cleanly", async () => {
    const zipporah = await t.member({ firstName: "Zipporah", lastName: "Cole" });
    const request = await share(zipporah, "Words hidden while she is suspended.");
    const until = new Date(Date.UTC(2031, 5, 15));
    const res = await admin.client.call(mod.adminSuspend, {
      params: { id: zipporah.id },
      body: { until: until.toISOString(), reason: "Repeated unkind words" },
    });
    expect(res.body).toEqual({ id: zipporah.id, suspendedUntil: until.toISOString() });

    expect((await zipporah.client.call(prayerEndpoints.wall)).status).toBe(401);
    const signIn = await t.visitor().call(authEndpoints.login, {
      body: { email: zipporah.email, password: TEST_PASSWORD },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toBe(
      "Your account is suspended until June 15, 2031. Please contact the ministry if you have questions.",
    );
    expect(await wallIds(ruth)).not.toContain(request);
    expect(await wallIds(admin)).toContain(request);
    const log = await succeeded(admin.client.call(mod.adminLog));
    expect(log[0]).toMatchObject({
      action: "suspend",
      member: { id: zipporah.id },
      reason: "Repeated unkind words",
    });

    await succeeded(admin.client.call(mod.adminUnsuspend, { params: { id: zipporah.id } }));
    expect(await wallIds(ruth)).toContain(request);
    const again = t.visitor();
    expect(
      (await again.call(authEndpoints.login, { body: { email: zipporah.email, password: TEST_PASSWORD } }))
        .status,
    ).toBe(200);
    expect((await succeeded(admin.client.call(mod.adminLog)))[0]).toMatchObject({ action: "unsuspend" });
  });

  it("suspends for good without a date, and says so at sign-in", async () => {
    const dinah = await t.member({ firstName: "Dinah", lastName: "Reed" });
    const res = await admin.client.call(mod.adminSuspend, {
      params: { id: dinah.id },
      body: { reason: "Spam" },
    });
    expect(res.body).toEqual({ id: dinah.id, suspendedUntil: null });
    const signIn = await t
      .visitor()
      .call(authEndpoints.login, { body: { email: dinah.email, password: TEST_PASSWORD } });
    expect(signIn.body.message).toBe(
      "Your account has been suspended. Please contact the ministry if you have questions.",
    );
  });

  it("refuses to suspend an administrator, a date in the past, or without a reason", async () => {
    const [hannahSaw, ruthSaw] = [await wallIds(hannah), await wallIds(ruth)];
    const request = await share(hannah, "Wisdom for the elders.");
    expect(
      (await admin.client.call(mod.adminSuspend, { params: { id: admin.id }, body: { reason: "x" } })).status,
    ).toBe(409);
    const past = await admin.client.call(mod.adminSuspend, {
      params: { id: hannah.id },
      body: { until: "2001-01-01T00:00:00.000Z", reason: "x" },
    });
    expect(past.status).toBe(400);
    const blank = await admin.client.call(mod.adminSuspend, {
      params: { id: hannah.id },
      body: { reason: "  " },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("Please say why.");
    expect(
      (await admin.client.call(mod.adminSuspend, { params: { id: 999_999 }, body: { reason: "x" } })).status,
    ).toBe(404);
    // None of it took: she still reads the wall, and her new request heads it, for Ruth as for her.
    expect(await wallIds(hannah)).toEqual([request, ...hannahSaw]);
    expect(await wallIds(ruth)).toEqual([request, ...ruthSaw]);
  });
});

describe("the author's suspension in the queue and the members list", () => {
  const authorOf = async (targetId: number) =>
    (await succeeded(admin.client.call(mod.adminReports))).find((i) => i.targetId === targetId)?.author;
  const listed = async (id: number) =>
    (await succeeded(admin.client.call(adminEndpoints.users, { query: { limit: 100 } }))).find(
      (u) => u.id === id,
    );

  it("says whether a reported item's author is suspended, and until when, in one answer", async () => {
    const keziah = await t.member({ firstName: "Keziah", lastName: "Vale" });
    const request = await share(keziah, "Words of a member about to be suspended.");
    await succeeded(report(hannah, "prayer_request", request));
    expect(await authorOf(request)).toEqual({
      id: keziah.id,
      name: "Keziah Vale",
      suspended: false,
      suspendedUntil: null,
    });
    expect(await listed(keziah.id)).toMatchObject({ suspended: false, suspendedUntil: null });

    const until = new Date(Date.UTC(2032, 2, 1));
    await succeeded(
      admin.client.call(mod.adminSuspend, {
        params: { id: keziah.id },
        body: { until: until.toISOString(), reason: "Unkind words" },
      }),
    );
    expect(await authorOf(request)).toMatchObject({ suspended: true, suspendedUntil: until.toISOString() });
    expect(await listed(keziah.id)).toMatchObject({ suspended: true, suspendedUntil: until.toISOString() });

    await succeeded(
      admin.client.call(mod.adminSuspend, { params: { id: keziah.id }, body: { reason: "Again" } }),
    );
    expect(await authorOf(request)).toMatchObject({ suspended: true, suspendedUntil: null });
    expect(await listed(keziah.id)).toMatchObject({ suspended: true, suspendedUntil: null });

    await succeeded(admin.client.call(mod.adminUnsuspend, { params: { id: keziah.id } }));
    expect(await authorOf(request)).toMatchObject({ suspended: false, suspendedUntil: null });
    expect(await listed(keziah.id)).toMatchObject({ suspended: false, suspendedUntil: null });
  });

  it("counts a suspension that has ended as none", async () => {
    const orpah = await t.member({ firstName: "Orpah" });
    await t.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 60_000) })
      .where(eq(users.id, orpah.id));
    expect(await listed(orpah.id)).toMatchObject({ suspended: false, suspendedUntil: null });
  });
});

describe("warnings", () => {
  const warn = (who: Member, id: number, reason: string) =>
    who.client.call(mod.adminWarn, { params: { id }, body: { reason } });
  const warningsOf = async (m: Member) =>
    (await succeeded(m.client.call(notificationsEndpoints.list))).filter(
      (n) => n.kind === "moderation_warning",
    );
  /** The mail sweep, as if her notifications had waited out the delay. */
  const sweepMailFor = async (m: Member) => {
    await t.database.db
      .update(notifications)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(notifications.userId, m.id));
    await mailDueNotifications(t.database.db, t.config);
    return (await t.queuedMails(m.email)).filter((mail) => mail.text.includes("ministry's moderators"));
  };

  it("sends her a note with the reason, mailed right away, and records who warned whom and why", async () => {
    const abigail = await t.member({ firstName: "Abigail", lastName: "Marsh" });
    await t.verify(abigail);
    const res = await warn(admin, abigail.id, "  Please keep your responses kind.  ");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: abigail.id });
    expect(Number.isNaN(Date.parse(res.body.warnedAt))).toBe(false);

    const log = await succeeded(admin.client.call(mod.adminLog));
    expect(log[0]).toMatchObject({
      action: "warn",
      actor: { id: admin.id },
      member: { id: abigail.id, name: "Abigail Marsh" },
      reason: "Please keep your responses kind.",
      targetType: null,
    });
    expect(log[0]!.createdAt).toBe(res.body.warnedAt);

    const told = await warningsOf(abigail);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      text: "A note from the ministry's moderators: Please keep your responses kind.",
      url: "/profile",
      readAt: null,
    });
    const prefs = await succeeded(abigail.client.call(notificationsEndpoints.preferences));
    expect(prefs.email.moderation_warning).toBe("instant");
    const mails = await sweepMailFor(abigail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      `A note from the ministry's moderators: Please keep your responses kind.: ${t.config.publicUrl}/profile`,
    );

    // A second warning is a note of its own, even in the same words.
    await succeeded(warn(admin, abigail.id, "Please keep your responses kind."));
    expect(await warningsOf(abigail)).toHaveLength(2);
    // Nobody else is told.
    expect(await warningsOf(hannah)).toEqual([]);
    expect(await warningsOf(admin)).toEqual([]);
  });

  it("mails it as she chose", async () => {
    const jemima = await t.member({ firstName: "Jemima" });
    await t.verify(jemima);
    await succeeded(
      jemima.client.call(notificationsEndpoints.updatePreferences, {
        body: {
          email: { moderation_warning: "never" },
          digest: { frequency: "weekly", hour: 8, weekday: 0, timeZone: "UTC" },
          restOnShabbat: false,
        },
      }),
    );
    await succeeded(warn(admin, jemima.id, "Please stay on topic."));
    expect(await warningsOf(jemima)).toHaveLength(1);
    expect(await sweepMailFor(jemima)).toEqual([]);
  });

  it("is for administrators only", async () => {
    const res = await warn(hannah, leah.id, "I do not like her.");
    expect(res.status).toBe(403);
    expect(
      (await t.visitor().call(mod.adminWarn, { params: { id: leah.id }, body: { reason: "x" } })).status,
    ).toBe(401);
    expect(await warningsOf(leah)).toEqual([]);
  });

  it("refuses nobody, herself, and a missing or overlong reason, and tells no one", async () => {
    const unknown = await warn(admin, 999_999, "Be kind.");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Member not found");
    const herself = await warn(admin, admin.id, "Be kind.");
    expect(herself.status).toBe(409);
    expect(herself.body.message).toBe("You cannot warn yourself.");
    for (const reason of ["", "   "]) {
      const blank = await warn(admin, leah.id, reason);
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe("Please say why.");
    }
    const missing = await admin.client.call(mod.adminWarn, { params: { id: leah.id }, body: invalid({}) });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Please say why.");
    expect((await warn(admin, leah.id, "x".repeat(501))).status).toBe(400);
    expect(await warningsOf(leah)).toEqual([]);
    const log = await succeeded(admin.client.call(mod.adminLog));
    expect(log.filter((e) => e.action === "warn" && e.member?.id === leah.id)).toEqual([]);

    expect((await warn(admin, leah.id, "x".repeat(500))).status).toBe(200);
    expect(await warningsOf(leah)).toHaveLength(1);
  });
});

describe("blocking", () => {
  it("takes a blocked member's words out of her views, without telling him, until she unblocks", async () => {
    const request = await share(miriam, "Miriam's request.");
    const response = await respond(miriam, await share(hannah, "Hannah's own request."), "Miriam answers.");
    const reflection = await reflect(miriam, "Miriam reflects.");
    const blocked = await hannah.client.call(mod.block, { body: { userId: miriam.id } });
    expect(blocked.status).toBe(201);
    expect(blocked.body).toMatchObject({ id: miriam.id, name: "Miriam Stone" });

    expect(await wallIds(hannah)).not.toContain(request);
    expect(await wallIds(ruth)).toContain(request);
    const wall = await succeeded(hannah.client.call(prayerEndpoints.wall));
    expect(wall.flatMap((r) => r.responses.map((x) => x.id))).not.toContain(response);
    const reflections = await succeeded(
      hannah.client.call(videosEndpoints.discussions, { params: { id: videoId } }),
    );
    expect(reflections.map((d) => d.id)).not.toContain(reflection);
    expect((await succeeded(hannah.client.call(mod.blocks))).map((b) => b.id)).toEqual([miriam.id]);

    expect((await hannah.client.call(mod.unblock, { params: { userId: miriam.id } })).status).toBe(204);
    expect(await wallIds(hannah)).toContain(request);
    expect(await succeeded(hannah.client.call(mod.blocks))).toEqual([]);
  });

  it("never changes what she sees of anonymous words, so block, look and unblock cannot name their author", async () => {
    const author = await t.member({ firstName: "Abigail" });
    const anonymous = (
      await succeeded(
        author.client.call(prayerEndpoints.share, { body: { content: "Unnamed.", isAnonymous: true } }),
      )
    ).id;
    const reply = await respond(author, anonymous, "Thank you for praying.");
    const named = await respond(author, await share(ruth, "Ruth asks."), "Abigail, named.");
    const seen = async () => {
      const wall = await succeeded(hannah.client.call(prayerEndpoints.wall));
      const request = wall.find((r) => r.id === anonymous);
      const responses = await succeeded(
        hannah.client.call(prayerEndpoints.responses, { params: { id: anonymous } }),
      );
      const home = await succeeded(hannah.client.call(homeEndpoints.home));
      return {
        onWall: request !== undefined,
        responseCount: request?.responseCount,
        replies: responses.map((x) => x.id),
        onHome: home.prayerRequests.some((p) => p.id === anonymous),
        namedReply: wall.flatMap((r) => r.responses.map((x) => x.id)).includes(named),
      };
    };
    const before = await seen();
    expect(before).toEqual({
      onWall: true,
      responseCount: 1,
      replies: [reply],
      onHome: true,
      namedReply: true,
    });
    await succeeded(hannah.client.call(mod.block, { body: { userId: author.id } }));
    // Only what carries her name leaves; the anonymous request and her reply on it stay.
    expect(await seen()).toEqual({ ...before, namedReply: false });
    await hannah.client.call(mod.unblock, { params: { userId: author.id } });
  });

  it("limits blocks and unblocks like other writes", async () => {
    const limited = await createTestContext({ WRITE_RATE_LIMIT: "2" });
    try {
      const [blocker, other] = await Promise.all([limited.member(), limited.member()]);
      expect((await blocker.client.call(mod.block, { body: { userId: other.id } })).status).toBe(201);
      expect((await blocker.client.call(mod.unblock, { params: { userId: other.id } })).status).toBe(204);
      const third = await blocker.client.call(mod.block, { body: { userId: other.id } });
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({ message: expect.stringMatching(/Too many requests/) });
    } finally {
      await limited.close();
    }
  });

  it("keeps a blocked member from responding to her requests", async () => {
    const request = await share(ruth, "Ruth's request.");
    await succeeded(ruth.client.call(mod.block, { body: { userId: leah.id } }));
    const res = await leah.client.call(prayerEndpoints.respond, {
      params: { id: request },
      body: { content: "Let me in.", isPraying: false },
    });
    expect(res.status).toBe(404);
    await succeeded(ruth.client.call(mod.unblock, { params: { userId: leah.id } }));
    expect(
      (
        await leah.client.call(prayerEndpoints.respond, {
          params: { id: request },
          body: { content: "Now.", isPraying: false },
        })
      ).status,
    ).toBe(201);
  });

  it("refuses a blocked member's \"I prayed\" on her requests as if they were not there, and counts only the others' prayers", async () => {
    const request = await share(ruth, "Ruth's request for her mother.");
    await succeeded(ruth.client.call(mod.block, { body: { userId: leah.id } }));
    // Said at the same moment, so both go in one batched statement.
    const [blocked, welcome] = await Promise.all([
      leah.client.call(prayerEndpoints.pray, { params: { id: request } }),
      hannah.client.call(prayerEndpoints.pray, { params: { id: request } }),
    ]);
    expect(blocked.status).toBe(404);
    expect(blocked.body).toEqual({ message: "Prayer request not found" });
    expect(welcome.status).toBe(200);
    expect(welcome.body).toMatchObject({ id: request, prayerCount: 1, prayedByMe: true });
    const marks = await t.database.db
      .select({ userId: prayerMarks.userId })
      .from(prayerMarks)
      .where(eq(prayerMarks.prayerRequestId, request));
    expect(marks).toEqual([{ userId: hannah.id }]);
    await succeeded(ruth.client.call(mod.unblock, { params: { userId: leah.id } }));
    expect(
      await succeeded(leah.client.call(prayerEndpoints.pray, { params: { id: request } })),
    ).toMatchObject({
      prayerCount: 2,
    });
  });

  it("takes a blocked member's reply and prayer on an anonymous request, so no refusal names its author, and keeps them from the author", async () => {
    const author = await t.member({ firstName: "Jochebed" });
    const blocked = await t.member({ firstName: "Korah" });
    await succeeded(author.client.call(mod.block, { body: { userId: blocked.id } }));
    const request = (
      await succeeded(
        author.client.call(prayerEndpoints.share, {
          body: { content: "Unnamed, for my son.", isAnonymous: true },
        }),
      )
    ).id;
    const reply = await blocked.client.call(prayerEndpoints.respond, {
      params: { id: request },
      body: { content: "Praying for him.", isPraying: true },
    });
    expect(reply.status).toBe(201);
    expect((await blocked.client.call(prayerEndpoints.pray, { params: { id: request } })).status).toBe(200);
    // The author's block still keeps his words and notices from her.
    const hers = await succeeded(author.client.call(prayerEndpoints.responses, { params: { id: request } }));
    expect(hers.map((r) => r.id)).not.toContain(reply.body.id);
    const told = await succeeded(author.client.call(notificationsEndpoints.list));
    expect(told.filter((n) => n.kind === "prayer_response" || n.kind === "prayer_prayed")).toEqual([]);
  });

  it("refuses to block herself or nobody, and blocks once however often she asks", async () => {
    expect((await ruth.client.call(mod.block, { body: { userId: ruth.id } })).status).toBe(400);
    expect((await ruth.client.call(mod.block, { body: { userId: 999_999 } })).status).toBe(404);
    await succeeded(ruth.client.call(mod.block, { body: { userId: miriam.id } }));
    await succeeded(ruth.client.call(mod.block, { body: { userId: miriam.id } }));
    expect(await succeeded(ruth.client.call(mod.blocks))).toHaveLength(1);
  });
});
