import { randomBytes } from "node:crypto";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsEndpoints as api } from "../../src/core/events/endpoints";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { notificationsEndpoints } from "../../src/core/notifications/endpoints";
import { hashToken } from "../../src/server/auth/sessions";
import { cultivationGroupMembers } from "../../src/server/db/schema";
import { sendEventReminders } from "../../src/server/features/events";
import { createTestContext, invalid, type Member, succeeded, type TestContext } from "../support/app";
import {
  createEvent,
  daysAhead,
  eventBody,
  openGroup,
  startGroup,
  startLocalGroup,
} from "../support/content";

let t: TestContext;
let admin: Member;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.admin();
});
afterAll(() => t.close());

/** Dates an hour long: the first at `startsAt`, then one each week (or month) until `repeatUntil`. */
const hourSeries = (
  startsAt: string,
  repeatUntil: string,
  { repeat = "weekly", timeZone = "UTC" }: { repeat?: "weekly" | "monthly"; timeZone?: string } = {},
) => ({
  timeZone,
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
  repeat,
  repeatUntil,
});

const addToGroup = (groupId: number, member: Member) =>
  t.database.db.insert(cultivationGroupMembers).values({ groupId, userId: member.id });

const inbox = async (m: Member) =>
  (await succeeded(m.client.call(notificationsEndpoints.list))).map((n) => n.text);

const rsvp = (m: Member, id: number, status: "going" | "maybe" | "not_going", occurrence?: string) =>
  m.client.call(api.rsvp, { params: { id }, body: { status, occurrence } });

/** Every date a calendar shows for a VEVENT: its RRULE expanded, overrides applied, EXDATEs left out. */
const shownStarts = (e: VEvent | undefined) =>
  e
    ? ical
        .expandRecurringEvent(e, {
          from: new Date("2000-01-01T00:00:00Z"),
          to: new Date("2100-01-01T00:00:00Z"),
        })
        .map((i) => i.start.toISOString())
    : [];

const icsOf = async (m: Member, id: number) => {
  const res = await m.client.call(api.ics, { params: { id } });
  expect(res.status).toBe(200);
  expect(String(res.headers["content-type"])).toContain("text/calendar");
  const parsed = ical.sync.parseICS(String(res.body));
  return Object.values(parsed).filter((c): c is VEvent => c?.type === "VEVENT");
};

