import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationsEndpoints as api } from "../../src/core/notifications/endpoints";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import { placeOf, type RestWindow, restWindowAt } from "../../src/server/calendar";
import {
  type AfterRest,
  mailDueNotifications,
  sendAfterRest,
  sendDigests,
} from "../../src/server/features/notifications";
import { pushDueNotifications } from "../../src/server/features/push";
import { startWorker } from "../../src/server/jobs/worker";
import type { OutgoingMail } from "../../src/server/mail/transport";
import { createTestContext, type Member, type TestContext } from "../support/app";
import { queueDrained } from "../support/jobs";
import { type Mailbox, startMailbox } from "../support/mailbox";
import { pushSettingsFor, share, subscribedDevice } from "../support/push-devices";
import { type PushReceiver, startPushReceiver } from "../support/push-receiver";

// "Rest on Shabbat and the feasts": nothing leaves for her inside her window, what was held leaves
// once after it, and mail and push speak her language. No worker runs while a test arranges its
// moments: each sweep and the after-rest job are given theirs (in 2030, far from the real clock), and
// a worker is started only to deliver what they enqueued.

let mailbox: Mailbox;
let receiver: PushReceiver;
let t: TestContext;
/** Who acted, for the notices these tests write (her name is the notice's own). */
let actor: Member;

beforeAll(async () => {
  mailbox = await startMailbox();
  receiver = await startPushReceiver();
  t = await createTestContext({
    SMTP_URL: mailbox.url,
    SITE_NAME: "Mishpacha",
    EMAIL_NOTIFICATION_DELAY: "1",
    ...pushSettingsFor(receiver),
  });
  actor = await t.member({ firstName: "Ada" });
});
afterAll(async () => {
  await t?.close();
  await mailbox?.stop();
  await receiver?.stop();
});

const MINUTE = 60_000;
const later = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE);

interface Digest {
  frequency: "daily" | "weekly";
  hour: number;
  weekday: number;
}

/** A member who proved her address, resting at `city` (and a device of hers that shows notifications). */
async function restingMember(
  firstName: string,
  city: string,
  digest: Digest = { frequency: "weekly", hour: 8, weekday: 0 },
) {
  const m = await t.member({ firstName });
  await t.verify(m);
  const res = await m.client.call(api.updatePreferences, {
    body: {
      email: {},
      digest: { ...digest, timeZone: placeOf({ city, timeZone: "UTC" }).timeZone },
      restOnShabbat: true,
      restCity: city,
    },
  });
  expect(res.status).toBe(200);
  const device = await subscribedDevice(receiver, m);
  return { m, device };
}

