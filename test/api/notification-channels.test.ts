import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlesEndpoints } from "../../src/core/articles/endpoints";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { discipleshipEndpoints } from "../../src/core/discipleship/endpoints";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { notificationsEndpoints as api } from "../../src/core/notifications/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { sendDigests } from "../../src/server/features/notifications";
import { type Member, TEST_ADMIN_EMAIL, type TestContext } from "../support/app";
import { publishVideo, startGroup } from "../support/content";
import { queueDrained } from "../support/jobs";
import { closeMailTestContext, createMailTestContext } from "../support/mail-context";
import { linkIn, type Mailbox, type ReceivedMail, tokenOf } from "../support/mailbox";
import {
  everyNotificationHanded,
  pray,
  pushSettingsFor,
  share,
  subscribedDevice,
} from "../support/push-devices";
import { type DeviceSubscription, type PushReceiver, startPushReceiver } from "../support/push-receiver";

// Mail and push for `prayer_prayed` and `prayer_response` are tested in notification-mail,
// notification-digest and push; this file takes every other kind a member's own doings bring her
// (and the new content every member hears of) through the channels her preferences choose.

const FEED = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Grace Notes</title>
  <link>https://grace.substack.com</link>
  <item><title>Sabbath rest for weary mothers</title><link>https://grace.substack.com/p/rest</link><guid>rest</guid></item>
  <item><title>The feasts in the kitchen</title><link>https://grace.substack.com/p/feasts</link><guid>feasts</guid></item>
</channel></rss>`;

let mailbox: Mailbox;
let receiver: PushReceiver;
let feed: http.Server;
let t: TestContext;

beforeAll(async () => {
  receiver = await startPushReceiver();
  feed = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/rss+xml" });
    res.end(FEED);
  });
  await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
  const { port } = feed.address() as AddressInfo;
  ({ t, mailbox } = await createMailTestContext({
    EMAIL_NOTIFICATION_DELAY: "1",
    ...pushSettingsFor(receiver),
    NEWSLETTER_FEED_URL: `http://127.0.0.1:${port}/feed`,
  }));
});
afterAll(async () => {
  await closeMailTestContext({ t, mailbox });
  await receiver?.stop();
  await new Promise((resolve) => feed?.close(resolve));
});

/** She follows the link in her verification mail: from now on her notifications may be mailed. */
async function proveAddress(m: Member) {
  const link = linkIn((await mailbox.next(m.email)).text, "verify-email");
  const res = await m.client.call(authEndpoints.verifyEmail, { body: { token: tokenOf(link) } });
  expect(res.status).toBe(200);
}

const headerOf = (mail: ReceivedMail, name: string) =>
  mail.parsed.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, "");

const bell = async (m: Member) => {
  const res = await m.client.call(api.list);
  expect(res.status).toBe(200);
  return res.body.map((n) => n.text);
};

const createGroup = async (owner: Member, name: string) => (await startGroup(owner, { name })).id;
async function askToJoin(m: Member, groupId: number) {
  const res = await m.client.call(groupsEndpoints.join, {
    params: { id: groupId },
    body: { requestMessage: "May I come?" },
  });
  expect(res.body).toEqual({ status: "pending" });
}
/** The group's admin approves or declines the request waiting in her group. */
async function decide(owner: Member, groupId: number, decision: "approve" | "decline") {
  const [request] = (await owner.client.call(groupsEndpoints.requests, { params: { id: groupId } })).body;
  const params = { id: groupId, requestId: request!.id };
  const res =
    decision === "approve"
      ? await owner.client.call(groupsEndpoints.approveRequest, { params })
      : await owner.client.call(groupsEndpoints.declineRequest, { params });
  expect(res.status).toBe(200);
}