describe("who sees an event", () => {
  it("asks a visitor to sign in for the events and an event", async () => {
    const visitor = t.visitor();
    expect((await visitor.call(api.list)).status).toBe(401);
    expect((await visitor.call(api.get, { params: { id: 1 } })).status).toBe(401);
    expect((await visitor.call(api.ics, { params: { id: 1 } })).status).toBe(401);
  });

  it("shows a ministry event and its place to every member", async () => {
    const event = await createEvent(admin, { title: "Bible study on Ruth" });
    const member = await t.member();
    const list = await succeeded(member.client.call(api.list));
    const date = list.find((d) => d.eventId === event.id);
    expect(date).toMatchObject({
      title: "Bible study on Ruth",
      location: "12 Ha-Nevi'im St, Jerusalem",
      myRsvp: null,
    });
    const page = await succeeded(member.client.call(api.get, { params: { id: event.id } }));
    expect(page).toMatchObject({ title: "Bible study on Ruth", canEdit: false, group: null });
  });

  it("hides a private group's event from outsiders as if it did not exist, and shows it to its members", async () => {
    const leader = await t.member({ firstName: "Miriam" });
    const group = await startGroup(leader);
    const event = await createEvent(leader, {
      title: "Prayer call",
      groupId: group.id,
      location: "Miriam's home",
    });
    const [insider, outsider] = [await t.member(), await t.member()];
    await addToGroup(group.id, insider);

    const hidden = await outsider.client.call(api.get, { params: { id: event.id } });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: "Event not found" });
    expect((await outsider.client.call(api.ics, { params: { id: event.id } })).status).toBe(404);
    expect((await rsvp(outsider, event.id, "going")).status).toBe(404);
    expect((await succeeded(outsider.client.call(api.list))).map((d) => d.eventId)).not.toContain(event.id);

    const seen = await succeeded(insider.client.call(api.get, { params: { id: event.id } }));
    expect(seen).toMatchObject({ title: "Prayer call", location: "Miriam's home" });
    expect(seen.group).toMatchObject({ kind: "cultivation", id: group.id, name: "Daughters of Zion" });
    const mine = await succeeded(insider.client.call(api.list, { query: { scope: "my_groups" } }));
    expect(mine.map((d) => d.eventId)).toEqual([event.id]);
    const groupPage = await succeeded(insider.client.call(api.list, { query: { groupId: group.id } }));
    expect(groupPage.map((d) => d.eventId)).toEqual([event.id]);
    expect(await succeeded(outsider.client.call(api.list, { query: { groupId: group.id } }))).toEqual([]);
  });

  it("shows a public group's event to a member outside the group (its place to members only), and hides a private group's", async () => {
    const leader = await t.member({ firstName: "Hannah" });
    const open = await openGroup(leader);
    const closed = await startGroup(leader);
    const openEvent = await createEvent(leader, {
      title: "Open supper",
      groupId: open.id,
      location: "The fellowship hall",
    });
    const closedEvent = await createEvent(leader, { title: "Closed supper", groupId: closed.id });
    const stranger = await t.member();

    const seen = await succeeded(stranger.client.call(api.get, { params: { id: openEvent.id } }));
    expect(seen).toMatchObject({
      title: "Open supper",
      location: null,
      canEdit: false,
      group: { kind: "cultivation", id: open.id, name: "Open Door" },
    });
    const listed = (await succeeded(stranger.client.call(api.list))).map((d) => d.eventId);
    expect(listed).toContain(openEvent.id);
    expect(listed).not.toContain(closedEvent.id);
    expect((await rsvp(stranger, openEvent.id, "going")).status).toBe(200);
    expect((await stranger.client.call(api.ics, { params: { id: openEvent.id } })).status).toBe(200);

    const hidden = await stranger.client.call(api.get, { params: { id: closedEvent.id } });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ message: "Event not found" });
    expect((await rsvp(stranger, closedEvent.id, "going")).status).toBe(404);
  });

  it("shows a local group's event to every member but its place only to the group's members", async () => {
    const leader = await t.member();
    const group = await startLocalGroup(leader);
    const event = await createEvent(leader, { localGroupId: group.id, location: "Zilker Park pavilion" });
    const stranger = await t.member();
    const seen = await succeeded(stranger.client.call(api.get, { params: { id: event.id } }));
    expect(seen).toMatchObject({ location: null, group: { kind: "local", name: "Austin sisters" } });
    const own = await succeeded(leader.client.call(api.get, { params: { id: event.id } }));
    expect(own).toMatchObject({ location: "Zilker Park pavilion", canEdit: true });
  });

  it("lets only administrators create ministry events, and only its leaders a group's", async () => {
    const member = await t.member();
    const refused = await member.client.call(api.create, { body: eventBody() });
    expect(refused.status).toBe(403);
    const owner = await t.member();
    const group = await startGroup(owner);
    const inGroup = await member.client.call(api.create, { body: eventBody({ groupId: group.id }) });
    expect(inGroup.status).toBe(403);
    expect((await member.client.call(api.create, { body: eventBody({ groupId: 999_999 }) })).status).toBe(
      404,
    );
  });

  it("puts an event without a zone on its creator's clocks (the zone her app keeps), else UTC", async () => {
    const { timeZone: _zone, ...withoutZone } = eventBody();
    const creator = await t.member();
    const group = await startGroup(creator);
    const create = () => creator.client.call(api.create, { body: { ...withoutZone, groupId: group.id } });

    // The app keeps her zone in the `tz` cookie, encoded as the browser writes it.
    creator.client.jar.set("tz", encodeURIComponent("America/Chicago"));
    const chicago = await create();
    expect(chicago.status, JSON.stringify(chicago.body)).toBe(201);
    expect(chicago.body).toMatchObject({ timeZone: "America/Chicago" });
    // A zone she names wins over hers.
    expect(
      (await succeeded(creator.client.call(api.create, { body: { ...eventBody(), groupId: group.id } })))
        .timeZone,
    ).toBe("Asia/Jerusalem");

    creator.client.jar.set("tz", "Mars%2FOlympus");
    expect((await succeeded(create())).timeZone).toBe("UTC");
    creator.client.jar.delete("tz");
    const none = await succeeded(create());
    expect(none.timeZone).toBe("UTC");
    expect(none.occurrences[0]?.zoneClock).toBe("6:00 PM");
  });

  it("rejects an end before the start, an unknown zone and a repeat without an end, saying which field", async () => {
    const endFirst = await admin.client.call(api.create, {
      body: eventBody({ endsAt: daysAhead(4).toISOString() }),
    });
    expect(endFirst.status).toBe(400);
    expect(JSON.stringify(endFirst.body)).toContain("The end must be after the start");
    const zone = await admin.client.call(api.create, { body: eventBody({ timeZone: "Mars/Olympus" }) });
    expect(zone.status).toBe(400);
    expect(JSON.stringify(zone.body)).toContain("Unknown time zone");
    const repeat = await admin.client.call(api.create, { body: eventBody({ repeat: "weekly" }) });
    expect(repeat.status).toBe(400);
    expect(JSON.stringify(repeat.body)).toContain("Choose when the repetition ends");
  });

  it("refuses a repetition end it cannot read with 400, beside a valid start", async () => {
    const res = await admin.client.call(api.create, {
      body: eventBody({ repeat: "weekly", repeatUntil: "sleep(7)#1" }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ repeatUntil: "Choose when the repetition ends" });
  });
});