/** A notification of hers written as if it came at `at` (what a change then would have written). */
async function noticeAt(
  m: Member,
  at: Date,
  kind: string,
  facts: { subjectId: number; actor?: string; title?: string },
) {
  const { rows } = await t.database.pool.query<{ id: number }>(
    `insert into notifications (user_id, kind, subject_id, dedupe_key, actor_id, actor_name, title, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      m.id,
      kind,
      facts.subjectId,
      `${facts.subjectId}:${at.getTime()}:${kind}`,
      facts.actor ? actor.id : null,
      facts.actor ?? null,
      facts.title ?? null,
      at,
    ],
  );
  return rows[0]!.id;
}

async function rowsOf(m: Member) {
  const { rows } = await t.database.pool.query<{
    id: number;
    kind: string;
    emailed_at: Date | null;
    pushed_at: Date | null;
    held_until: Date | null;
  }>("select id, kind, emailed_at, pushed_at, held_until from notifications where user_id = $1 order by id", [
    m.id,
  ]);
  return rows;
}

/** Jobs of a task waiting on the queue: what would leave (no worker runs while a test arranges). */
async function queued(task: string) {
  const { rows } = await t.database.pool.query<{
    key: string | null;
    run_at: Date;
    payload: Record<string, unknown>;
  }>(
    `select j.key, j.run_at, j.payload from graphile_worker._private_jobs j
       join graphile_worker._private_tasks tk on tk.id = j.task_id
     where tk.identifier = $1 order by j.id`,
    [task],
  );
  return rows;
}
const afterRestJobs = async (m: Member) =>
  (await queued("after-rest")).filter((j) => j.payload.userId === m.id);
const restPushes = async (m: Member) =>
  (await queued("send-rest-push")).filter((j) => j.key?.startsWith(`rest-push:${m.id}:`));
const mailsTo = async (m: Member) =>
  (await t.queuedMails(m.email)).filter((mail) => !mail.text.includes("verify-email"));

/** Runs the queue's worker until everything enqueued so far has left (the after-rest jobs of 2030 removed). */
async function deliver() {
  await t.database.pool.query(
    "select graphile_worker.remove_job(key) from graphile_worker.jobs where task_identifier = 'after-rest'",
  );
  const worker = await startWorker(t.app);
  try {
    await queueDrained(t);
  } finally {
    await worker.stop();
  }
}

function sweepAll(at: Date) {
  return Promise.all([
    mailDueNotifications(t.database.db, t.config, at),
    pushDueNotifications(t.database.db, t.config, at),
  ]);
}

const jobOf = (userId: number, window: RestWindow): AfterRest => ({
  userId,
  start: window.start.toISOString(),
  end: window.end.toISOString(),
});

describe("inside her rest window", () => {
  // Friday 14 June 2030 in New York: candles at 20:10, havdalah on Saturday at 21:20.
  const window = restWindowAt(
    new Date("2030-06-15T16:00:00Z"),
    placeOf({ city: "New York", timeZone: "UTC" }),
  )!;

  it("is Shabbat at her city's times", () => {
    expect(window.start.toISOString()).toBe("2030-06-15T00:10:00.000Z");
    expect(window.end.toISOString()).toBe("2030-06-16T01:20:00.000Z");
  });

  it("lets no mail and no push leave, of any kind; what was held leaves once after havdalah, in one mail and one push", async () => {
    const { m, device } = await restingMember("Miriam", "New York", {
      frequency: "daily",
      hour: 9,
      weekday: 0,
    });
    const request = await share(m, "Peace for my mother.");
    // Before the candles, after them, the moderators' note in the middle of Shabbat, a new teaching.
    const before = await noticeAt(m, later(window.start, -2), "prayer_prayed", {
      subjectId: request,
      actor: "Ada",
    });
    await noticeAt(m, later(window.start, 30), "prayer_response", { subjectId: request, actor: "Hulda" });
    await noticeAt(m, later(window.start, 600), "moderation_warning", {
      subjectId: m.id,
      title: "Please be gentle.",
    });
    await noticeAt(m, later(window.start, 700), "video_published", {
      subjectId: 1,
      title: "The feasts of the Lord",
    });

    for (const at of [
      later(window.start, 1),
      later(window.start, 60),
      later(window.start, 800),
      later(window.end, -1),
    ]) {
      expect(await sweepAll(at)).toEqual([0, 0]);
    }
    // Her daily digest's hour (9 in New York) came during Shabbat: it waits too.
    expect(await sendDigests(t.database.db, new Date("2030-06-15T13:00:00Z"))).toBe(1);
    expect((await queued("send-digest")).filter((j) => j.payload.userId === m.id)).toEqual([]);
    expect(await mailsTo(m)).toEqual([]);
    expect(await queued("send-push")).toEqual([]);

    // Every kind was held, marked with the window's end, and one job waits for that end.
    const held = await rowsOf(m);
    expect(held.map((r) => [r.kind, r.held_until?.toISOString() ?? null, r.emailed_at])).toEqual([
      ["prayer_prayed", window.end.toISOString(), null],
      ["prayer_response", window.end.toISOString(), null],
      ["moderation_warning", window.end.toISOString(), null],
      ["video_published", window.end.toISOString(), null],
    ]);
    const after = await afterRestJobs(m);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      key: `after-rest:${m.id}:${window.end.getTime() / 1000}`,
      run_at: window.end,
      payload: { userId: m.id },
    });

    // The job runs at havdalah, and again (a retry, another instance): one mail, one push per device.
    const { payload } = after[0]!;
    const job: AfterRest = {
      userId: Number(payload.userId),
      start: String(payload.start),
      end: String(payload.end),
    };
    await sendAfterRest(t.database.db, t.config, job, later(window.end, 0));
    await sendAfterRest(t.database.db, t.config, job, later(window.end, 1));
    const [mail, ...more] = await mailsTo(m);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("While you rested: 4 new notifications");
    expect(mail!.text).toContain("Shalom, Miriam,");
    expect(mail!.text).toContain("Here is what came for you while you rested.");
    expect(mail!.text).toContain("Ada prayed for your request");
    expect(mail!.text).toContain("Hulda responded to your prayer request");
    expect(mail!.text).toContain("A note from the ministry's moderators: Please be gentle.");
    expect(mail!.text).toContain("New teaching: The feasts of the Lord");
    const pushes = await restPushes(m);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload).toMatchObject({
      message: {
        title: "Mishpacha",
        body: "While you rested: 4 new notifications",
        url: `${t.config.publicUrl}/notifications`,
      },
    });
    expect(
      (await rowsOf(m)).every((r) => r.held_until === null && r.emailed_at !== null && r.pushed_at !== null),
    ).toBe(true);
    expect((await rowsOf(m)).find((r) => r.id === before)?.emailed_at).not.toBeNull();

    // Nothing of it leaves again afterwards, by mail or push.
    expect(await sweepAll(later(window.end, 10))).toEqual([0, 0]);

    await deliver();
    const [received] = mailbox.to(m.email).filter((x) => x.subject.startsWith("While you rested"));
    expect(received?.html).toContain('<html lang="en">');
    const [push, ...others] = await receiver.waitFor(device.endpoint, 1);
    expect(others).toEqual([]);
    expect(push!.message).toMatchObject({ body: "While you rested: 4 new notifications" });
  });

  it("moves what was held to the later end when she rests still (she chose a city whose Shabbat ends later)", async () => {
    const { m } = await restingMember("Tamar", "Jerusalem");
    const jerusalem = restWindowAt(
      new Date("2030-06-15T09:00:00Z"),
      placeOf({ city: "Jerusalem", timeZone: "UTC" }),
    )!;
    const request = await share(m, "A safe journey.");
    await noticeAt(m, later(jerusalem.start, 5), "prayer_prayed", { subjectId: request, actor: "Dinah" });
    expect(await sweepAll(later(jerusalem.start, 10))).toEqual([0, 0]);
    // She flies to New York and says so; Jerusalem's Shabbat ends while New York's goes on.
    const moved = await m.client.call(api.updatePreferences, {
      body: {
        email: {},
        digest: { frequency: "weekly", hour: 8, weekday: 0, timeZone: "America/New_York" },
        restOnShabbat: true,
        restCity: "New York",
      },
    });
    expect(moved.status).toBe(200);
    await sendAfterRest(t.database.db, t.config, jobOf(m.id, jerusalem), jerusalem.end);
    expect(await mailsTo(m)).toEqual([]);
    expect((await rowsOf(m)).map((r) => r.held_until?.toISOString())).toEqual([window.end.toISOString()]);
    expect(await afterRestJobs(m)).toContainEqual(
      expect.objectContaining({
        key: `after-rest:${m.id}:${window.end.getTime() / 1000}`,
        run_at: window.end,
      }),
    );
    await sendAfterRest(t.database.db, t.config, jobOf(m.id, window), window.end);
    expect((await mailsTo(m)).map((mail) => mail.subject)).toEqual(["While you rested: 1 new notification"]);
    await deliver();
  });

  it("leaves for whoever does not rest, as before", async () => {
    const m = await t.member({ firstName: "Lydia" });
    await t.verify(m);
    const request = await share(m, "Wisdom at work.");
    await noticeAt(m, later(window.start, 5), "prayer_prayed", { subjectId: request, actor: "Ada" });
    expect(await mailDueNotifications(t.database.db, t.config, later(window.start, 10))).toBe(1);
    expect((await mailsTo(m)).map((mail) => mail.subject)).toEqual(["Ada prayed for your request"]);
    await deliver();
  });
});

describe("the feasts", () => {
  // Rosh Hashana 5791 is Saturday and Sunday 28–29 September 2030: one window from Friday's candles.
  it("holds the second day of Rosh Hashana after Shabbat, and lets go at its nightfall", async () => {
    const { m } = await restingMember("Hannah", "Jerusalem");
    const place = placeOf({ city: "Jerusalem", timeZone: "UTC" });
    const sunday = new Date("2030-09-29T09:00:00Z");
    const window = restWindowAt(sunday, place)!;
    expect([window.firstDay, window.lastDay]).toEqual(["2030-09-28", "2030-09-29"]);
    const request = await share(m, "A good year.");
    await noticeAt(m, later(sunday, -5), "prayer_prayed", { subjectId: request, actor: "Peninah" });
    expect(await sweepAll(sunday)).toEqual([0, 0]);
    expect((await rowsOf(m)).map((r) => r.held_until?.toISOString())).toEqual([window.end.toISOString()]);
    await sendAfterRest(t.database.db, t.config, jobOf(m.id, window), window.end);
    const [mail] = await mailsTo(m);
    expect(mail?.subject).toBe("While you rested: 1 new notification");
    expect(mail?.text).toContain("Peninah prayed for your request");
    await deliver();
  });

  it("holds a second day of a feast in the diaspora but not in Israel", async () => {
    // Shavuot 2031 is Wednesday 28 May; Thursday 29 May is its second day in the diaspora.
    const { m: abroad } = await restingMember("Ruth", "London");
    const { m: home } = await restingMember("Naomi", "Tel Aviv");
    const thursday = { london: new Date("2031-05-29T11:00:00Z"), telAviv: new Date("2031-05-29T09:00:00Z") };
    for (const [m, at] of [
      [abroad, thursday.london],
      [home, thursday.telAviv],
    ] as const) {
      const request = await share(m, "Joy in the harvest.");
      await noticeAt(m, later(at, -5), "prayer_prayed", { subjectId: request, actor: "Orpah" });
      await mailDueNotifications(t.database.db, t.config, at);
    }
    expect((await rowsOf(abroad))[0]!.held_until).not.toBeNull();
    expect(await mailsTo(abroad)).toEqual([]);
    expect((await rowsOf(home))[0]!.held_until).toBeNull();
    expect((await mailsTo(home)).map((mail) => mail.subject)).toEqual(["Orpah prayed for your request"]);
    await t.database.pool.query(
      "update notifications set held_until = null, emailed_at = now() where user_id = $1",
      [abroad.id],
    );
    await deliver();
  });

  it("holds Yom Kippur", async () => {
    // Yom Kippur 5791 is Monday 7 October 2030.
    const { m } = await restingMember("Esther", "Sydney");
    const noon = new Date("2030-10-07T01:00:00Z");
    const request = await share(m, "Forgiveness.");
    await noticeAt(m, later(noon, -5), "prayer_prayed", { subjectId: request, actor: "Vashti" });
    expect(await sweepAll(noon)).toEqual([0, 0]);
    const [row] = await rowsOf(m);
    const window = restWindowAt(noon, placeOf({ city: "Sydney", timeZone: "UTC" }))!;
    expect([window.firstDay, window.lastDay]).toEqual(["2030-10-07", "2030-10-07"]);
    expect(row!.held_until).toEqual(window.end);
    await sendAfterRest(t.database.db, t.config, jobOf(m.id, window), window.end);
    await deliver();
  });
});

describe("mail and push in her language", () => {
  /** A member who proved her address and chose her language (null: the ministry's). */
  async function speaking(firstName: string, locale: "en" | "he") {
    const m = await t.member({ firstName });
    await t.verify(m);
    const res = await m.client.call(profileEndpoints.setLanguage, { body: { locale } });
    expect(res.status).toBeLessThan(300);
    return m;
  }

  const mailOf = async (m: Member): Promise<OutgoingMail> => {
    const [mail] = await mailsTo(m);
    expect(mail).toBeDefined();
    return mail!;
  };

  it("writes a Hebrew member's mail in Hebrew, right to left, and an English member's as before", async () => {
    const hebrew = await speaking("Shira", "he");
    const english = await speaking("Abigail", "en");
    const at = new Date("2030-03-05T12:00:00Z");
    for (const m of [hebrew, english]) {
      const request = await share(m, "Strength for the week.");
      await noticeAt(m, later(at, -5), "prayer_prayed", { subjectId: request, actor: "Ada" });
      await noticeAt(m, later(at, -4), "group_join_approved", { subjectId: 1, title: "Shabbat Circle" });
    }
    expect(await mailDueNotifications(t.database.db, t.config, at)).toBe(2);

    const he = await mailOf(hebrew);
    expect(he.subject).toBe("שתי התראות חדשות");
    expect(he.html).toContain('<html lang="he" dir="rtl">');
    expect(he.html).toContain('<body dir="rtl"');
    expect(he.html).toMatch(/<table role="presentation" dir="rtl"/);
    expect(he.html).toContain("text-align:right");
    expect(he.text).toContain("שלום Shira,");
    expect(he.text).toContain("Ada התפללה על בקשתך");
    // Names and titles members wrote keep their own direction.
    expect(he.html).toContain('<span dir="auto">Ada</span> התפללה על בקשתך');
    expect(he.html).toContain('בקשתך להצטרף אל <span dir="auto">Shabbat Circle</span> אושרה');
    expect(he.text).toContain("ברוכה הבאה! בקשתך להצטרף אל Shabbat Circle אושרה");

    const en = await mailOf(english);
    expect(en.subject).toBe("2 new notifications");
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).not.toContain('dir="rtl"');
    expect(en.text).toContain("Shalom, Abigail,");
    expect(en.text).toContain(`Ada prayed for your request: ${t.config.publicUrl}/community#prayer-`);
    expect(en.text).toContain("Welcome! Your request to join Shabbat Circle was approved");
    await deliver();
  });

  it("writes the mail that follows her rest, and its push, in Hebrew", async () => {
    const m = await speaking("Yael", "he");
    await m.client.call(api.updatePreferences, {
      body: {
        email: {},
        digest: { frequency: "weekly", hour: 8, weekday: 0, timeZone: "Asia/Jerusalem" },
        restOnShabbat: true,
      },
    });
    const device = await subscribedDevice(receiver, m);
    const window = restWindowAt(new Date("2030-06-15T09:00:00Z"), placeOf({ timeZone: "Asia/Jerusalem" }))!;
    const request = await share(m, "Rain in its season.");
    await noticeAt(m, later(window.start, 5), "prayer_prayed", { subjectId: request, actor: "Ada" });
    await noticeAt(m, later(window.start, 6), "prayer_response", { subjectId: request, actor: "Hulda" });
    expect(await sweepAll(later(window.start, 10))).toEqual([0, 0]);
    await sendAfterRest(t.database.db, t.config, jobOf(m.id, window), window.end);
    const mail = await mailOf(m);
    expect(mail.subject).toBe("בזמן שנחת: שתי התראות חדשות");
    expect(mail.html).toContain('<html lang="he" dir="rtl">');
    await deliver();
    const [push] = await receiver.waitFor(device.endpoint, 1);
    expect(push!.message).toMatchObject({ title: "Mishpacha", body: "בזמן שנחת: שתי התראות חדשות" });
  });

  it("pushes each notification in her language", async () => {
    const m = await speaking("Michal", "he");
    const device = await subscribedDevice(receiver, m);
    const request = await share(m, "Healing.");
    await noticeAt(m, new Date(), "prayer_prayed", { subjectId: request, actor: "Ada" });
    expect(await pushDueNotifications(t.database.db, t.config)).toBe(1);
    await deliver();
    const [push] = await receiver.waitFor(device.endpoint, 1);
    expect(push!.message).toMatchObject({ body: "Ada התפללה על בקשתך" });
  });

  it("lists her notifications in her language", async () => {
    const m = await speaking("Dvora", "he");
    const request = await share(m, "Patience.");
    await noticeAt(m, new Date(), "prayer_prayed", { subjectId: request, actor: "Ada" });
    await t.database.pool.query(
      "update notifications set pushed_at = now(), emailed_at = now() where user_id = $1",
      [m.id],
    );
    const res = await m.client.call(api.list);
    expect(res.body.map((n) => n.text)).toEqual(["Ada התפללה על בקשתך"]);
  });
});
