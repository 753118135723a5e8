import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { messagesEndpoints } from "../../src/core/messages/endpoints";
import { notificationsEndpoints } from "../../src/core/notifications/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { pushEndpoints as api } from "../../src/core/push/endpoints";
import { PUSH_MESSAGES } from "../../src/core/push/schemas";
import { vapidKeysIn } from "../../src/server/data-dir-secrets";
import { pushDueNotifications } from "../../src/server/features/push";
import { startWorker, type Worker } from "../../src/server/jobs/worker";
import { createTestContext, type TestContext } from "../support/app";
import { openGroup } from "../support/content";
import { queueDrained } from "../support/jobs";
import { everyNotificationHanded, pray, share, subscribedDevice } from "../support/push-devices";
import { type PushReceiver, startPushReceiver } from "../support/push-receiver";

let receiver: PushReceiver;
let t: TestContext;
// The keys the embedded default makes for itself: every push below is signed with them.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mishpacha-push-"));
const vapid = vapidKeysIn(dataDir);

beforeAll(async () => {
  receiver = await startPushReceiver();
  t = await createTestContext(
    {
      SITE_NAME: "Mishpacha",
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: "mailto:care@mishpacha.example",
      WEB_PUSH_ALLOWED_ORIGINS: receiver.origin,
    },
    { jobs: true },
  );
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function subscriptionExists(endpoint: string) {
  const { rows } = await t.database.pool.query("select 1 from push_subscriptions where endpoint = $1", [
    endpoint,
  ]);
  return rows.length > 0;
}

async function ownersOf(endpoint: string) {
  const { rows } = await t.database.pool.query<{ user_id: number }>(
    "select user_id from push_subscriptions where endpoint = $1",
    [endpoint],
  );
  return rows.map((r) => r.user_id);
}

async function endpointsOf(userId: number) {
  const { rows } = await t.database.pool.query<{ endpoint: string }>(
    "select endpoint from push_subscriptions where user_id = $1",
    [userId],
  );
  return rows.map((r) => r.endpoint);
}

describe("the device this session turned on", () => {
  it("is told to the browser, so it knows whether this device is on for her", async () => {
    const m = await t.member();
    expect((await m.client.call(api.current)).body).toEqual({ endpoint: null });
    const device = await subscribedDevice(receiver, m);
    const res = await m.client.call(api.current);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ endpoint: device.endpoint });
  });

  it("is not told to a visitor", async () => {
    expect((await t.visitor().call(api.current)).status).toBe(401);
  });
});

describe("the server's push key", () => {
  it("is given to members so their browsers can subscribe", async () => {
    const m = await t.member();
    const res = await m.client.call(api.publicKey);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ publicKey: vapid.publicKey });
  });
});

