import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyIn } from "../../src/core/contract";
import { eventsEndpoints as api } from "../../src/core/events/endpoints";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { localGroupsEndpoints } from "../../src/core/local-groups/endpoints";
import { notificationsEndpoints } from "../../src/core/notifications/endpoints";
import { type Member, succeeded, type TestContext } from "../support/app";
import {
  createEvent as createAnEvent,
  daysAhead,
  openGroup,
  startGroup,
  startLocalGroup,
} from "../support/content";
import { queueDrained } from "../support/jobs";
import { closeMailTestContext, createMailTestContext, verifiedMember } from "../support/mail-context";
import type { Mailbox } from "../support/mailbox";
import { everyNotificationHanded, pushSettingsFor, subscribedDevice } from "../support/push-devices";
import { type PushReceiver, startPushReceiver } from "../support/push-receiver";

// Who hears of an event is who may open it, when she is told: a member who leaves a private
// group, or is removed from it, hears nothing more of its events, in her bell, by mail or by push.

let t: TestContext;
let mailbox: Mailbox;
let receiver: PushReceiver;

beforeAll(async () => {
  receiver = await startPushReceiver();
  ({ t, mailbox } = await createMailTestContext({
    EMAIL_NOTIFICATION_DELAY: "1",
    ...pushSettingsFor(receiver),
  }));
});
afterAll(async () => {
  await closeMailTestContext({ t, mailbox });
  await receiver?.stop();
});

/** Her events are a Sukkot supper in Miriam's garden unless a test says otherwise. */
const createEvent = (by: Member, overrides: Partial<BodyIn<typeof api.create>>) =>
  createAnEvent(by, {
    title: "Sukkot supper",
    description: "Under the booth in the garden.",
    location: "Miriam's garden",
    ...overrides,
  });

const rsvpGoing = (m: Member, id: number) =>
  succeeded(m.client.call(api.rsvp, { params: { id }, body: { status: "going" } }));

const bell = async (m: Member) =>
  (await succeeded(m.client.call(notificationsEndpoints.list))).map((n) => n.text);
const unread = async (m: Member) =>
  (await succeeded(m.client.call(notificationsEndpoints.unreadCount))).count;

const message = (by: Member, id: number, text: string) =>
  succeeded(by.client.call(api.message, { params: { id }, body: { text } }));

const joinGroup = (m: Member, id: number) =>
  succeeded(m.client.call(groupsEndpoints.join, { params: { id }, body: {} }));

const going = async (organiser: Member, id: number) =>
  (await succeeded(organiser.client.call(api.attendees, { params: { id } }))).going.map((p) => p.id);

/** The organiser moves the event, writes to those coming, then cancels it. */
async function changeAndCancel(organiser: Member, id: number) {
  await succeeded(
    organiser.client.call(api.update, {
      params: { id },
      body: { startsAt: daysAhead(6).toISOString(), endsAt: daysAhead(6, 21).toISOString() },
    }),
  );
  await message(organiser, id, "The door code is 9999");
  await succeeded(organiser.client.call(api.cancel, { params: { id } }));
}

const SINCE_SHE_LEFT = [/9999/, /new time or place/, /was cancelled/];
const tellsOfAfterwards = (text: string) => SINCE_SHE_LEFT.some((words) => words.test(text));

