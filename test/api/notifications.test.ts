import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlesEndpoints } from "../../src/core/articles/endpoints";
import { discipleshipEndpoints } from "../../src/core/discipleship/endpoints";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { notificationsEndpoints as api } from "../../src/core/notifications/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { fanOut } from "../../src/server/features/notifications";
import { startWorker } from "../../src/server/jobs/worker";
import { createTestContext, invalid, type Member, type TestContext } from "../support/app";
import { publishVideo, startGroup } from "../support/content";

let t: TestContext;
let feed: http.Server;
let admin: Member;

const FEED = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Grace Notes</title>
  <link>https://grace.substack.com</link>
  <item><title>Sabbath rest for weary mothers</title><link>https://grace.substack.com/p/rest</link><guid>rest</guid></item>
  <item><title>The feasts in the kitchen</title><link>https://grace.substack.com/p/feasts</link><guid>feasts</guid></item>
</channel></rss>`;

let worker: Awaited<ReturnType<typeof startWorker>>;
beforeAll(async () => {
  feed = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/rss+xml" });
    res.end(FEED);
  });
  await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
  const { port } = feed.address() as AddressInfo;
  t = await createTestContext({ NEWSLETTER_FEED_URL: `http://127.0.0.1:${port}/feed` });
  // Her confirmation link is read off the queue, so the worker starts once she has followed it.
  admin = await t.admin();
  worker = await startWorker(t.app);
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await new Promise((resolve) => feed.close(resolve));
});

const inbox = async (m: Member) => {
  const res = await m.client.call(api.list);
  expect(res.status).toBe(200);
  return res.body;
};
const unread = async (m: Member) => (await m.client.call(api.unreadCount)).body.count;
const share = async (m: Member, content = "Strength for a hard week at work.") => {
  const res = await m.client.call(prayerEndpoints.share, { body: { content } });
  expect(res.status).toBe(201);
  return res.body.id;
};
const pray = (m: Member, id: number) => m.client.call(prayerEndpoints.pray, { params: { id } });

describe("someone prayed for her request", () => {
  it("tells the author in one notification that counts who prayed and names the latest", async () => {
    const author = await t.member({ firstName: "Ruth" });
    const [esther, leah, dinah] = [
      await t.member({ firstName: "Esther" }),
      await t.member({ firstName: "Leah" }),
      await t.member({ firstName: "Dinah" }),
    ];
    const id = await share(author);
    expect((await pray(esther, id)).status).toBe(200);
    await pray(leah, id);
    // "I'm praying for you" is a prayer too.
    await dinah.client.call(prayerEndpoints.respond, {
      params: { id },
      body: { content: "Praying with you, sister.", isPraying: true },
    });

    const list = await inbox(author);
    const prayed = list.filter((n) => n.kind === "prayer_prayed");
    expect(prayed).toHaveLength(1);
    expect(prayed[0]).toMatchObject({
      text: "Dinah and 2 others prayed for your request",
      // The wall, opened at her request.
      url: `/community#prayer-${id}`,
      readAt: null,
    });
    expect(list.map((n) => n.text)).toContain("Dinah responded to your prayer request");
    expect(await unread(author)).toBe(2);
    for (const m of [esther, leah, dinah]) expect(await inbox(m)).toEqual([]);
  });

  it("counts a second prayer once and brings a read notification back when another prays", async () => {
    const author = await t.member();
    const esther = await t.member({ firstName: "Esther" });
    const leah = await t.member({ firstName: "Leah" });
    const id = await share(author);
    await pray(esther, id);
    await pray(esther, id);
    expect((await inbox(author))[0]?.text).toBe("Esther prayed for your request");

    await author.client.call(api.markRead, { body: {} });
    expect(await unread(author)).toBe(0);
    await pray(leah, id);
    const list = await inbox(author);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ text: "Leah and 1 other prayed for your request", readAt: null });
    expect(await unread(author)).toBe(1);
  });

  it("never tells her of her own prayer or her own response", async () => {
    const author = await t.member();
    const id = await share(author);
    await pray(author, id);
    await author.client.call(prayerEndpoints.respond, {
      params: { id },
      body: { content: "Thank you all.", isPraying: true },
    });
    expect(await inbox(author)).toEqual([]);
  });

  it("is written by the app with the prayer, as every notice is: no database trigger writes notifications", async () => {
    const { rows } = await t.database.db.execute<{ trigger: string }>(sql`select t.tgname as trigger
      from pg_trigger t join pg_proc f on f.oid = t.tgfoid
      where not t.tgisinternal and f.prosrc ~* 'insert\\s+into\\s+notifications'`);
    expect(rows).toEqual([]);
  });

  it("tells nobody when a member cannot see the private request she tries to pray for", async () => {
    const author = await t.member();
    const other = await t.member();
    const res = await author.client.call(prayerEndpoints.share, {
      body: { content: "Something only the ministry should know.", isPrivate: true },
    });
    expect((await pray(other, res.body.id)).status).toBe(404);
    expect(await inbox(author)).toEqual([]);
  });
});

