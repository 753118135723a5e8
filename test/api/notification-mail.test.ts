import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { notificationsEndpoints as api } from "../../src/core/notifications/endpoints";
import { NOTIFICATION_MESSAGES } from "../../src/core/notifications/limits";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { mailDueNotifications, unsubscribeToken } from "../../src/server/features/notifications";
import type { Member, TestContext } from "../support/app";
import { attemptsOf, queueDrained } from "../support/jobs";
import { closeMailTestContext, createMailTestContext, verifiedMember } from "../support/mail-context";
import type { Mailbox, ReceivedMail } from "../support/mailbox";

let mailbox: Mailbox;
let t: TestContext;

beforeAll(async () => {
  ({ t, mailbox } = await createMailTestContext({ EMAIL_NOTIFICATION_DELAY: "1" }));
});
afterAll(() => closeMailTestContext({ t, mailbox }));

async function share(m: Member, content: string) {
  const res = await m.client.call(prayerEndpoints.share, { body: { content } });
  expect(res.status).toBe(201);
  return res.body.id;
}
const pray = (m: Member, id: number) => m.client.call(prayerEndpoints.pray, { params: { id } });

describe("mail she wants right away", () => {
  it("arrives after the delay with everything waiting for her in one mail, each with its link", async () => {
    const author = await verifiedMember({ t, mailbox }, "Ruth");
    const esther = await t.member({ firstName: "Esther" });
    const id = await share(author, "Wisdom for a hard decision at work.");
    await pray(esther, id);
    await esther.client.call(prayerEndpoints.respond, {
      params: { id },
      body: { content: "Praying for clarity for you.", isPraying: false },
    });

    const mail = await mailbox.next(author.email);
    expect(mail.subject).toBe("2 new notifications");
    expect(mail.text).toContain("Shalom, Ruth,");
    expect(mail.text).toContain(`Esther prayed for your request: ${t.config.publicUrl}/community`);
    expect(mail.text).toContain(`Esther responded to your prayer request: ${t.config.publicUrl}/community`);
    expect(mail.text).toContain(`${t.config.publicUrl}/notifications?tab=preferences`);
    expect(mail.html).toContain("Esther prayed for your request");
    await queueDrained(t);
    expect(mailbox.to(author.email)).toHaveLength(2);
  });

  it("leaves out what she read in the app meanwhile, and kinds she wants only in her digest", async () => {
    const author = await verifiedMember({ t, mailbox }, "Hannah");
    const friend = await t.member({ firstName: "Lydia" });
    await author.client.call(api.updatePreferences, {
      body: {
        email: { prayer_response: "digest" },
        digest: { frequency: "weekly", hour: 8, weekday: 0, timeZone: "UTC" },
        restOnShabbat: false,
      },
    });
    const read = await share(author, "A safe journey home.");
    await pray(friend, read);
    await author.client.call(api.markRead, { body: {} });
    await friend.client.call(prayerEndpoints.respond, {
      params: { id: read },
      body: { content: "Travel mercies!", isPraying: false },
    });

    // What she still wants comes, alone.
    const wanted = await share(author, "Rest after a long season.");
    await pray(friend, wanted);
    const mail = await mailbox.next(author.email);
    expect(mail.subject).toBe("Lydia prayed for your request");
    expect(mail.text).toContain(`Lydia prayed for your request: ${t.config.publicUrl}/community`);
    expect(mail.text).not.toContain("responded");
    await queueDrained(t);
    expect(mailbox.to(author.email)).toHaveLength(2);
  });

  it("never goes to an address she has not proved", async () => {
    const unproved = await t.member({ firstName: "Dinah" });
    await mailbox.next(unproved.email);
    const proved = await verifiedMember({ t, mailbox }, "Abigail");
    const friend = await t.member();
    await pray(friend, await share(unproved, "Courage for a new job."));
    await pray(friend, await share(proved, "Courage for a new home."));
    await mailbox.next(proved.email);
    await queueDrained(t);
    expect(mailbox.to(unproved.email)).toHaveLength(1);
  });

  it("leaves once when several sweeps run at once, as on several instances", async () => {
    const author = await verifiedMember({ t, mailbox }, "Tamar");
    const friend = await t.member({ firstName: "Shira" });
    await pray(friend, await share(author, "Patience with my children."));
    const arrived = mailbox.next(author.email);
    let mail: Awaited<typeof arrived> | undefined;
    void arrived.then((m) => {
      mail = m;
    });
    while (!mail) {
      await Promise.all([1, 2, 3].map(() => mailDueNotifications(t.database.db, t.config)));
      await new Promise((r) => setTimeout(r, 100));
    }
    await queueDrained(t);
    expect(mailbox.to(author.email).filter((m) => m.subject.includes("prayed"))).toHaveLength(1);
  });

  it("waits out an SMTP server that refuses for a while, and is delivered once", async () => {
    const author = await verifiedMember({ t, mailbox }, "Miriam");
    const friend = await t.member({ firstName: "Naomi" });
    mailbox.refuse(true);
    await pray(friend, await share(author, "Healing for my father."));
    await expect.poll(() => attemptsOf(t, "send-mail"), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    mailbox.refuse(false);
    const mail = await mailbox.next(author.email, 20_000);
    expect(mail.subject).toBe("Naomi prayed for your request");
    await queueDrained(t);
    expect(mailbox.to(author.email)).toHaveLength(2);
  }, 40_000);
});

// Rest on Shabbat (nothing leaves in her window, what was held leaves once after it):
// test/api/notification-rest.test.ts.

describe("unsubscribing from a notification mail", () => {
  const headerOf = (mail: ReceivedMail, name: string) =>
    mail.parsed.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, "");

  /** A one-click POST as a mail app sends it: no cookie, no Origin, a url-encoded form. */
  const oneClick = (url: string) =>
    t.app.inject({
      method: "POST",
      url: url.replace(t.config.publicUrl, ""),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });

  it("carries List-Unsubscribe with one-click, and one POST turns that kind off at once", async () => {
    const author = await verifiedMember({ t, mailbox }, "Leah");
    const friend = await t.member({ firstName: "Rachel" });
    const verification = mailbox.to(author.email)[0]!;
    expect(headerOf(verification, "list-unsubscribe")).toBeUndefined();

    await pray(friend, await share(author, "Strength for my mother."));
    const mail = await mailbox.next(author.email);
    expect(headerOf(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const link = headerOf(mail, "list-unsubscribe")!.replace(/^<|>$/g, "");
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/api/notifications/unsubscribe\\?token=`));
    expect(mail.text).toContain(link);

    const res = await oneClick(link);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kinds: ["Someone prayed for my request"] });
    const prefs = (await author.client.call(api.preferences)).body;
    expect(prefs.email.prayer_prayed).toBe("never");
    expect(prefs.email.prayer_response).toBe("instant");

    // Opened in a browser, the link shows the page that offers fewer e-mails, and changes nothing.
    const opened = await t.visitor().get(link.replace(t.config.publicUrl, ""));
    expect(opened.status).toBe(302);
    expect(opened.headers.location).toMatch(/^\/unsubscribe\?token=/);
  });

  it("offers less often with the same link, and refuses a forged or widened one", async () => {
    const member = await t.member();
    const token = unsubscribeToken(t.config.sessionSecret!, {
      userId: member.id,
      kinds: ["video_published"],
    });
    const call = (tok: string, mode?: "off" | "digest" | "all") =>
      t.visitor().call(api.unsubscribe, { query: { token: tok, mode } });

    expect((await call(token, "digest")).status).toBe(200);
    expect((await member.client.call(api.preferences)).body.email.video_published).toBe("digest");

    const [payload, signature] = token.split(".");
    const widened = Buffer.from(`${member.id}.prayer_prayed,video_published`).toString("base64url");
    const someoneElse = Buffer.from(`${member.id + 1}.video_published`).toString("base64url");
    for (const forged of [
      `${widened}.${signature}`,
      `${someoneElse}.${signature}`,
      `${payload}.x${signature}`,
      "nonsense",
    ]) {
      const res = await call(forged);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(NOTIFICATION_MESSAGES.unsubscribeLink);
    }
    expect((await member.client.call(api.preferences)).body.email.prayer_prayed).toBe("instant");
  });

  it("turns all notification mail off only for her, signed in: the link alone is refused and changes nothing", async () => {
    const member = await t.member();
    const other = await t.member();
    const token = unsubscribeToken(t.config.sessionSecret!, {
      userId: member.id,
      kinds: ["video_published"],
    });
    const before = (await member.client.call(api.preferences)).body.email;

    for (const caller of [t.visitor(), other.client]) {
      const refused = await caller.call(api.unsubscribe, { query: { token, mode: "all" } });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(NOTIFICATION_MESSAGES.unsubscribeAllNeedsSignIn);
    }
    expect((await member.client.call(api.preferences)).body.email).toEqual(before);

    const res = await member.client.call(api.unsubscribe, { query: { token, mode: "all" } });
    expect(res.status).toBe(200);
    const all = (await member.client.call(api.preferences)).body.email;
    // Moderation notices are not hers to turn off from a mail.
    expect(all).toEqual({
      ...Object.fromEntries(Object.keys(before).map((kind) => [kind, "never"])),
      moderation_review: "instant",
      moderation_warning: "instant",
    });
  });

  it("never turns moderation notices off, nor into the digest, whatever kinds the link names", async () => {
    const member = await t.member();
    const token = unsubscribeToken(t.config.sessionSecret!, {
      userId: member.id,
      kinds: ["moderation_warning", "moderation_review", "prayer_prayed"],
    });
    const link = `${t.config.publicUrl}/api/notifications/unsubscribe?token=${token}`;
    const res = await oneClick(link);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kinds: ["Someone prayed for my request"] });
    const less = await t.visitor().call(api.unsubscribe, { query: { token, mode: "digest" } });
    expect(less.status).toBe(200);
    const prefs = (await member.client.call(api.preferences)).body.email;
    expect(prefs).toMatchObject({
      prayer_prayed: "digest",
      moderation_warning: "instant",
      moderation_review: "instant",
    });
  });

  it("sends a moderators' note without an unsubscribe link", async () => {
    const member = await verifiedMember({ t, mailbox }, "Keziah");
    const admin = await t.admin();
    const warned = await admin.client.call(moderationEndpoints.adminWarn, {
      params: { id: member.id },
      body: { reason: "Please keep replies kind." },
    });
    expect(warned.status).toBe(200);
    const mail = await mailbox.next(member.email);
    expect(mail.text).toContain("A note from the ministry's moderators: Please keep replies kind.");
    expect(headerOf(mail, "list-unsubscribe")).toBeUndefined();
    expect(headerOf(mail, "list-unsubscribe-post")).toBeUndefined();
    expect(mail.text).not.toContain("/api/notifications/unsubscribe");
  });
});