describe("answers, capacity and the waitlist", () => {
  it("gives the last place to exactly one of the members who press going at the same moment", async () => {
    const event = await createEvent(admin, { capacity: 2, title: "Tea with the author" });
    await rsvp(await t.member(), event.id, "going");
    const racers = await Promise.all(Array.from({ length: 6 }, () => t.member()));
    const answers = await Promise.all(racers.map((m) => rsvp(m, event.id, "going")));
    expect(answers.map((a) => a.status)).toEqual(racers.map(() => 200));
    const statuses = answers.map((a) => (a.body as { status: string }).status).sort();
    expect(statuses).toEqual(["going", "waitlisted", "waitlisted", "waitlisted", "waitlisted", "waitlisted"]);
    const places = answers.map((a) => (a.body as { waitlistPosition: number | null }).waitlistPosition);
    expect(places.filter((p) => p !== null).sort()).toEqual([1, 2, 3, 4, 5]);
    const list = await succeeded(racers[0]!.client.call(api.list));
    expect(list.find((d) => d.eventId === event.id)?.goingCount).toBe(2);
  });

  it("takes every answer of many members at once to an event without a limit, each once", async () => {
    const event = await createEvent(admin, { title: "Sukkot picnic" });
    const members = await Promise.all(Array.from({ length: 12 }, () => t.member()));
    const answers = await Promise.all(
      members.map((m, i) => rsvp(m, event.id, i % 3 === 0 ? "maybe" : "going")),
    );
    expect(answers.map((a) => a.body)).toEqual(
      members.map((_, i) => ({ status: i % 3 === 0 ? "maybe" : "going", waitlistPosition: null })),
    );
    // Changing her mind, and the same answer twice, at the same moment as the others.
    await Promise.all([
      rsvp(members[0]!, event.id, "going"),
      rsvp(members[1]!, event.id, "not_going"),
      rsvp(members[2]!, event.id, "going"),
      rsvp(members[2]!, event.id, "going"),
    ]);
    const list = await succeeded(members[0]!.client.call(api.list));
    expect(list.find((d) => d.eventId === event.id)?.goingCount).toBe(8);
    expect(list.find((d) => d.eventId === event.id)?.myRsvp).toEqual({
      status: "going",
      waitlistPosition: null,
    });
  });

  it("refuses an answer to a date that is not there, a cancelled date and a cancelled event, without a limit on places", async () => {
    const event = await createEvent(admin, {
      title: "Psalms by the sea",
      ...hourSeries("2027-05-04T18:00:00Z", "2027-05-19T00:00:00Z"),
    });
    const member = await t.member();
    const missing = await rsvp(member, event.id, "going", "2027-05-05T18:00:00.000Z");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "That date is not part of this event" });
    await succeeded(
      admin.client.call(api.cancel, {
        params: { id: event.id },
        query: { occurrence: "2027-05-11T18:00:00.000Z" },
      }),
    );
    expect((await rsvp(member, event.id, "going", "2027-05-11T18:00:00.000Z")).status).toBe(404);
    expect((await rsvp(member, event.id, "going", "2027-05-18T18:00:00.000Z")).status).toBe(200);
    // The whole series: every date still on.
    expect((await rsvp(member, event.id, "maybe")).body).toEqual({ status: "maybe", waitlistPosition: null });
    const range = { from: "2027-05-01T00:00:00Z", to: "2027-06-01T00:00:00Z" };
    const dates = (await succeeded(member.client.call(api.list, { query: range }))).filter(
      (d) => d.eventId === event.id,
    );
    expect(dates.map((d) => [d.cancelled, d.myRsvp?.status ?? null])).toEqual([
      [false, "maybe"],
      [true, null],
      [false, "maybe"],
    ]);
    expect((await rsvp(member, 987_654, "going")).status).toBe(404);
    await succeeded(admin.client.call(api.cancel, { params: { id: event.id } }));
    const cancelled = await rsvp(member, event.id, "going");
    expect(cancelled.status).toBe(400);
    expect(cancelled.body).toEqual({ message: "This event was cancelled" });
  });

  it("moves the first on the waitlist up when someone withdraws, and tells her a place opened", async () => {
    const event = await createEvent(admin, { capacity: 1, title: "Women's retreat" });
    const [first, second, third] = [await t.member(), await t.member(), await t.member()];
    expect((await rsvp(first, event.id, "going")).body).toEqual({ status: "going", waitlistPosition: null });
    expect((await rsvp(second, event.id, "going")).body).toEqual({
      status: "waitlisted",
      waitlistPosition: 1,
    });
    expect((await rsvp(third, event.id, "going")).body).toEqual({
      status: "waitlisted",
      waitlistPosition: 2,
    });
    // Pressing going again keeps her place in line.
    expect((await rsvp(third, event.id, "going")).body).toEqual({
      status: "waitlisted",
      waitlistPosition: 2,
    });

    expect((await rsvp(first, event.id, "not_going")).body).toEqual({
      status: "not_going",
      waitlistPosition: null,
    });
    const page = await succeeded(second.client.call(api.get, { params: { id: event.id } }));
    expect(page.occurrences[0]?.myRsvp).toEqual({ status: "going", waitlistPosition: null });
    expect(await inbox(second)).toContain("A place opened for you at Women's retreat: you are going");
    const thirdPage = await succeeded(third.client.call(api.get, { params: { id: event.id } }));
    expect(thirdPage.occurrences[0]?.myRsvp).toEqual({ status: "waitlisted", waitlistPosition: 1 });
    expect(await inbox(third)).toEqual([]);

    const people = await succeeded(admin.client.call(api.attendees, { params: { id: event.id } }));
    expect(people.going.map((p) => p.id)).toEqual([second.id]);
    expect(people.waitlist.map((p) => p.id)).toEqual([third.id]);
    expect((await third.client.call(api.attendees, { params: { id: event.id } })).status).toBe(403);
  });

  it("moves those waiting up before anyone who presses going as places free at the same moment, and counts a double press once", async () => {
    const event = await createEvent(admin, { capacity: 2, title: "Purim feast" });
    const [a, b, c, d, e, f] = await Promise.all(Array.from({ length: 6 }, () => t.member()));
    for (const m of [a!, b!, c!, d!]) await rsvp(m, event.id, "going");
    const [left, changed, , joined, twice, alsoJoined] = await Promise.all([
      rsvp(a!, event.id, "not_going"),
      rsvp(b!, event.id, "maybe"),
      rsvp(c!, event.id, "going"),
      rsvp(e!, event.id, "going"),
      rsvp(e!, event.id, "going"),
      rsvp(f!, event.id, "going"),
    ]);
    expect(left.body).toEqual({ status: "not_going", waitlistPosition: null });
    expect(changed.body).toEqual({ status: "maybe", waitlistPosition: null });

    const people = await succeeded(admin.client.call(api.attendees, { params: { id: event.id } }));
    expect(people.going.map((p) => p.id).sort()).toEqual([c!.id, d!.id].sort());
    expect(people.waitlist.map((p) => p.id).sort()).toEqual([e!.id, f!.id].sort());
    // Each is told her place in the line as the list shows it.
    const placeOf = (m: Member) => people.waitlist.findIndex((p) => p.id === m.id) + 1;
    expect([joined.body, twice.body]).toEqual([
      { status: "waitlisted", waitlistPosition: placeOf(e!) },
      { status: "waitlisted", waitlistPosition: placeOf(e!) },
    ]);
    expect(alsoJoined.body).toEqual({ status: "waitlisted", waitlistPosition: placeOf(f!) });
    for (const m of [c!, d!]) {
      expect(await inbox(m)).toEqual(["A place opened for you at Purim feast: you are going"]);
    }
    for (const m of [e!, f!]) expect(await inbox(m)).toEqual([]);
    const list = await succeeded(e!.client.call(api.list));
    expect(list.find((date) => date.eventId === event.id)).toMatchObject({
      goingCount: 2,
      myRsvp: { status: "waitlisted", waitlistPosition: placeOf(e!) },
    });
  });

  it("counts each date of a series apart when she answers the whole series, and moves her up on the date a place frees", async () => {
    const event = await createEvent(admin, {
      title: "Tuesday psalms",
      capacity: 1,
      ...hourSeries("2027-06-01T18:00:00Z", "2027-06-16T00:00:00Z"),
    });
    const [first, series] = [await t.member(), await t.member()];
    expect((await rsvp(first, event.id, "going", "2027-06-08T18:00:00.000Z")).body).toEqual({
      status: "going",
      waitlistPosition: null,
    });
    // Told of her first date: going.
    expect((await rsvp(series, event.id, "going")).body).toEqual({ status: "going", waitlistPosition: null });
    const range = { from: "2027-05-25T00:00:00Z", to: "2027-06-30T00:00:00Z" };
    const hers = async () =>
      (await succeeded(series.client.call(api.list, { query: range })))
        .filter((date) => date.eventId === event.id)
        .map((date) => [date.occurrence, date.goingCount, date.myRsvp]);
    expect(await hers()).toEqual([
      ["2027-06-01T18:00:00.000Z", 1, { status: "going", waitlistPosition: null }],
      ["2027-06-08T18:00:00.000Z", 1, { status: "waitlisted", waitlistPosition: 1 }],
      ["2027-06-15T18:00:00.000Z", 1, { status: "going", waitlistPosition: null }],
    ]);

    await rsvp(first, event.id, "maybe", "2027-06-08T18:00:00.000Z");
    expect((await hers())[1]).toEqual([
      "2027-06-08T18:00:00.000Z",
      1,
      { status: "going", waitlistPosition: null },
    ]);
    expect(await inbox(series)).toEqual(["A place opened for you at Tuesday psalms: you are going"]);
  });

  it("shows the online link only to those going", async () => {
    const event = await createEvent(admin, {
      onlineUrl: "https://meet.example.test/shabbat",
      location: null,
    });
    const member = await t.member();
    const before = await succeeded(member.client.call(api.get, { params: { id: event.id } }));
    expect(before).toMatchObject({ onlineUrl: null, isOnline: true });
    expect((await icsOf(member, event.id))[0]?.url).toBeUndefined();
    await rsvp(member, event.id, "going");
    const after = await succeeded(member.client.call(api.get, { params: { id: event.id } }));
    expect(after.onlineUrl).toBe("https://meet.example.test/shabbat");
    expect((await icsOf(member, event.id))[0]?.url).toBe("https://meet.example.test/shabbat");
  });
});