describe("a notification on her device", () => {
  it("arrives encrypted for her device, signed by the server, with its text and link", async () => {
    const author = await t.member({ firstName: "Ruth" });
    const friend = await t.member({ firstName: "Naomi" });
    const device = await subscribedDevice(receiver, author);
    const request = await share(author, "Strength for my mother's surgery.");
    await pray(friend, request);

    const [push] = await receiver.waitFor(device.endpoint);
    expect(push!.message).toEqual({
      title: "Mishpacha",
      body: "Naomi prayed for your request",
      url: `${t.config.publicUrl}/community#prayer-${request}`,
      tag: expect.stringMatching(/^notification-\d+$/),
    });
    expect(push!.vapid).toMatchObject({
      aud: receiver.origin,
      sub: "mailto:care@mishpacha.example",
      publicKey: vapid.publicKey,
    });
    expect(receiver.rejected).toEqual([]);
  });

  it("reaches each of her devices once, and not the member who acted", async () => {
    const author = await t.member({ firstName: "Hannah" });
    const friend = await t.member({ firstName: "Lydia" });
    const phone = await subscribedDevice(receiver, author);
    const laptop = await subscribedDevice(receiver, author);
    const friendsPhone = await subscribedDevice(receiver, friend);
    await pray(friend, await share(author, "Peace in our home."));

    await receiver.waitFor(phone.endpoint);
    await receiver.waitFor(laptop.endpoint);
    await everyNotificationHanded(t);
    await queueDrained(t);
    expect(receiver.to(phone.endpoint)).toHaveLength(1);
    expect(receiver.to(laptop.endpoint)).toHaveLength(1);
    expect(receiver.to(friendsPhone.endpoint)).toHaveLength(0);
  });

  it("tells her phone who wrote her a message, never what, and opens the conversation", async () => {
    // Fellow members of a group write to each other at once.
    const leader = await t.member({ firstName: "Priscilla" });
    const m = await t.member({ firstName: "Ruth" });
    const group = await openGroup(leader);
    expect((await m.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} })).status).toBe(
      200,
    );
    const device = await subscribedDevice(receiver, m);
    const started = await leader.client.call(messagesEndpoints.start, {
      body: { memberId: m.id, body: "My address is 12 Olive Street, come on Sunday" },
    });
    expect(started.status).toBe(201);
    const conversationId = (started.body as { id: number }).id;

    const [push] = await receiver.waitFor(device.endpoint);
    expect(push!.message).toEqual({
      title: "Mishpacha",
      body: "Priscilla sent you a message",
      url: `${t.config.publicUrl}/messages/${conversationId}`,
      tag: expect.stringMatching(/^notification-\d+$/),
    });
    expect(JSON.stringify(push!.message)).not.toContain("Olive");
  });

  it("is not pushed for a kind she turned off", async () => {
    const author = await t.member({ firstName: "Deborah" });
    const friend = await t.member({ firstName: "Abigail" });
    const prefs = await author.client.call(notificationsEndpoints.preferences);
    const saved = await author.client.call(notificationsEndpoints.updatePreferences, {
      body: { ...prefs.body, email: { ...prefs.body.email, prayer_prayed: "never" } },
    });
    expect(saved.status).toBe(200);
    const device = await subscribedDevice(receiver, author);
    const id = await share(author, "Wisdom for my studies.");
    await pray(friend, id);
    await friend.client.call(prayerEndpoints.respond, {
      params: { id },
      body: { content: "Praying you find rest too.", isPraying: false },
    });

    const pushes = await receiver.waitFor(device.endpoint);
    await everyNotificationHanded(t);
    await queueDrained(t);
    expect(receiver.to(device.endpoint)).toHaveLength(1);
    expect(pushes[0]!.message).toMatchObject({ body: "Abigail responded to your prayer request" });
  });

  it("stops reaching a device she turned off", async () => {
    const author = await t.member({ firstName: "Miriam" });
    const friend = await t.member({ firstName: "Tabitha" });
    const device = await subscribedDevice(receiver, author);
    const off = await author.client.call(api.unsubscribe, { body: { endpoint: device.endpoint } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ subscribed: false });
    await pray(friend, await share(author, "Rain for the farm."));

    await everyNotificationHanded(t);
    await queueDrained(t);
    expect(receiver.to(device.endpoint)).toHaveLength(0);
  });

  it("stops reaching a device when the session that turned it on signs out", async () => {
    const author = await t.member({ firstName: "Huldah" });
    const friend = await t.member({ firstName: "Anna" });
    const device = await subscribedDevice(receiver, author);
    const request = await share(author, "Peace in our home.");
    const signedOut = await author.client.call(authEndpoints.logout);
    expect(signedOut.status).toBe(302);
    expect(await subscriptionExists(device.endpoint)).toBe(false);
    // Prayed for after she left this device: it reaches her bell, not the phone she signed out of.
    await pray(friend, request);

    await everyNotificationHanded(t);
    await queueDrained(t);
    expect(receiver.to(device.endpoint)).toHaveLength(0);
  });

  it("stops reaching a device whose session has expired, though its row is still there", async () => {
    const author = await t.member({ firstName: "Dinah" });
    const friend = await t.member({ firstName: "Bilhah" });
    const device = await subscribedDevice(receiver, author);
    const request = await share(author, "Strength for the long nights.");
    await t.database.pool.query(
      "update sessions set expires_at = now() - interval '1 minute' where user_id = $1",
      [author.id],
    );
    expect(await subscriptionExists(device.endpoint)).toBe(true);
    await pray(friend, request);

    await everyNotificationHanded(t);
    await queueDrained(t);
    expect(receiver.to(device.endpoint)).toHaveLength(0);
  });

  it.each([
    [410, "Gone"],
    [404, "Not Found"],
  ])("forgets a device whose push service answers %i %s", async (status) => {
    const author = await t.member({ firstName: "Leah" });
    const friend = await t.member({ firstName: "Rachel" });
    const device = await subscribedDevice(receiver, author);
    receiver.answer(device.endpoint, status);
    await pray(friend, await share(author, "A new job for my husband."));

    await everyNotificationHanded(t);
    await queueDrained(t);
    expect(await subscriptionExists(device.endpoint)).toBe(false);
    expect(receiver.to(device.endpoint)).toHaveLength(0);
  });

  it("is tried again while the push service is down, and delivered once", async () => {
    const author = await t.member({ firstName: "Sarah" });
    const friend = await t.member({ firstName: "Rebekah" });
    const device = await subscribedDevice(receiver, author);
    receiver.answer(device.endpoint, 503, 1);
    await pray(friend, await share(author, "Healing for my knee."));

    const [push] = await receiver.waitFor(device.endpoint, 1, 30_000);
    expect(push!.message).toMatchObject({ body: "Rebekah prayed for your request" });
    await queueDrained(t);
    expect(receiver.to(device.endpoint)).toHaveLength(1);
    expect(await subscriptionExists(device.endpoint)).toBe(true);
  });

  it("is delivered once when two instances run their workers and sweeps at the same time", async () => {
    const second: Worker = await startWorker(t.app);
    try {
      const author = await t.member({ firstName: "Esther" });
      const friends = await Promise.all(["Ada", "Bea", "Cora"].map((firstName) => t.member({ firstName })));
      const device = await subscribedDevice(receiver, author);
      const ids = await Promise.all(
        [1, 2, 3].map((n) => share(author, `Request number ${n} for this week.`)),
      );
      await Promise.all(friends.map((f, i) => pray(f, ids[i]!)));
      // Both instances sweep at once, besides their timers.
      await Promise.all([pushDueNotifications(t.app.db, t.config), pushDueNotifications(t.app.db, t.config)]);

      await receiver.waitFor(device.endpoint, 3);
      await everyNotificationHanded(t);
      await queueDrained(t);
      const bodies = receiver.to(device.endpoint).map((p) => (p.message as { body: string }).body);
      expect(bodies.sort()).toEqual([
        "Ada prayed for your request",
        "Bea prayed for your request",
        "Cora prayed for your request",
      ]);
    } finally {
      await second.stop();
    }
  });
});