describe("a request she prayed for was answered", () => {
  it("tells each who prayed, once, and not the author or those who did not pray", async () => {
    const author = await t.member();
    const prayed = await t.member();
    const bystander = await t.member();
    const id = await share(author);
    await pray(prayed, id);
    await author.client.call(api.markRead, { body: {} });

    const answered = () =>
      author.client.call(prayerEndpoints.markAnswered, {
        params: { id },
        body: { praiseNote: "She is well!" },
      });
    expect((await answered()).status).toBe(200);
    expect((await answered()).status).toBe(200);

    const list = await inbox(prayed);
    expect(list).toEqual([
      expect.objectContaining({
        kind: "prayer_answered",
        text: "A request you prayed for was answered. Read the praise report",
        url: `/community#prayer-${id}`,
      }),
    ]);
    expect(await inbox(bystander)).toEqual([]);
    expect(await unread(author)).toBe(0);
  });
});

describe("group join requests", () => {
  const createGroup = async (owner: Member) => (await startGroup(owner)).id;
  const requestsOf = async (owner: Member, id: number) =>
    (await owner.client.call(groupsEndpoints.requests, { params: { id } })).body;

  it("tells the group's admins who asked, and the member what they decided", async () => {
    const owner = await t.member({ firstName: "Naomi" });
    const seeker = await t.member({ firstName: "Abigail" });
    const groupId = await createGroup(owner);
    await seeker.client.call(groupsEndpoints.join, {
      params: { id: groupId },
      body: { requestMessage: "Hello!" },
    });
    // Asking again while the request waits changes nothing.
    await seeker.client.call(groupsEndpoints.join, { params: { id: groupId }, body: {} });

    expect(await inbox(owner)).toEqual([
      expect.objectContaining({
        kind: "group_join_requested",
        text: "Abigail asked to join Daughters of Zion",
        url: `/cultivation-groups/${groupId}`,
      }),
    ]);
    expect(await inbox(seeker)).toEqual([]);

    const [request] = await requestsOf(owner, groupId);
    const approve = () =>
      owner.client.call(groupsEndpoints.approveRequest, { params: { id: groupId, requestId: request!.id } });
    expect((await approve()).status).toBe(200);
    expect((await approve()).status).toBe(200);
    expect(await inbox(seeker)).toEqual([
      expect.objectContaining({
        kind: "group_join_approved",
        text: "Welcome! Your request to join Daughters of Zion was approved",
        url: `/cultivation-groups/${groupId}`,
      }),
    ]);
    expect((await inbox(owner)).map((n) => n.kind)).toEqual(["group_join_requested"]);
  });

  it("tells her when she was declined, and no longer tells an admin who stepped back", async () => {
    const owner = await t.member();
    const helper = await t.member();
    const member = await t.member();
    const seeker = await t.member({ firstName: "Tamar" });
    const groupId = await createGroup(owner);
    for (const m of [helper, member]) {
      await m.client.call(groupsEndpoints.join, { params: { id: groupId }, body: {} });
      const request = (await requestsOf(owner, groupId))[0]!;
      await owner.client.call(groupsEndpoints.approveRequest, {
        params: { id: groupId, requestId: request.id },
      });
    }
    const setRole = (role: "admin" | "member") =>
      owner.client.call(groupsEndpoints.setMemberRole, {
        params: { id: groupId, userId: helper.id },
        body: { role },
      });
    await setRole("admin");
    await setRole("member");
    await owner.client.call(api.markRead, { body: {} });

    await seeker.client.call(groupsEndpoints.join, { params: { id: groupId }, body: {} });
    expect(await unread(owner)).toBe(1);
    const joinRequests = async (m: Member) =>
      (await inbox(m)).filter((n) => n.kind === "group_join_requested");
    expect(await joinRequests(helper)).toEqual([]);
    expect(await joinRequests(member)).toEqual([]);

    const request = (await requestsOf(owner, groupId))[0]!;
    await owner.client.call(groupsEndpoints.declineRequest, {
      params: { id: groupId, requestId: request.id },
    });
    expect(await inbox(seeker)).toEqual([
      expect.objectContaining({
        kind: "group_join_declined",
        text: "Your request to join Daughters of Zion was declined",
        url: "/cultivation-groups",
      }),
    ]);
  });
});