describe("changes and cancellations", () => {
  it("tells those going of a new time, and of a cancellation, and marks the calendar file cancelled", async () => {
    const event = await createEvent(admin, { title: "Purim party" });
    const [going, maybe] = [await t.member(), await t.member()];
    await rsvp(going, event.id, "going");
    await rsvp(maybe, event.id, "maybe");
    const [before] = await icsOf(going, event.id);

    const moved = await admin.client.call(api.update, {
      params: { id: event.id },
      body: { startsAt: daysAhead(6).toISOString(), endsAt: daysAhead(6, 21).toISOString() },
    });
    expect(moved.status).toBe(200);
    expect(await inbox(going)).toEqual(["Purim party has a new time or place"]);
    expect(await inbox(maybe)).toEqual([]);
    const [after] = await icsOf(going, event.id);
    expect(after?.uid).toBe(before?.uid);
    expect(Number(after?.sequence)).toBeGreaterThan(Number(before?.sequence));
    expect(after?.start?.toISOString()).toBe(daysAhead(6).toISOString());
    // Her answer moved with the event.
    const page = await succeeded(going.client.call(api.get, { params: { id: event.id } }));
    expect(page.occurrences[0]?.myRsvp?.status).toBe("going");

    const title = await admin.client.call(api.update, {
      params: { id: event.id },
      body: { title: "Purim feast" },
    });
    expect(title.status).toBe(200);
    expect(await inbox(going)).toHaveLength(1);

    expect((await admin.client.call(api.cancel, { params: { id: event.id }, query: {} })).status).toBe(204);
    expect(await inbox(going)).toContain("Purim feast was cancelled");
    const [cancelled] = await icsOf(going, event.id);
    expect(cancelled?.status).toBe("CANCELLED");
    expect((await rsvp(going, event.id, "going")).status).toBe(400);
  });

  it("tells those going of a new place, as of a new time", async () => {
    const event = await createEvent(admin, { title: "Sukkot picnic" });
    const [going, maybe] = [await t.member(), await t.member()];
    await rsvp(going, event.id, "going");
    await rsvp(maybe, event.id, "maybe");

    const moved = await admin.client.call(api.update, {
      params: { id: event.id },
      body: { location: "The olive grove, north gate" },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ location: "The olive grove, north gate" });
    expect(await inbox(going)).toEqual(["Sukkot picnic has a new time or place"]);
    expect(await inbox(maybe)).toEqual([]);
    expect(await inbox(admin)).not.toContain("Sukkot picnic has a new time or place");
    const [file] = await icsOf(going, event.id);
    expect(file?.location).toBe("The olive grove, north gate");
  });

  it("lets only its creator and administrators change or cancel it", async () => {
    const event = await createEvent(admin);
    const member = await t.member();
    expect(
      (await member.client.call(api.update, { params: { id: event.id }, body: { title: "Mine" } })).status,
    ).toBe(403);
    expect((await member.client.call(api.cancel, { params: { id: event.id }, query: {} })).status).toBe(403);
  });
});