describe("subscribing a device", () => {
  it("accepts the known push services' https endpoints", async () => {
    const m = await t.member();
    const keys = receiver.newDevice().keys;
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://wns2-bl2p.notify.windows.com/w/?token=BQYAAA",
      "https://web.push.apple.com/QGx3",
    ]) {
      const res = await m.client.call(api.subscribe, { body: { endpoint, keys } });
      expect(res.status, endpoint).toBe(200);
    }
  });

  it("refuses endpoints that are not a push service: plain http, unknown hosts, internal addresses", async () => {
    const m = await t.member();
    const keys = receiver.newDevice().keys;
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://example.org/push",
      "https://fcm.googleapis.com.evil.example/fcm/send/abc",
      "https://fcm.googleapis.com:8443/fcm/send/abc",
      "https://127.0.0.1/push",
      "http://169.254.169.254/latest/meta-data",
      "https://localhost/push",
      "https://[::1]/push",
      "https://user:pass@fcm.googleapis.com/fcm/send/abc",
      "not a url",
    ]) {
      const res = await m.client.call(api.subscribe, { body: { endpoint, keys } });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.message).toBe(PUSH_MESSAGES.endpoint);
    }
    const { rows } = await t.database.pool.query("select 1 from push_subscriptions where user_id = $1", [
      m.id,
    ]);
    expect(rows).toHaveLength(0);
  });

  it("refuses keys that are not a browser's push keys", async () => {
    const m = await t.member();
    const { endpoint } = receiver.newDevice();
    const res = await m.client.call(api.subscribe, {
      body: { endpoint, keys: { p256dh: "short", auth: "also-short" } },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PUSH_MESSAGES.keys);
  });

  it("refuses a device another member's session still holds (409), and leaves it hers", async () => {
    const first = await t.member({ firstName: "Joanna" });
    const second = await t.member({ firstName: "Susanna" });
    const device = await subscribedDevice(receiver, first);
    const taken = await second.client.call(api.subscribe, {
      body: { endpoint: device.endpoint, keys: receiver.newDevice().keys },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: PUSH_MESSAGES.heldByAnotherMember });
    expect(await ownersOf(device.endpoint)).toEqual([first.id]);
    // Her notifications still reach it, encrypted for her keys.
    await pray(second, await share(first, "Safe travels for my daughter."));
    const [push] = await receiver.waitFor(device.endpoint);
    expect(push!.message).toMatchObject({ body: "Susanna prayed for your request" });
    expect(receiver.rejected).toEqual([]);
  });

  it("gives a device to the member now signed in on it once the other's session has ended", async () => {
    const first = await t.member({ firstName: "Priscilla" });
    const second = await t.member({ firstName: "Phoebe" });
    const device = await subscribedDevice(receiver, first);
    await t.database.pool.query(
      "update sessions set expires_at = now() - interval '1 minute' where user_id = $1",
      [first.id],
    );
    expect((await second.client.call(api.subscribe, { body: device })).status).toBe(200);
    expect(await ownersOf(device.endpoint)).toEqual([second.id]);
    // The first can no longer remove it.
    await first.client.call(api.unsubscribe, { body: { endpoint: device.endpoint } });
    expect(await subscriptionExists(device.endpoint)).toBe(true);
  });

  it("renews her own device when she turns it on again", async () => {
    const m = await t.member({ firstName: "Lois" });
    const device = await subscribedDevice(receiver, m);
    const renewed = { endpoint: device.endpoint, keys: receiver.newDevice().keys };
    expect((await m.client.call(api.subscribe, { body: renewed })).status).toBe(200);
    const { rows } = await t.database.pool.query<{ p256dh: string }>(
      "select p256dh from push_subscriptions where user_id = $1",
      [m.id],
    );
    expect(rows).toEqual([{ p256dh: renewed.keys.p256dh }]);
  });

  it("keeps her ten devices turned on last: an eleventh stops the one turned on longest ago", async () => {
    const m = await t.member({ firstName: "Eunice" });
    const devices = [];
    for (let n = 0; n < 11; n++) devices.push(await subscribedDevice(receiver, m));
    const kept = await endpointsOf(m.id);
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain(devices[0]!.endpoint);
    expect(kept).toContain(devices[10]!.endpoint);
  });

  it("keeps at most ten devices however many she turns on at once", async () => {
    const m = await t.member({ firstName: "Dorcas" });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => m.client.call(api.subscribe, { body: receiver.newDevice() })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    expect(await endpointsOf(m.id)).toHaveLength(10);
  });
});

describe("VAPID keys of the embedded default", () => {
  it("are made once into the data folder, readable by its owner only, and kept across restarts", () => {
    const file = path.join(dataDir, "vapid-keys.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(vapidKeysIn(dataDir)).toEqual(vapid);
    // A P-256 public point and private scalar, as browsers and push services expect them.
    expect(Buffer.from(vapid.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(vapid.privateKey, "base64url")).toHaveLength(32);
  });
});

describe("without VAPID keys", () => {
  it("push is off: no public key is given and nothing is pushed", async () => {
    const off = await createTestContext({ WEB_PUSH_ALLOWED_ORIGINS: receiver.origin });
    try {
      const m = await off.member();
      const res = await m.client.call(api.publicKey);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ publicKey: null });
      expect(await pushDueNotifications(off.app.db, off.config)).toBe(0);
    } finally {
      await off.close();
    }
  });
});