describe("a member who leaves a private group", () => {
  const ways = [
    [
      "is removed by its admin",
      (organiser: Member, groupId: number, her: Member) =>
        succeeded(
          organiser.client.call(groupsEndpoints.removeMember, { params: { id: groupId, userId: her.id } }),
        ),
    ],
    [
      "leaves on her own",
      (_organiser: Member, groupId: number, her: Member) =>
        succeeded(her.client.call(groupsEndpoints.leave, { params: { id: groupId } })),
    ],
  ] as const;

  it.each(ways)(
    "hears nothing more of its events once she %s: not in her bell, by mail or by push, and her answer ends",
    async (_way, leave) => {
      const organiser = await t.member({ firstName: "Miriam" });
      const group = await startGroup(organiser, { isPrivate: true, requiresApproval: false });
      const her = await verifiedMember({ t, mailbox }, "Ruth");
      const stayer = await verifiedMember({ t, mailbox }, "Naomi");
      for (const m of [her, stayer]) await joinGroup(m, group.id);
      const event = await createEvent(organiser, { groupId: group.id });
      for (const m of [her, stayer]) await rsvpGoing(m, event.id);
      const [herPhone, stayerPhone] = [
        await subscribedDevice(receiver, her),
        await subscribedDevice(receiver, stayer),
      ];

      // Told while she still belonged: in her bell, and counted.
      await message(organiser, event.id, "Bring a lantern");
      expect(await bell(her)).toEqual(["Miriam wrote about Sukkot supper: Bring a lantern"]);
      expect(await unread(her)).toBe(1);

      await leave(organiser, group.id, her);
      expect(await going(organiser, event.id)).toEqual([stayer.id]);
      expect((await her.client.call(api.get, { params: { id: event.id } })).status).toBe(404);
      // What she was told before is about what she may no longer open: gone from her bell and its count.
      expect(await bell(her)).toEqual([]);
      expect(await unread(her)).toBe(0);

      await changeAndCancel(organiser, event.id);

      // Those still in the group are told, by every channel.
      expect(await bell(stayer)).toEqual([
        "Sukkot supper was cancelled",
        "Miriam wrote about Sukkot supper: The door code is 9999",
        "Sukkot supper has a new time or place",
        "Miriam wrote about Sukkot supper: Bring a lantern",
      ]);
      const mailedTo = (m: Member) =>
        mailbox
          .to(m.email)
          .map((mail) => mail.text)
          .join("\n");
      await expect.poll(() => mailedTo(stayer), { timeout: 15_000 }).toContain("The door code is 9999");
      await expect.poll(() => mailedTo(stayer), { timeout: 15_000 }).toContain("Sukkot supper was cancelled");
      await receiver.waitFor(stayerPhone.endpoint, 4, 15_000);
      await everyNotificationHanded(t);
      await queueDrained(t);

      // She is not.
      expect(await bell(her)).toEqual([]);
      expect(await unread(her)).toBe(0);
      expect(mailbox.to(her.email).filter((m) => tellsOfAfterwards(m.text))).toEqual([]);
      expect(
        receiver.to(herPhone.endpoint).filter((p) => tellsOfAfterwards(JSON.stringify(p.message))),
      ).toEqual([]);
    },
    45_000,
  );

  it("gives her place at a full event to the first one waiting, who is told", async () => {
    const organiser = await t.member({ firstName: "Miriam" });
    const group = await startGroup(organiser, { isPrivate: true, requiresApproval: false });
    const [her, waiting] = [await t.member(), await t.member()];
    for (const m of [her, waiting]) await joinGroup(m, group.id);
    const event = await createEvent(organiser, {
      groupId: group.id,
      capacity: 1,
      title: "Tabernacles retreat",
    });
    await rsvpGoing(her, event.id);
    expect((await rsvpGoing(waiting, event.id)).status).toBe("waitlisted");

    await succeeded(her.client.call(groupsEndpoints.leave, { params: { id: group.id } }));
    expect(await going(organiser, event.id)).toEqual([waiting.id]);
    expect(await bell(waiting)).toEqual(["A place opened for you at Tabernacles retreat: you are going"]);
  });

  it("refuses her answer to a full event as if it were not there when she left the group while it waited its turn", async () => {
    const organiser = await t.member({ firstName: "Miriam" });
    const group = await startGroup(organiser, { isPrivate: true, requiresApproval: false });
    const her = await t.member();
    await joinGroup(her, group.id);
    const event = await createEvent(organiser, { groupId: group.id, capacity: 3, title: "Shavuot night" });
    // The event's row held, as an answer or a change to it holds it while it is written.
    const turn = new pg.Client({ connectionString: t.config.databaseUrl });
    await turn.connect();
    try {
      await turn.query("begin");
      await turn.query("select 1 from events where id = $1 for update", [event.id]);
      const answer = her.client.call(api.rsvp, { params: { id: event.id }, body: { status: "going" } });
      const waiting = async () =>
        (
          await turn.query(`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`)
        ).rows[0].n;
      await expect.poll(waiting).toBe(1);
      await succeeded(her.client.call(groupsEndpoints.leave, { params: { id: group.id } }));
      await turn.query("commit");
      const refused = await answer;
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ message: "Event not found" });
    } finally {
      await turn.end();
    }
    expect(await going(organiser, event.id)).toEqual([]);
  });

  it("keeps her answer to a public group's event, which she may still open, and tells her of it", async () => {
    const organiser = await t.member({ firstName: "Hannah" });
    const group = await openGroup(organiser);
    const her = await t.member();
    await joinGroup(her, group.id);
    const event = await createEvent(organiser, { groupId: group.id, title: "Open supper" });
    await rsvpGoing(her, event.id);

    await succeeded(her.client.call(groupsEndpoints.leave, { params: { id: group.id } }));
    expect(await going(organiser, event.id)).toEqual([her.id]);
    await message(organiser, event.id, "Doors open at six");
    expect(await bell(her)).toEqual(["Hannah wrote about Open supper: Doors open at six"]);
    expect(await unread(her)).toBe(1);
  });

  it("keeps her answer to a local group's event when she leaves the group: its events are every member's", async () => {
    const leader = await t.member({ firstName: "Lydia" });
    const group = await startLocalGroup(leader, { requiresApproval: false });
    const her = await t.member();
    await succeeded(her.client.call(localGroupsEndpoints.join, { params: { id: group.id } }));
    const event = await createEvent(leader, { localGroupId: group.id, title: "Austin picnic" });
    await rsvpGoing(her, event.id);

    await succeeded(her.client.call(localGroupsEndpoints.leave, { params: { id: group.id } }));
    expect(await going(leader, event.id)).toEqual([her.id]);
    await message(leader, event.id, "Bring a blanket");
    expect(await bell(her)).toEqual(["Lydia wrote about Austin picnic: Bring a blanket"]);
  });
});