describe("discipleship", () => {
  it("tells the other of the two of a match, an acceptance and a completion, never the one who acted", async () => {
    const focus = `prophecy-${Date.now()}`;
    const mentee = await t.member({ firstName: "Ruth" });
    const mentor = await t.member({ firstName: "Deborah" });
    await mentee.client.call(discipleshipEndpoints.submit, {
      body: { experienceLevel: "growing", focusAreas: [focus] },
    });
    const matched = await mentor.client.call(discipleshipEndpoints.submit, {
      body: { experienceLevel: "teacher", focusAreas: [focus] },
    });
    expect(matched.body.matched).toBe(true);
    const connectionId = matched.body.id;

    expect((await inbox(mentee)).map((n) => n.text)).toEqual(["A mentor was matched with your request"]);
    expect(await inbox(mentor)).toEqual([]);

    await mentor.client.call(discipleshipEndpoints.accept, { params: { id: connectionId } });
    expect((await inbox(mentee))[0]).toMatchObject({
      kind: "discipleship_accepted",
      text: "Deborah accepted your mentoring connection",
      url: "/discipleship",
    });
    await mentee.client.call(discipleshipEndpoints.complete, { params: { id: connectionId } });
    expect((await inbox(mentor)).map((n) => n.text)).toEqual([
      "Ruth marked your mentoring connection completed",
    ]);
    expect(await unread(mentee)).toBe(2);
  });

  it("tells a waiting mentor she was matched when a mentee's request arrives", async () => {
    const focus = `hospitality-${Date.now()}`;
    const mentor = await t.member();
    const mentee = await t.member();
    await mentor.client.call(discipleshipEndpoints.submit, {
      body: { experienceLevel: "leader", focusAreas: [focus] },
    });
    await mentee.client.call(discipleshipEndpoints.submit, {
      body: { experienceLevel: "new", focusAreas: [focus] },
    });
    expect((await inbox(mentor)).map((n) => n.kind)).toEqual(["discipleship_mentee_matched"]);
    expect(await inbox(mentee)).toEqual([]);
  });
});

describe("new content", () => {
  it("tells every member of a new teaching, but not the administrator who published it", async () => {
    const members = [await t.member(), await t.member()];
    const video = await publishVideo(admin);
    const expected = expect.objectContaining({
      kind: "video_published",
      text: "New teaching: The Good Shepherd",
      url: `/video/${video.id}`,
    });
    for (const m of members) {
      await expect.poll(() => inbox(m)).toEqual(expect.arrayContaining([expected]));
    }
    expect((await inbox(admin)).map((n) => n.kind)).not.toContain("video_published");
  });

  it("tells every member once of the articles one sync brought, however often the fan-out runs", async () => {
    const member = await t.member();
    const res = await admin.client.call(articlesEndpoints.adminSync);
    expect(res.body.added).toBe(2);
    const arrived = async () => (await inbox(member)).filter((n) => n.kind === "articles_arrived");
    await expect.poll(arrived).toHaveLength(1);
    expect((await arrived())[0]).toMatchObject({ text: "2 new articles to read", url: "/articles" });

    // A job run again (a retry after a lost acknowledgement, another instance) writes nothing twice.
    const { rows } = await t.database.pool.query<{ dedupe_key: string; subject_id: number }>(
      "select dedupe_key, subject_id from notifications where kind = 'articles_arrived' limit 1",
    );
    await fanOut(t.database.db, {
      kind: "articles_arrived",
      actorId: admin.id,
      subjectId: rows[0]!.subject_id,
      dedupeKey: rows[0]!.dedupe_key,
      actorCount: 2,
    });
    expect(await arrived()).toHaveLength(1);
  });
});

describe("a member she has blocked", () => {
  it("tells her nothing of what that member does: no prayer, no request to join her group", async () => {
    const author = await t.member({ firstName: "Ruth" });
    const blocked = await t.member({ firstName: "Jezebel" });
    const friend = await t.member({ firstName: "Esther" });
    const res = await author.client.call(moderationEndpoints.block, { body: { userId: blocked.id } });
    expect(res.status).toBe(201);

    const id = await share(author);
    await pray(blocked, id);
    const group = await author.client.call(groupsEndpoints.create, {
      body: { name: "Women of Valor", description: "Proverbs 31, a verse a week.", category: "study" },
    });
    await blocked.client.call(groupsEndpoints.join, { params: { id: group.body.id }, body: {} });
    expect(await inbox(author)).toEqual([]);

    // Others are still heard, and gathered without the blocked member's prayer.
    await pray(friend, id);
    expect((await inbox(author)).map((n) => n.text)).toEqual(["Esther prayed for your request"]);
  });
});