describe("a repeating event", () => {
  // US daylight saving starts on March 14, 2027: a weekly 7 PM in New York moves an hour in UTC.
  const series = {
    title: "Tuesday prayer call",
    ...hourSeries("2027-03-09T19:00:00-05:00", "2027-03-24T00:00:00-04:00", { timeZone: "America/New_York" }),
    location: null,
    onlineUrl: "https://meet.example.test/prayer",
  };

  it("keeps its wall-clock time in its zone on both sides of a daylight-saving change", async () => {
    const event = await createEvent(admin, series);
    const dates = await succeeded(
      admin.client.call(api.list, { query: { from: "2027-03-01T00:00:00Z", to: "2027-04-01T00:00:00Z" } }),
    );
    const mine = dates.filter((d) => d.eventId === event.id);
    expect(mine.map((d) => d.startsAt)).toEqual([
      "2027-03-10T00:00:00.000Z",
      "2027-03-16T23:00:00.000Z",
      "2027-03-23T23:00:00.000Z",
    ]);
    expect(mine.map((d) => d.zoneClock)).toEqual(["7:00 PM", "7:00 PM", "7:00 PM"]);
    expect(mine.map((d) => d.zoneDay)).toEqual(["Mar 9", "Mar 16", "Mar 23"]);

    // One VEVENT for the series, repeating on New York's clocks: a calendar expands the same dates.
    const files = await icsOf(admin, event.id);
    expect(files).toHaveLength(1);
    expect(files[0]?.uid).toMatch(new RegExp(`^event-${event.id}@`));
    expect(files[0]?.rrule?.toString()).toContain("FREQ=WEEKLY");
    expect(shownStarts(files[0])).toEqual([
      "2027-03-10T00:00:00.000Z",
      "2027-03-16T23:00:00.000Z",
      "2027-03-23T23:00:00.000Z",
    ]);
  });

  it("answers for the whole series or one date, and moves or cancels one date on its own", async () => {
    const event = await createEvent(admin, { ...series, capacity: 10 });
    const member = await t.member();
    const other = await t.member();
    expect((await rsvp(member, event.id, "going")).body).toEqual({ status: "going", waitlistPosition: null });
    expect((await rsvp(other, event.id, "maybe", "2027-03-16T23:00:00.000Z")).status).toBe(200);
    expect((await rsvp(other, event.id, "going", "2027-03-17T23:00:00.000Z")).status).toBe(404);

    const range = { from: "2027-03-01T00:00:00Z", to: "2027-04-01T00:00:00Z" };
    const answered = (
      await succeeded(member.client.call(api.list, { query: { ...range, scope: "going" } }))
    ).filter((d) => d.eventId === event.id);
    expect(answered).toHaveLength(3);
    const others = (await succeeded(other.client.call(api.list, { query: range }))).filter(
      (d) => d.eventId === event.id,
    );
    expect(others.map((d) => d.myRsvp?.status ?? null)).toEqual([null, "maybe", null]);

    const moved = await admin.client.call(api.update, {
      params: { id: event.id },
      body: { occurrence: "2027-03-16T23:00:00.000Z", startsAt: "2027-03-17T23:00:00.000Z" },
    });
    expect(moved.status).toBe(200);
    expect(await inbox(member)).toEqual(["Tuesday prayer call has a new time or place"]);
    expect(
      (
        await admin.client.call(api.cancel, {
          params: { id: event.id },
          query: { occurrence: "2027-03-23T23:00:00.000Z" },
        })
      ).status,
    ).toBe(204);
    expect(await inbox(member)).toContain("Tuesday prayer call was cancelled");

    const after = (await succeeded(member.client.call(api.list, { query: range }))).filter(
      (d) => d.eventId === event.id,
    );
    expect(after.map((d) => [d.startsAt, d.cancelled, d.myRsvp?.status])).toEqual([
      ["2027-03-10T00:00:00.000Z", false, "going"],
      ["2027-03-17T23:00:00.000Z", false, "going"],
      ["2027-03-23T23:00:00.000Z", true, "going"],
    ]);
    // The moved date is an override of the one series, the cancelled one is not among its dates.
    const files = await icsOf(member, event.id);
    expect(files).toHaveLength(1);
    expect(files[0]?.uid).toMatch(new RegExp(`^event-${event.id}@`));
    expect(shownStarts(files[0])).toEqual(["2027-03-10T00:00:00.000Z", "2027-03-17T23:00:00.000Z"]);
    expect(shownStarts(files[0])).not.toContain("2027-03-23T23:00:00.000Z");
  });
});

