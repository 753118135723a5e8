import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationEndpoints as talk } from "../../src/core/conversation/endpoints";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { notificationsEndpoints as api } from "../../src/core/notifications/endpoints";
import type { EmailChoice } from "../../src/core/notifications/kinds";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { cultivationGroupMembers } from "../../src/server/db/schema";
import { sendDigests } from "../../src/server/features/notifications";
import { startWorker } from "../../src/server/jobs/worker";
import { createTestContext, type Member, succeeded, type TestContext } from "../support/app";
import { openGroup, startGroup } from "../support/content";
import { attemptsOf, queueDrained } from "../support/jobs";
import { closeMailTestContext, createMailTestContext, verifiedMember } from "../support/mail-context";
import type { Mailbox, ReceivedMail } from "../support/mailbox";

let mailbox: Mailbox;
let t: TestContext;

beforeAll(async () => {
  ({ t, mailbox } = await createMailTestContext({ EMAIL_NOTIFICATION_DELAY: "1" }));
});
afterAll(() => closeMailTestContext({ t, mailbox }));

interface DigestChoice {
  frequency: "daily" | "weekly";
  hour: number;
  weekday?: number;
  timeZone: string;
  restOnShabbat?: boolean;
  email?: Partial<Record<string, EmailChoice>>;
}

/** Her digest settings; prayers for her requests go to her digest unless `email` says otherwise. */
async function choose(m: Member, choice: DigestChoice) {
  const res = await m.client.call(api.updatePreferences, {
    body: {
      email: choice.email ?? { prayer_prayed: "digest", prayer_response: "digest" },
      digest: {
        frequency: choice.frequency,
        hour: choice.hour,
        weekday: choice.weekday ?? 0,
        timeZone: choice.timeZone,
      },
      restOnShabbat: choice.restOnShabbat ?? false,
    },
  });
  expect(res.status).toBe(200);
}

async function share(m: Member, content: string) {
  const res = await m.client.call(prayerEndpoints.share, { body: { content } });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** A friend prays for a new request of hers: one notification "… prayed for your request". */
async function prayedFor(m: Member, friend: Member, content: string) {
  const res = await friend.client.call(prayerEndpoints.pray, { params: { id: await share(m, content) } });
  expect(res.status).toBeLessThan(300);
}

/** Runs the hourly digest job as of `now` and waits until the mails it enqueued have left. */
async function digestRun(now: string) {
  await sendDigests(t.database.db, new Date(now));
  await queueDrained(t);
}

const digestsTo = (m: Member) => mailbox.to(m.email).filter((mail) => mail.subject.includes("digest"));
const headerOf = (mail: ReceivedMail, name: string) =>
  mail.parsed.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, "");