describe("her list, her count, and reading", () => {
  async function memberWithThree() {
    const author = await t.member();
    const ids = [await share(author, "One"), await share(author, "Two"), await share(author, "Three")];
    const friend = await t.member();
    for (const id of ids) await pray(friend, id);
    return author;
  }

  it("pages newest first with limit and before", async () => {
    const author = await memberWithThree();
    const all = await inbox(author);
    expect(all).toHaveLength(3);
    expect(all.map((n) => n.id)).toEqual([...all.map((n) => n.id)].sort((a, b) => b - a));
    const first = await author.client.call(api.list, { query: { limit: 2 } });
    expect(first.body.map((n) => n.id)).toEqual(all.slice(0, 2).map((n) => n.id));
    const next = await author.client.call(api.list, { query: { limit: 2, before: first.body[1]!.id } });
    expect(next.body.map((n) => n.id)).toEqual([all[2]!.id]);
    expect((await author.client.call(api.list, { query: { limit: invalid(0) } })).status).toBe(400);
  });

  it("marks the chosen ones read, then all; another member's ids change nothing", async () => {
    const author = await memberWithThree();
    const stranger = await memberWithThree();
    const [first] = await inbox(author);
    expect(await unread(author)).toBe(3);

    const one = await author.client.call(api.markRead, { body: { ids: [first!.id] } });
    expect(one.body).toEqual({ count: 1 });
    expect(await unread(author)).toBe(2);
    expect((await inbox(author))[0]!.readAt).not.toBeNull();

    const theirs = await stranger.client.call(api.markRead, { body: { ids: [first!.id] } });
    expect(theirs.body).toEqual({ count: 0 });

    expect((await author.client.call(api.markRead, { body: {} })).body).toEqual({ count: 2 });
    expect(await unread(author)).toBe(0);
    expect(await unread(stranger)).toBe(3);
  });

  it("keeps her count between asks, and changes it as soon as a notification is written or read elsewhere", async () => {
    const author = await memberWithThree();
    expect(await unread(author)).toBe(3);
    // Written and read by another instance, or the worker: only the database's notice tells this one.
    await t.database.pool.query(
      `insert into notifications (user_id, kind, subject_id, dedupe_key) values ($1, 'video_published', 1, 'elsewhere')`,
      [author.id],
    );
    expect(await unread(author)).toBe(4);
    await t.database.pool.query("update notifications set read_at = now() where user_id = $1", [author.id]);
    expect(await unread(author)).toBe(0);
    await t.database.pool.query("delete from notifications where user_id = $1", [author.id]);
    await t.database.pool.query(
      `insert into notifications (user_id, kind, subject_id, dedupe_key) values ($1, 'video_published', 2, 'again')`,
      [author.id],
    );
    expect(await unread(author)).toBe(1);
  });

  it("refuses ids that are not ids, and more than 100 at once", async () => {
    const m = await t.member();
    const bad = await m.client.call(api.markRead, { body: { ids: invalid(["x"]) } });
    expect(bad.status).toBe(400);
    const many = await m.client.call(api.markRead, {
      body: { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
    });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe("Choose at most 100 notifications at a time");
  });

  it("answers 401 to a visitor on every route", async () => {
    const v = t.visitor();
    expect((await v.call(api.list)).status).toBe(401);
    expect((await v.call(api.unreadCount)).status).toBe(401);
    expect((await v.call(api.markRead, { body: {} })).status).toBe(401);
    expect((await v.call(api.preferences)).status).toBe(401);
  });
});

describe("preferences", () => {
  const valid = {
    email: { prayer_prayed: "digest", video_published: "never" },
    digest: { frequency: "daily", hour: 19, weekday: 5, timeZone: "America/Chicago" },
    restOnShabbat: true,
  } as const;

  it("starts from the defaults: her own requests and decisions right away, new content in the digest", async () => {
    const m = await t.member();
    const res = await m.client.call(api.preferences);
    expect(res.body).toEqual({
      email: expect.objectContaining({
        prayer_prayed: "instant",
        prayer_response: "instant",
        group_join_approved: "instant",
        discipleship_mentor_matched: "instant",
        video_published: "digest",
        articles_arrived: "digest",
      }),
      digest: { frequency: "weekly", hour: 8, weekday: 0, timeZone: "UTC" },
      restOnShabbat: false,
      // No city in UTC: her rest keeps the clock hours until she chooses one.
      restCity: null,
      feastDays: null,
      restPlace: { city: null, feastDays: "diaspora" },
    });
  });

  it("keeps her city for Shabbat times in the list's spelling, and the feast days she keeps", async () => {
    const m = await t.member();
    const zoneOnly = await m.client.call(api.updatePreferences, { body: valid });
    // Until she chooses: her time zone's city, and its feast days.
    expect(zoneOnly.body).toMatchObject({
      restCity: null,
      restPlace: { city: "Chicago", feastDays: "diaspora" },
    });
    const chosen = await m.client.call(api.updatePreferences, {
      body: { ...valid, restCity: "jerusalem", feastDays: null },
    });
    expect(chosen.body).toMatchObject({
      restCity: "Jerusalem",
      feastDays: null,
      restPlace: { city: "Jerusalem", feastDays: "israel" },
    });
    // Left out, they stay as they are.
    const kept = await m.client.call(api.updatePreferences, { body: { ...valid, feastDays: "diaspora" } });
    expect(kept.body).toMatchObject({
      restCity: "Jerusalem",
      restPlace: { city: "Jerusalem", feastDays: "diaspora" },
    });
    const unknown = await m.client.call(api.updatePreferences, { body: { ...valid, restCity: "Atlantis" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Choose a city from the list");
  });

  it("keeps what she chose and the defaults for the kinds she left out", async () => {
    const m = await t.member();
    const saved = await m.client.call(api.updatePreferences, { body: valid });
    expect(saved.status).toBe(200);
    const read = (await m.client.call(api.preferences)).body;
    expect(read).toEqual(saved.body);
    expect(read.email).toMatchObject({
      prayer_prayed: "digest",
      video_published: "never",
      prayer_response: "instant",
    });
    expect(read.digest).toEqual(valid.digest);
    expect(read.restOnShabbat).toBe(true);
  });

  it("keeps her time zone in its usual spelling", async () => {
    const m = await t.member();
    const res = await m.client.call(api.updatePreferences, {
      body: { ...valid, digest: { ...valid.digest, timeZone: "america/chicago" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.digest.timeZone).toBe("America/Chicago");
  });

  it("refuses unknown kinds, choices, hours and zones with a message, changing nothing", async () => {
    const m = await t.member();
    const cases: Array<[unknown, string | undefined]> = [
      [{ ...valid, email: { birthday: "instant" } }, undefined],
      [{ ...valid, email: { prayer_prayed: "hourly" } }, undefined],
      [{ ...valid, digest: { ...valid.digest, hour: 24 } }, "Choose an hour from 0 to 23"],
      [{ ...valid, digest: { ...valid.digest, weekday: 7 } }, "Choose a day of the week"],
      [{ ...valid, digest: { ...valid.digest, timeZone: "Mars/Olympus" } }, "Unknown time zone"],
      [{ ...valid, digest: { ...valid.digest, timeZone: "" } }, "Unknown time zone"],
      [{ ...valid, restOnShabbat: "yes" }, undefined],
    ];
    for (const [body, message] of cases) {
      const res = await m.client.call(api.updatePreferences, { body: invalid(body) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.message).toBe(message);
    }
    expect((await m.client.call(api.preferences)).body.restOnShabbat).toBe(false);
  });
});

describe("telling every member", () => {
  it("writes one notification for each of 12,000 members in bounded batches, and nothing twice when run again or on two workers at once", async () => {
    await t.database.pool.query(
      `insert into users (email, first_name)
       select 'crowd' || i || '@example.test', 'Crowd' from generate_series(1, 12000) i`,
    );
    const event = {
      kind: "video_published" as const,
      actorId: admin.id,
      subjectId: 424242,
      title: "For everyone",
    };
    const count = async () =>
      (
        await t.database.pool.query<{ n: number }>(
          "select count(*)::int as n from notifications where kind = 'video_published' and subject_id = 424242",
        )
      ).rows[0]!.n;
    const members = (await t.database.pool.query<{ n: number }>("select count(*)::int as n from users"))
      .rows[0]!.n;

    await fanOut(t.database.db, event);
    expect(await count()).toBe(members - 1);
    await fanOut(t.database.db, event);
    expect(await count()).toBe(members - 1);
    // Two instances' workers running the same fan-out at once, as after a retry elsewhere.
    const again = { ...event, subjectId: 424243 };
    await Promise.all([fanOut(t.database.db, again), fanOut(t.database.db, again)]);
    const told = await t.database.pool.query<{ n: number; members: number }>(
      `select count(*)::int as n, count(distinct user_id)::int as members
       from notifications where kind = 'video_published' and subject_id = 424243`,
    );
    expect(told.rows[0]).toEqual({ n: members - 1, members: members - 1 });
  });
});