describe("an event's calendar UID", () => {
  // A weekly 7 PM in New York across the start of daylight saving (March 14, 2027).
  const weekly = {
    title: "Thursday psalms",
    ...hourSeries("2027-03-11T19:00:00-05:00", "2027-03-26T00:00:00-04:00", { timeZone: "America/New_York" }),
    location: "The upper room",
  };
  const range = { from: "2027-03-01T00:00:00Z", to: "2027-05-01T00:00:00Z" };
  const serverStarts = async (id: number) =>
    (await succeeded(admin.client.call(api.list, { query: range })))
      .filter((d) => d.eventId === id && !d.cancelled)
      .map((d) => d.startsAt);

  it("stays the same when the series moves an hour later, with SEQUENCE raised and the new dates", async () => {
    const event = await createEvent(admin, weekly);
    const [before] = await icsOf(admin, event.id);
    expect(shownStarts(before)).toEqual([
      "2027-03-12T00:00:00.000Z",
      "2027-03-18T23:00:00.000Z",
      "2027-03-25T23:00:00.000Z",
    ]);

    const moved = await admin.client.call(api.update, {
      params: { id: event.id },
      body: { startsAt: "2027-03-11T20:00:00-05:00", endsAt: "2027-03-11T21:00:00-05:00" },
    });
    expect(moved.status).toBe(200);
    const after = await icsOf(admin, event.id);
    expect(after).toHaveLength(1);
    expect(after[0]?.uid).toBe(before?.uid);
    expect(Number(after[0]?.sequence)).toBeGreaterThan(Number(before?.sequence));
    const shifted = ["2027-03-12T01:00:00.000Z", "2027-03-19T00:00:00.000Z", "2027-03-26T00:00:00.000Z"];
    expect(shownStarts(after[0])).toEqual(shifted);
    expect(await serverStarts(event.id)).toEqual(shifted);
  });

  it("stays the same through a date moved on its own, a date cancelled, and a move of the series", async () => {
    const event = await createEvent(admin, weekly);
    const [first] = await icsOf(admin, event.id);
    const sequences = [Number(first?.sequence)];
    const step = async (call: Promise<{ status: number }>, status = 200) => {
      expect((await call).status).toBe(status);
      const [file] = await icsOf(admin, event.id);
      expect(file?.uid).toBe(first?.uid);
      sequences.push(Number(file?.sequence));
      return file;
    };
    // The second Thursday moves to the Friday, on its own.
    await step(
      admin.client.call(api.update, {
        params: { id: event.id },
        body: { occurrence: "2027-03-18T23:00:00.000Z", startsAt: "2027-03-19T23:00:00.000Z" },
      }),
    );
    // The third is cancelled.
    const cancelled = await step(
      admin.client.call(api.cancel, {
        params: { id: event.id },
        query: { occurrence: "2027-03-25T23:00:00.000Z" },
      }),
      204,
    );
    expect(shownStarts(cancelled)).toEqual(["2027-03-12T00:00:00.000Z", "2027-03-19T23:00:00.000Z"]);
    // Then the series moves an hour later: the moved date keeps its own time, the cancelled one stays out.
    const last = await step(
      admin.client.call(api.update, {
        params: { id: event.id },
        body: { startsAt: "2027-03-11T20:00:00-05:00", endsAt: "2027-03-11T21:00:00-05:00" },
      }),
    );
    expect(shownStarts(last)).toEqual(["2027-03-12T01:00:00.000Z", "2027-03-19T23:00:00.000Z"]);
    expect(await serverStarts(event.id)).toEqual(shownStarts(last));
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(sequences.length);
  });

  it("stays the same when a single event starts repeating, and when it stops", async () => {
    const event = await createEvent(admin, { ...weekly, repeat: "none", repeatUntil: null });
    const [single] = await icsOf(admin, event.id);
    expect(shownStarts(single)).toEqual(["2027-03-12T00:00:00.000Z"]);

    await succeeded(
      admin.client.call(api.update, {
        params: { id: event.id },
        body: { repeat: "weekly", repeatUntil: weekly.repeatUntil },
      }),
    );
    const [series] = await icsOf(admin, event.id);
    expect(series?.uid).toBe(single?.uid);
    expect(Number(series?.sequence)).toBeGreaterThan(Number(single?.sequence));
    expect(shownStarts(series)).toHaveLength(3);

    await succeeded(admin.client.call(api.update, { params: { id: event.id }, body: { repeat: "none" } }));
    const [again] = await icsOf(admin, event.id);
    expect(again?.uid).toBe(single?.uid);
    expect(Number(again?.sequence)).toBeGreaterThan(Number(series?.sequence));
    expect(shownStarts(again)).toEqual(["2027-03-12T00:00:00.000Z"]);
  });

  it("repeats monthly on the 31st as the server does, on the last day of shorter months", async () => {
    const event = await createEvent(admin, {
      title: "Month's end thanksgiving",
      ...hourSeries("2027-01-31T18:00:00Z", "2027-06-30T23:59:00+01:00", {
        repeat: "monthly",
        timeZone: "Europe/London",
      }),
      location: null,
    });
    const dates = (
      await succeeded(
        admin.client.call(api.list, { query: { from: "2027-01-01T00:00:00Z", to: "2027-08-01T00:00:00Z" } }),
      )
    )
      .filter((d) => d.eventId === event.id)
      .map((d) => d.startsAt);
    // British Summer Time from March 28: 6 PM in London is 5 PM in UTC.
    expect(dates).toEqual([
      "2027-01-31T18:00:00.000Z",
      "2027-02-28T18:00:00.000Z",
      "2027-03-31T17:00:00.000Z",
      "2027-04-30T17:00:00.000Z",
      "2027-05-31T17:00:00.000Z",
      "2027-06-30T17:00:00.000Z",
    ]);
    const [file] = await icsOf(admin, event.id);
    expect(shownStarts(file)).toEqual(dates);
  });

  it("is the same in her feed, which shows only the dates of the series she is going to", async () => {
    const event = await createEvent(admin, { ...weekly, onlineUrl: "https://meet.example.test/psalms" });
    const member = await t.member();
    await rsvp(member, event.id, "going");
    await rsvp(member, event.id, "not_going", "2027-03-18T23:00:00.000Z");
    const [file] = await icsOf(member, event.id);

    const { url } = await succeeded(member.client.call(api.feed));
    const res = await t.visitor().get(new URL(url).pathname);
    expect(res.status).toBe(200);
    const entries = Object.values(ical.sync.parseICS(String(res.body))).filter(
      (c): c is VEvent => c?.type === "VEVENT",
    );
    expect(entries.map((e) => e.uid)).toEqual([file?.uid]);
    expect(shownStarts(entries[0])).toEqual(["2027-03-12T00:00:00.000Z", "2027-03-25T23:00:00.000Z"]);
    expect(entries[0]?.url).toBe("https://meet.example.test/psalms");
  });
});