// 25 November 2026 is a Wednesday; Friday is the 27th, Sunday the 29th.
describe("the digest", () => {
  it("is on the job queue's hourly schedule once the worker starts with it", async () => {
    const scheduled = await startWorker(t.app, { schedule: true });
    try {
      const known = async () =>
        (
          await t.database.pool.query<{ identifier: string }>(
            "select identifier from graphile_worker._private_known_crontabs where identifier = 'hourly-digests'",
          )
        ).rows;
      await expect.poll(known, { timeout: 15_000 }).toEqual([{ identifier: "hourly-digests" }]);
    } finally {
      await scheduled.stop();
    }
  });

  it("comes daily at her hour in her zone, grouped by section, each item with its link", async () => {
    const author = await verifiedMember({ t, mailbox }, "Ruth");
    const friend = await t.member({ firstName: "Esther" });
    await choose(author, { frequency: "daily", hour: 7, timeZone: "Asia/Jerusalem" });
    await prayedFor(author, friend, "Wisdom for a hard decision at work.");
    await prayedFor(author, friend, "Peace in our home.");

    // 07:00 in London is 09:00 in Jerusalem: not her hour.
    await digestRun("2026-11-25T07:00:00Z");
    expect(digestsTo(author)).toHaveLength(0);

    await digestRun("2026-11-25T05:00:00Z");
    const [mail] = digestsTo(author);
    expect(mail?.subject).toBe("Your daily digest: 2 new notifications");
    expect(mail!.text).toContain("Shalom, Ruth,");
    expect(mail!.text).toContain("Prayer\n\nEsther prayed for your request: ");
    expect(mail!.text).toContain(`Esther prayed for your request: ${t.config.publicUrl}/community`);
    expect(mail!.text).toContain(`${t.config.publicUrl}/notifications?tab=preferences`);
    expect(mail!.html).toContain("Esther prayed for your request");
    expect(mail!.html).toContain('name="viewport"');
    expect(headerOf(mail!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = headerOf(mail!, "list-unsubscribe")!.replace(/^<|>$/g, "");
    expect(unsubscribe).toMatch(new RegExp(`^${t.config.publicUrl}/api/notifications/unsubscribe\\?token=`));
    expect(mail!.text).toContain(unsubscribe);

    // The next day there is nothing new: no mail.
    await digestRun("2026-11-26T05:00:00Z");
    expect(digestsTo(author)).toHaveLength(1);
  });

  it("comes weekly only on her weekday", async () => {
    const author = await verifiedMember({ t, mailbox }, "Hannah");
    const friend = await t.member({ firstName: "Lydia" });
    await choose(author, { frequency: "weekly", weekday: 3, hour: 9, timeZone: "UTC" });
    await prayedFor(author, friend, "A safe journey home.");

    await digestRun("2026-11-24T09:00:00Z");
    await digestRun("2026-11-26T09:00:00Z");
    expect(digestsTo(author)).toHaveLength(0);

    await digestRun("2026-11-25T09:00:00Z");
    const [mail] = digestsTo(author);
    expect(mail?.subject).toBe("Your weekly digest: 1 new notification");
    expect(mail!.text).toContain("Lydia prayed for your request");
  });

  it("sends nothing when there is nothing, or when she has read it all", async () => {
    const quiet = await verifiedMember({ t, mailbox }, "Dinah");
    await choose(quiet, { frequency: "daily", hour: 10, timeZone: "UTC" });
    const reader = await verifiedMember({ t, mailbox }, "Abigail");
    const friend = await t.member({ firstName: "Shira" });
    await choose(reader, { frequency: "daily", hour: 10, timeZone: "UTC" });
    await prayedFor(reader, friend, "Courage for a new job.");
    expect((await reader.client.call(api.markRead, { body: {} })).status).toBe(200);

    await digestRun("2026-11-25T10:00:00Z");
    expect(mailbox.to(quiet.email)).toHaveLength(1);
    expect(mailbox.to(reader.email)).toHaveLength(1);
  });

  it("leaves out what she has read", async () => {
    const author = await verifiedMember({ t, mailbox }, "Tamar");
    const friend = await t.member({ firstName: "Naomi" });
    await choose(author, { frequency: "daily", hour: 11, timeZone: "UTC" });
    await prayedFor(author, friend, "Patience with my children.");
    const [read] = (await author.client.call(api.list)).body;
    await author.client.call(api.markRead, { body: { ids: [read!.id] } });
    await prayedFor(author, friend, "Strength for my mother.");
    await friend.client.call(prayerEndpoints.respond, {
      params: { id: await share(author, "Rest after a long season.") },
      body: { content: "Praying you find rest.", isPraying: false },
    });

    await digestRun("2026-11-25T11:00:00Z");
    const [mail] = digestsTo(author);
    expect(mail?.subject).toBe("Your daily digest: 2 new notifications");
    expect(mail!.text).toContain("Naomi prayed for your request");
    expect(mail!.text).toContain("Naomi responded to your prayer request");
  });

  it("is sent once when the job runs twice, or on two workers at once", async () => {
    const author = await verifiedMember({ t, mailbox }, "Miriam");
    const friend = await t.member({ firstName: "Rachel" });
    await choose(author, { frequency: "daily", hour: 12, timeZone: "UTC" });
    await prayedFor(author, friend, "Healing for my father.");

    await Promise.all([1, 2].map(() => sendDigests(t.database.db, new Date("2026-11-25T12:00:00Z"))));
    await digestRun("2026-11-25T12:00:00Z");
    await digestRun("2026-11-25T12:30:00Z");
    expect(digestsTo(author)).toHaveLength(1);
  });

  it("loses nothing when it runs again within the hour, before the first digest has left", async () => {
    // An app of its own whose worker starts only after both runs: the first digest is still waiting.
    const held = await createTestContext({ SMTP_URL: mailbox.url, SITE_NAME: "Mishpacha" });
    try {
      const author = await held.member({ firstName: "Esther" });
      await held.verify(author);
      const friend = await held.member({ firstName: "Hannah" });
      await choose(author, { frequency: "daily", hour: 13, timeZone: "UTC" });
      await prayedFor(author, friend, "Wisdom for a decision at work.");
      await sendDigests(held.database.db, new Date("2026-11-25T13:00:00Z"));
      await prayedFor(author, friend, "Peace in our home.");
      await sendDigests(held.database.db, new Date("2026-11-25T13:30:00Z"));

      const worker = await startWorker(held.app);
      try {
        await queueDrained(held);
      } finally {
        await worker.stop();
      }
      const told = digestsTo(author).flatMap(
        (mail) => mail.text.match(/Hannah prayed for your request/g) ?? [],
      );
      expect(told).toHaveLength(2);
    } finally {
      await held.close();
    }
  });

  it("leaves out what she can no longer see: a request deleted, a join request decided, a group she left", async () => {
    const leader = await verifiedMember({ t, mailbox }, "Deborah");
    const coLeader = await verifiedMember({ t, mailbox }, "Priscilla");
    const friend = await t.member({ firstName: "Lois" });
    const asking = [await t.member({ firstName: "Joanna" }), await t.member({ firstName: "Susanna" })];
    const digestOfJoining = { group_join_requested: "digest", prayer_prayed: "digest" } as const;
    await choose(leader, { frequency: "daily", hour: 14, timeZone: "UTC", email: digestOfJoining });
    await choose(coLeader, { frequency: "daily", hour: 14, timeZone: "UTC", email: digestOfJoining });

    // Her request is prayed for, then she deletes it.
    const request = await share(leader, "A quiet heart before the move.");
    await friend.client.call(prayerEndpoints.pray, { params: { id: request } });
    await succeeded(leader.client.call(moderationEndpoints.deletePrayerRequest, { params: { id: request } }));

    // Two ask to join her group; one is decided at once, and her co-leader leaves.
    const group = await startGroup(leader, { name: "Daughters of Zion" });
    await t.database.db
      .insert(cultivationGroupMembers)
      .values({ groupId: group.id, userId: coLeader.id, role: "admin" });
    for (const m of asking)
      await succeeded(m.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} }));
    const waiting = await succeeded(
      leader.client.call(groupsEndpoints.requests, { params: { id: group.id } }),
    );
    const joanna = waiting.find((r) => r.user.id === asking[0]!.id)!;
    await succeeded(
      leader.client.call(groupsEndpoints.approveRequest, { params: { id: group.id, requestId: joanna.id } }),
    );
    await succeeded(coLeader.client.call(groupsEndpoints.leave, { params: { id: group.id } }));

    await digestRun("2026-11-25T14:00:00Z");
    const [mail] = digestsTo(leader);
    expect(mail?.subject).toBe("Your daily digest: 1 new notification");
    expect(mail!.text).toContain("Susanna asked to join Daughters of Zion");
    expect(mail!.text).not.toContain("Joanna");
    expect(mail!.text).not.toContain("prayed for your request");
    expect(digestsTo(coLeader)).toHaveLength(0);
  });

  it("lists the new posts of her groups by default, and none of a group she left", async () => {
    const reader = await verifiedMember({ t, mailbox }, "Keziah");
    const leader = await t.member({ firstName: "Salome" });
    await choose(reader, { frequency: "daily", hour: 20, timeZone: "UTC", email: {} });
    const staying = await openGroup(leader);
    const leaving = await startGroup(leader, {
      name: "Psalms & Paintbrushes",
      isPrivate: false,
      requiresApproval: false,
    });
    for (const { id } of [staying, leaving])
      await succeeded(reader.client.call(groupsEndpoints.join, { params: { id }, body: {} }));
    const post = (id: number, body: string) =>
      succeeded(
        leader.client.call(talk.postInCultivationGroup, {
          params: { id },
          body: { kind: "discussion", body },
        }),
      );
    const kept = await post(staying.id, "Who is coming on Tuesday?");
    await post(leaving.id, "Bring your brushes on Thursday.");
    await succeeded(reader.client.call(groupsEndpoints.leave, { params: { id: leaving.id } }));

    await digestRun("2026-11-25T20:00:00Z");
    const [mail] = digestsTo(reader);
    expect(mail?.subject).toBe("Your daily digest: 1 new notification");
    expect(mail!.text).toContain(
      `Groups\n\nSalome posted in Open Door: ${t.config.publicUrl}/group-posts/${kept.id}`,
    );
    expect(mail!.text).not.toContain("Psalms & Paintbrushes");
    expect(mail!.html).toContain("Salome posted in Open Door");
  });

  it("waits out an SMTP server that refuses for a while, and is delivered once", async () => {
    const author = await verifiedMember({ t, mailbox }, "Chava");
    const friend = await t.member({ firstName: "Yael" });
    await choose(author, { frequency: "daily", hour: 15, timeZone: "UTC" });
    await prayedFor(author, friend, "Wisdom for the years ahead.");

    mailbox.refuse(true);
    await sendDigests(t.database.db, new Date("2026-11-25T15:00:00Z"));
    await expect.poll(() => attemptsOf(t, "send-digest"), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    mailbox.refuse(false);
    await queueDrained(t, 30_000);
    await digestRun("2026-11-25T15:30:00Z");
    const digests = digestsTo(author);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text).toContain("Yael prayed for your request");
  }, 45_000);

  it("does not repeat in the digest what was already mailed right away", async () => {
    const author = await verifiedMember({ t, mailbox }, "Leah");
    const friend = await t.member({ firstName: "Sarah" });
    await choose(author, {
      frequency: "daily",
      hour: 13,
      timeZone: "UTC",
      email: { prayer_prayed: "instant", prayer_response: "digest" },
    });
    const id = await share(author, "Strength for the move.");
    await friend.client.call(prayerEndpoints.pray, { params: { id } });
    expect((await mailbox.next(author.email)).subject).toBe("Sarah prayed for your request");
    await friend.client.call(prayerEndpoints.respond, {
      params: { id },
      body: { content: "Praying for an easy move.", isPraying: false },
    });

    await digestRun("2026-11-25T13:00:00Z");
    const [mail] = digestsTo(author);
    expect(mail?.subject).toBe("Your daily digest: 1 new notification");
    expect(mail!.text).toContain("Sarah responded to your prayer request");
    expect(mail!.text).not.toContain("prayed for your request");
  });
});

// A digest due while she rests (Rest on Shabbat) leaves with what was held once her rest is over:
// test/api/notification-rest.test.ts.