let areas = 0;
/** A focus area no other test's waiting request or offer shares, so matches happen only where meant. */
const freshFocus = () => `psalms-${++areas}-${Date.now()}`;
/** Asks for a mentor ("growing") or offers to mentor ("teacher") in this focus area. */
async function submit(m: Member, level: "growing" | "teacher", focus: string) {
  const res = await m.client.call(discipleshipEndpoints.submit, {
    body: { experienceLevel: level, focusAreas: [focus] },
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** Makes her ready for the channel under test: her address proved, or her device subscribed. */
type Ready = (her: Member) => Promise<void>;

/** What she is told, and where its link takes her on the site. */
interface Told {
  her: Member;
  text: string;
  path: string;
}

interface Scene {
  /** Who is told ("a group's admin") … */
  who: string;
  /** … and of what ("someone asked to join"). */
  what: string;
  /**
   * Makes it happen. `ready` is called before the event she is told of; what happened to her
   * before (a match before an acceptance) she has read on the site by then.
   */
  happen(ready: Ready): Promise<Told>;
}

/** She has read on the site what the steps so far told her; then she gets ready for what comes next. */
async function readSoFarThen(her: Member, ready: Ready) {
  expect((await her.client.call(api.markRead, { body: {} })).status).toBe(200);
  await ready(her);
}

/** Every kind she hears of "right away" by default, besides prayers for and responses to her requests. */
const SCENES: Scene[] = [
  {
    who: "a member who prayed",
    what: "the request she prayed for was answered",
    async happen(ready) {
      const her = await t.member({ firstName: "Hannah" });
      await ready(her);
      const author = await t.member({ firstName: "Ruth" });
      const id = await share(author, "Healing for my sister.");
      await pray(her, id);
      const res = await author.client.call(prayerEndpoints.markAnswered, {
        params: { id },
        body: { praiseNote: "She is home and well!" },
      });
      expect(res.status).toBe(200);
      return {
        her,
        text: "A request you prayed for was answered. Read the praise report",
        path: `/community#prayer-${id}`,
      };
    },
  },
  {
    who: "a group's admin",
    what: "someone asked to join",
    async happen(ready) {
      const her = await t.member({ firstName: "Naomi" });
      await ready(her);
      const groupId = await createGroup(her, "Daughters of Zion");
      await askToJoin(await t.member({ firstName: "Abigail" }), groupId);
      return { her, text: "Abigail asked to join Daughters of Zion", path: `/cultivation-groups/${groupId}` };
    },
  },
  {
    who: "a member who asked to join a group",
    what: "she was welcomed in",
    async happen(ready) {
      const her = await t.member({ firstName: "Lydia" });
      await ready(her);
      const owner = await t.member({ firstName: "Priscilla" });
      const groupId = await createGroup(owner, "Women of Valor");
      await askToJoin(her, groupId);
      await decide(owner, groupId, "approve");
      return {
        her,
        text: "Welcome! Your request to join Women of Valor was approved",
        path: `/cultivation-groups/${groupId}`,
      };
    },
  },
  {
    who: "a member who asked to join a group",
    what: "she was declined",
    async happen(ready) {
      const her = await t.member({ firstName: "Dinah" });
      await ready(her);
      const owner = await t.member({ firstName: "Miriam" });
      const groupId = await createGroup(owner, "Feasts of the Lord");
      await askToJoin(her, groupId);
      await decide(owner, groupId, "decline");
      return {
        her,
        text: "Your request to join Feasts of the Lord was declined",
        path: "/cultivation-groups",
      };
    },
  },
  {
    who: "a member who asked for a mentor",
    what: "a mentor was matched with her request",
    async happen(ready) {
      const focus = freshFocus();
      const her = await t.member({ firstName: "Ruth" });
      await ready(her);
      await submit(her, "growing", focus);
      expect((await submit(await t.member({ firstName: "Deborah" }), "teacher", focus)).matched).toBe(true);
      return { her, text: "A mentor was matched with your request", path: "/discipleship" };
    },
  },
  {
    who: "a member who offered to mentor",
    what: "a mentee was matched with her offer",
    async happen(ready) {
      const focus = freshFocus();
      const her = await t.member({ firstName: "Deborah" });
      await ready(her);
      await submit(her, "teacher", focus);
      expect((await submit(await t.member({ firstName: "Ruth" }), "growing", focus)).matched).toBe(true);
      return {
        her,
        text: "A mentee was matched with your offer to mentor. Please accept or decline",
        path: "/discipleship",
      };
    },
  },
  {
    who: "a mentee",
    what: "her mentor accepted their connection",
    async happen(ready) {
      const focus = freshFocus();
      const her = await t.member({ firstName: "Esther" });
      const mentor = await t.member({ firstName: "Huldah" });
      await submit(her, "growing", focus);
      const { id } = await submit(mentor, "teacher", focus);
      await readSoFarThen(her, ready);
      const res = await mentor.client.call(discipleshipEndpoints.accept, { params: { id } });
      expect(res.status).toBe(200);
      return { her, text: "Huldah accepted your mentoring connection", path: "/discipleship" };
    },
  },
  {
    who: "a mentor",
    what: "her mentee marked their connection completed",
    async happen(ready) {
      const focus = freshFocus();
      const her = await t.member({ firstName: "Anna" });
      const mentee = await t.member({ firstName: "Tabitha" });
      await submit(her, "teacher", focus);
      const { id } = await submit(mentee, "growing", focus);
      expect((await her.client.call(discipleshipEndpoints.accept, { params: { id } })).status).toBe(200);
      await readSoFarThen(her, ready);
      const res = await mentee.client.call(discipleshipEndpoints.complete, { params: { id } });
      expect(res.status).toBe(200);
      return { her, text: "Tabitha marked your mentoring connection completed", path: "/discipleship" };
    },
  },
];

describe("mail she gets right away by default", () => {
  for (const scene of SCENES) {
    it(`tells ${scene.who} by e-mail that ${scene.what}`, async () => {
      const { her, text, path } = await scene.happen(proveAddress);

      const mail = await mailbox.next(her.email);
      expect(mail.subject).toBe(text);
      expect(mail.text).toContain(`${text}: ${t.config.publicUrl}${path}`);
      expect(mail.html).toContain(text);
      expect(headerOf(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      const unsubscribe = headerOf(mail, "list-unsubscribe")?.replace(/^<|>$/g, "");
      expect(unsubscribe).toMatch(
        new RegExp(`^${t.config.publicUrl}/api/notifications/unsubscribe\\?token=`),
      );
      expect(mail.text).toContain(unsubscribe);
      // Her verification mail, and this one: once.
      await queueDrained(t);
      expect(mailbox.to(her.email)).toHaveLength(2);
    });
  }
});

describe("a push to her device", () => {
  for (const scene of SCENES) {
    it(`tells ${scene.who} on her device that ${scene.what}`, async () => {
      const devices = new Map<number, DeviceSubscription>();
      const { her, text, path } = await scene.happen(async (m) => {
        devices.set(m.id, await subscribedDevice(receiver, m));
      });
      const device = devices.get(her.id)!;

      const [push] = await receiver.waitFor(device.endpoint);
      expect(push!.message).toEqual({
        title: "Mishpacha",
        body: text,
        url: `${t.config.publicUrl}${path}`,
        tag: expect.stringMatching(/^notification-\d+$/),
      });
      await everyNotificationHanded(t);
      await queueDrained(t);
      expect(receiver.to(device.endpoint)).toHaveLength(1);
    });
  }
});

describe("a kind she set to never", () => {
  it("reaches neither her inbox, nor her digest, nor her device, but still her bell", async () => {
    const her = await t.member({ firstName: "Joanna" });
    await proveAddress(her);
    const device = await subscribedDevice(receiver, her);
    const prefs = (await her.client.call(api.preferences)).body;
    const saved = await her.client.call(api.updatePreferences, {
      body: {
        ...prefs,
        email: { ...prefs.email, group_join_requested: "never" },
        digest: { frequency: "daily", hour: 11, weekday: 0, timeZone: "UTC" },
      },
    });
    expect(saved.status).toBe(200);

    const groupId = await createGroup(her, "Proverbs 31");
    await askToJoin(await t.member({ firstName: "Susanna" }), groupId);
    // What she still wants comes after it, alone, on both channels.
    await pray(await t.member({ firstName: "Martha" }), await share(her, "Wisdom for my new class."));

    const mail = await mailbox.next(her.email);
    expect(mail.subject).toBe("Martha prayed for your request");
    expect(mail.text).not.toContain("asked to join");
    const [push] = await receiver.waitFor(device.endpoint);
    expect(push!.message).toMatchObject({ body: "Martha prayed for your request" });
    await everyNotificationHanded(t);
    await queueDrained(t);

    // 25 November 2026 is a Wednesday: 11:00 UTC is her daily digest's hour, and no one else's.
    await sendDigests(t.database.db, new Date("2026-11-25T11:00:00Z"));
    await queueDrained(t);
    expect(mailbox.to(her.email).map((m) => m.subject)).toEqual([
      "Confirm your e-mail address for Mishpacha",
      "Martha prayed for your request",
    ]);
    expect(receiver.to(device.endpoint)).toHaveLength(1);
    expect(await bell(her)).toEqual(["Martha prayed for your request", "Susanna asked to join Proverbs 31"]);
  });
});

describe("new content", () => {
  it("waits for her digest, not right away: a new teaching video and new articles", async () => {
    const owner = await t.member({ email: TEST_ADMIN_EMAIL, firstName: "Owner", lastName: "Admin" });
    await proveAddress(owner);
    const her = await t.member({ firstName: "Rebekah" });
    await proveAddress(her);
    const saved = await her.client.call(api.updatePreferences, {
      body: {
        email: {},
        digest: { frequency: "daily", hour: 10, weekday: 0, timeZone: "UTC" },
        restOnShabbat: false,
      },
    });
    expect(saved.status).toBe(200);

    const video = await publishVideo(owner);
    const synced = await owner.client.call(articlesEndpoints.adminSync);
    expect(synced.body.added).toBe(2);
    await expect
      .poll(() => bell(her), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(["New teaching: The Good Shepherd", "2 new articles to read"]));

    // Something she wants right away comes after them, and its mail leaves them out.
    await pray(await t.member({ firstName: "Eunice" }), await share(her, "Patience with my children."));
    const instant = await mailbox.next(her.email);
    expect(instant.subject).toBe("Eunice prayed for your request");
    expect(instant.text).not.toContain("New teaching");
    expect(instant.text).not.toContain("new articles");
    await queueDrained(t);

    // 25 November 2026 is a Wednesday: 10:00 UTC is her daily digest's hour, and no one else's.
    await sendDigests(t.database.db, new Date("2026-11-25T10:00:00Z"));
    await queueDrained(t);
    const digest = await mailbox.next(her.email);
    expect(digest.subject).toBe("Your daily digest: 2 new notifications");
    expect(digest.text).toContain("New content\n\n");
    expect(digest.text).toContain(`New teaching: The Good Shepherd: ${t.config.publicUrl}/video/${video.id}`);
    expect(digest.text).toContain(`2 new articles to read: ${t.config.publicUrl}/articles`);
    expect(digest.text).not.toContain("prayed for your request");
    expect(headerOf(digest, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mailbox.to(her.email)).toHaveLength(3);
  });
});