describe("writing to those coming", () => {
  const letter = "Please bring bitter herbs and a glad heart.";

  async function seder(capacity = 1) {
    const leader = await t.member({ firstName: "Deborah" });
    const group = await openGroup(leader);
    const event = await createEvent(leader, { title: "Passover seder", groupId: group.id, capacity });
    const [going, waiting, maybe] = [await t.member(), await t.member(), await t.member()];
    await rsvp(going, event.id, "going");
    expect((await rsvp(waiting, event.id, "going")).body).toMatchObject({ status: "waitlisted" });
    await rsvp(maybe, event.id, "maybe");
    return { leader, event, going, waiting, maybe };
  }

  it("tells those going and those waiting, not the maybes nor herself, and answers how many", async () => {
    const { leader, event, going, waiting, maybe } = await seder();
    const res = await leader.client.call(api.message, {
      params: { id: event.id },
      body: { text: `  ${letter}\n` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 2 });
    const told = `Deborah wrote about Passover seder: ${letter}`;
    expect(await inbox(going)).toEqual([told]);
    expect(await inbox(waiting)).toEqual([told]);
    expect(await inbox(maybe)).toEqual([]);
    expect(await inbox(leader)).toEqual([]);
    const [item] = await succeeded(going.client.call(notificationsEndpoints.list));
    expect(item).toMatchObject({ kind: "event_message", url: `/events/${event.id}` });

    // Every message is news: a second arrives too, and administrators may write as well.
    expect(
      (await admin.client.call(api.message, { params: { id: event.id }, body: { text: "See you soon" } }))
        .body,
    ).toEqual({
      sent: 2,
    });
    expect(await inbox(going)).toHaveLength(2);
  });

  it("is mailed right away unless she chose otherwise", async () => {
    const member = await t.member();
    const prefs = await succeeded(member.client.call(notificationsEndpoints.preferences));
    expect(prefs.email.event_message).toBe("instant");
  });

  it("answers like the list of who is coming: 403 to other members, 404 to those who may not see it", async () => {
    const { event, going } = await seder();
    const refused = await going.client.call(api.message, {
      params: { id: event.id },
      body: { text: letter },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: (await going.client.call(api.attendees, { params: { id: event.id } })).body.message,
    });

    const leader = await t.member();
    const hidden = await createEvent(leader, { groupId: (await startGroup(leader)).id });
    const outsider = await t.member();
    const unseen = await outsider.client.call(api.message, {
      params: { id: hidden.id },
      body: { text: letter },
    });
    expect(unseen.status).toBe(404);
    expect(unseen.body).toEqual({ message: "Event not found" });
    expect(
      (await t.visitor().call(api.message, { params: { id: hidden.id }, body: { text: letter } })).status,
    ).toBe(401);
    expect(
      (await admin.client.call(api.message, { params: { id: 999_999 }, body: { text: letter } })).status,
    ).toBe(404);
  });

  it("refuses an empty or too long message, and shortens a long one in the notification", async () => {
    const { leader, event, going } = await seder();
    const blank = await leader.client.call(api.message, { params: { id: event.id }, body: { text: "   " } });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain("Write a message to send");
    const long = await leader.client.call(api.message, {
      params: { id: event.id },
      body: { text: "a".repeat(1001) },
    });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain("A message can be at most 1000 characters");
    expect(await inbox(going)).toEqual([]);

    const words = Array.from({ length: 200 }, (_, i) => `word${i}`)
      .join(" ")
      .slice(0, 1000);
    expect(
      (await leader.client.call(api.message, { params: { id: event.id }, body: { text: words } })).body,
    ).toEqual({
      sent: 2,
    });
    const [told] = await inbox(going);
    expect(told).toMatch(/^Deborah wrote about Passover seder: word0 word1 .*…$/);
    expect(told!.length).toBeLessThan(200);
  });

  it("writes to those of one date of a series, or of every date not yet over", async () => {
    const event = await createEvent(admin, {
      title: "Evening psalms",
      ...hourSeries(daysAhead(3, 19).toISOString(), daysAhead(16, 23).toISOString()),
    });
    const dates = (await succeeded(admin.client.call(api.get, { params: { id: event.id } }))).occurrences.map(
      (d) => String(d.occurrence),
    );
    expect(dates).toHaveLength(2);
    const [everyWeek, secondOnly, firstOnlyMaybe] = [await t.member(), await t.member(), await t.member()];
    await rsvp(everyWeek, event.id, "going");
    await rsvp(secondOnly, event.id, "going", dates[1]);
    await rsvp(firstOnlyMaybe, event.id, "maybe", dates[0]);

    const first = await admin.client.call(api.message, {
      params: { id: event.id },
      body: { text: "Tonight we read Psalm 23.", occurrence: dates[0] },
    });
    expect(first.body).toEqual({ sent: 1 });
    expect(await inbox(secondOnly)).toEqual([]);
    const all = await admin.client.call(api.message, {
      params: { id: event.id },
      body: { text: "We move to the big hall from now on." },
    });
    expect(all.body).toEqual({ sent: 2 });
    expect(await inbox(secondOnly)).toHaveLength(1);
    expect(await inbox(everyWeek)).toHaveLength(2);
    expect(await inbox(firstOnlyMaybe)).toEqual([]);

    const stray = await admin.client.call(api.message, {
      params: { id: event.id },
      body: { text: "Hello", occurrence: daysAhead(4, 19).toISOString() },
    });
    expect(stray.status).toBe(404);
    expect(stray.body).toEqual({ message: "That date is not part of this event" });
  });
});

describe("the list of dates", () => {
  it("pages through dates in order of start", async () => {
    const member = await t.member();
    const from = daysAhead(40).toISOString();
    const to = daysAhead(60).toISOString();
    for (const day of [41, 42, 43]) {
      await createEvent(admin, {
        startsAt: daysAhead(day).toISOString(),
        endsAt: daysAhead(day, 20).toISOString(),
      });
    }
    const first = await succeeded(member.client.call(api.list, { query: { from, to, limit: 2 } }));
    expect(first).toHaveLength(2);
    const next = await succeeded(
      member.client.call(api.list, { query: { from, to, limit: 2, after: first[1]!.cursor } }),
    );
    expect(next.map((d) => d.startsAt)).toEqual([daysAhead(43).toISOString()]);
  });

  it("refuses a range end or start it cannot read with 400, beside a valid one", async () => {
    const member = await t.member();
    const valid = daysAhead(40).toISOString();
    for (const query of [
      { from: "abc", to: valid },
      { from: "sleep(7)#1", to: valid },
      { from: valid, to: "zzz" },
      { from: "2026-13-45", to: "2026-13-46" },
    ]) {
      const res = await member.client.call(api.list, { query: invalid(query) });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toBe("Invalid date");
    }
  });

  it("refuses a cursor that names no date or an id past the largest, with 400", async () => {
    const member = await t.member();
    for (const after of ["0000-00-00T::Z~1", "2026-01-01T10:00:00Z~9999999999"]) {
      const res = await member.client.call(api.list, { query: { after } });
      expect(res.status, after).toBe(400);
      expect(res.body.message).toBe("Invalid cursor");
    }
  });
});

describe("reminders", () => {
  const HOUR = 3_600_000;
  const inHours = (h: number) => new Date(Date.now() + h * HOUR);

  it("reminds those going a day before and an hour before, once each however often it runs", async () => {
    const tomorrow = await createEvent(admin, {
      title: "Feast of lights",
      startsAt: inHours(20).toISOString(),
      endsAt: inHours(22).toISOString(),
    });
    const soon = await createEvent(admin, {
      title: "Morning prayer",
      startsAt: inHours(0.5).toISOString(),
      endsAt: inHours(1.5).toISOString(),
    });
    const [going, maybe] = [await t.member(), await t.member()];
    for (const id of [tomorrow.id, soon.id]) {
      await rsvp(going, id, "going");
      await rsvp(maybe, id, "maybe");
    }
    await Promise.all([sendEventReminders(t.database.db), sendEventReminders(t.database.db)]);
    await sendEventReminders(t.database.db);
    expect((await inbox(going)).sort()).toEqual([
      "Starting within the hour: Morning prayer",
      "Tomorrow: Feast of lights",
    ]);
    expect(await inbox(maybe)).toEqual([]);

    // The hour before the event of tomorrow comes: one more, and only one.
    await sendEventReminders(t.database.db, inHours(19.5));
    await sendEventReminders(t.database.db, inHours(19.6));
    expect((await inbox(going)).filter((n) => n.includes("Feast of lights")).sort()).toEqual([
      "Starting within the hour: Feast of lights",
      "Tomorrow: Feast of lights",
    ]);
  });

  it("sends no reminder for a cancelled date", async () => {
    const event = await createEvent(admin, {
      title: "Quiet day",
      startsAt: inHours(10).toISOString(),
      endsAt: inHours(12).toISOString(),
    });
    const going = await t.member();
    await rsvp(going, event.id, "going");
    await admin.client.call(api.cancel, { params: { id: event.id }, query: {} });
    await sendEventReminders(t.database.db);
    expect(await inbox(going)).toEqual(["Quiet day was cancelled"]);
  });
});

describe("her calendar feed", () => {
  const feedPath = (url: string) => new URL(url).pathname;

  it("lists the dates she is going to, with their links, at an address that stops answering once reset", async () => {
    const going = await createEvent(admin, {
      title: "Hanukkah lights",
      onlineUrl: "https://meet.example.test/lights",
    });
    const maybe = await createEvent(admin, { title: "Book club" });
    const member = await t.member();
    await rsvp(member, going.id, "going");
    await rsvp(member, maybe.id, "maybe");

    const { url } = await succeeded(member.client.call(api.feed));
    expect(url).toMatch(/\/api\/calendar-feed\/[A-Za-z0-9_-]{43}$/);
    expect((await succeeded(member.client.call(api.feed))).url).toBe(url);

    // A calendar app sends no cookies.
    const res = await t.visitor().get(feedPath(url));
    expect(res.status).toBe(200);
    expect(String(res.headers["content-type"])).toContain("text/calendar");
    const entries = Object.values(ical.sync.parseICS(String(res.body))).filter(
      (c): c is VEvent => c?.type === "VEVENT",
    );
    expect(entries.map((e) => e.summary)).toEqual(["Hanukkah lights"]);
    expect(entries[0]?.url).toBe("https://meet.example.test/lights");

    const reset = await succeeded(member.client.call(api.resetFeed));
    expect(reset.url).not.toBe(url);
    expect((await t.visitor().get(feedPath(url))).status).toBe(404);
    expect((await t.visitor().get(feedPath(reset.url))).status).toBe(200);
    expect((await succeeded(member.client.call(api.feed))).url).toBe(reset.url);
  });

  it("answers 404 while she is suspended, and again once she is restored", async () => {
    const event = await createEvent(admin, { title: "Prayer breakfast" });
    const member = await t.member();
    await rsvp(member, event.id, "going");
    const { url } = await succeeded(member.client.call(api.feed));
    expect((await t.visitor().get(feedPath(url))).status).toBe(200);

    await succeeded(
      admin.client.call(moderationEndpoints.adminSuspend, {
        params: { id: member.id },
        body: { reason: "Unkind words" },
      }),
    );
    const suspended = await t.visitor().get(feedPath(url));
    expect(suspended.status).toBe(404);
    expect(String(suspended.body)).not.toContain("Prayer breakfast");

    await succeeded(admin.client.call(moderationEndpoints.adminUnsuspend, { params: { id: member.id } }));
    expect((await t.visitor().get(feedPath(url))).status).toBe(200);
  });

  it("stores only a hash of the token in her address", async () => {
    const member = await t.member();
    const { url } = await succeeded(member.client.call(api.feed));
    const token = url.split("/").pop()!;
    const reset = (await succeeded(member.client.call(api.resetFeed))).url.split("/").pop()!;
    const { rows } = await t.database.pool.query("select * from calendar_feeds where user_id = $1", [
      member.id,
    ]);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(reset);
    expect(rows[0]).toMatchObject({ token_hash: hashToken(reset) });
  });

  it("keeps answering at an address made before tokens were stored hashed, until she resets it", async () => {
    const event = await createEvent(admin, { title: "Women's retreat" });
    const member = await t.member();
    await rsvp(member, event.id, "going");
    // What the migration leaves of an address made before: its hash, and nothing to show it again from.
    const old = randomBytes(32).toString("base64url");
    await t.database.pool.query("insert into calendar_feeds (user_id, token_hash) values ($1, $2)", [
      member.id,
      hashToken(old),
    ]);
    const oldPath = `/api/calendar-feed/${old}`;
    expect((await t.visitor().get(oldPath)).status).toBe(200);

    // The app shows her a new address; the one her calendar has keeps working beside it.
    const { url } = await succeeded(member.client.call(api.feed));
    expect(url).not.toContain(old);
    expect((await succeeded(member.client.call(api.feed))).url).toBe(url);
    expect((await t.visitor().get(feedPath(url))).status).toBe(200);
    const kept = await t.visitor().get(oldPath);
    expect(kept.status).toBe(200);
    expect(String(kept.body)).toContain("Women's retreat");

    await succeeded(member.client.call(api.resetFeed));
    expect((await t.visitor().get(oldPath)).status).toBe(404);
    expect((await t.visitor().get(feedPath(url))).status).toBe(404);
  });
});