describe("a group that becomes private", () => {
  it("ends the answers of those outside it to its events, and tells them nothing more", async () => {
    const organiser = await t.member({ firstName: "Deborah" });
    const group = await openGroup(organiser);
    const outsider = await t.member();
    const event = await createEvent(organiser, { groupId: group.id, title: "Harvest supper" });
    await rsvpGoing(outsider, event.id);
    await message(organiser, event.id, "Bring bread");
    expect(await unread(outsider)).toBe(1);

    await succeeded(
      organiser.client.call(groupsEndpoints.update, {
        params: { id: group.id },
        body: {
          name: group.name,
          description: group.description,
          category: "cultural",
          isPrivate: true,
          requiresApproval: false,
          maxMembers: group.maxMembers,
        },
      }),
    );
    expect(await going(organiser, event.id)).toEqual([]);
    expect(await bell(outsider)).toEqual([]);
    expect(await unread(outsider)).toBe(0);
    await message(organiser, event.id, "The door code is 9999");
    expect(await bell(outsider)).toEqual([]);
    expect(await unread(outsider)).toBe(0);
  });
});

describe("what was left from before", () => {
  it("does not list a notice of an event she may no longer open", async () => {
    const organiser = await t.member({ firstName: "Miriam" });
    const group = await startGroup(organiser, { isPrivate: true, requiresApproval: false });
    const outsider = await t.member();
    const event = await createEvent(organiser, { groupId: group.id, title: "Elders' supper" });
    const openEvent = await createEvent(organiser, {
      groupId: (await openGroup(organiser)).id,
      title: "Open supper",
    });
    // Notices kept from before they were taken back with a membership.
    for (const [subject, title] of [
      [event.id, "Elders' supper: The door code is 9999"],
      [openEvent.id, "Open supper: Doors open at six"],
    ] as const)
      await t.database.pool.query(
        `insert into notifications (user_id, kind, subject_id, dedupe_key, actor_id, actor_name, title)
          values ($1, 'event_message', $2::int, 'left@' || $2::text, $3, 'Miriam', $4)`,
        [outsider.id, subject, organiser.id, title],
      );
    expect(await bell(outsider)).toEqual(["Miriam wrote about Open supper: Doors open at six"]);
  });

  it("does not tell a member of an event she may not open, even where her answer stayed", async () => {
    const organiser = await t.member({ firstName: "Miriam" });
    const group = await startGroup(organiser, { isPrivate: true, requiresApproval: false });
    const outsider = await t.member();
    const event = await createEvent(organiser, { groupId: group.id, title: "Elders' supper" });
    // Her answer, kept from before answers ended with a membership.
    await t.database.pool.query(
      `insert into event_rsvps (event_id, occurrence, user_id, status) values ($1, $2, $3, 'going')`,
      [event.id, event.startsAt, outsider.id],
    );

    expect(await message(organiser, event.id, "The door code is 9999")).toEqual({ sent: 0 });
    await succeeded(
      organiser.client.call(api.update, {
        params: { id: event.id },
        body: { startsAt: daysAhead(7).toISOString(), endsAt: daysAhead(7, 21).toISOString() },
      }),
    );
    await succeeded(organiser.client.call(api.cancel, { params: { id: event.id } }));
    expect(await bell(outsider)).toEqual([]);
    expect(await unread(outsider)).toBe(0);
  });
});
