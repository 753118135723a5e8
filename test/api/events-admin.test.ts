import { describe, expect, it } from "vitest";
import { eventsEndpoints as api } from "../../src/core/events/endpoints";
import { contextForFile, invalid, type Member, succeeded } from "../support/app";
import { createEvent, daysAhead, startGroup } from "../support/content";

const t = contextForFile();

/** The site's administrator: made once, on first use (her address is the owner's). */
let made: Promise<Member> | undefined;
const administrator = () => {
  made ??= t.admin();
  return made;
};

/** Every page of the administrators' list, `limit` at a time. */
async function everyPage(when: "upcoming" | "past", limit: number) {
  const admin = await administrator();
  const seen: { id: number; title: string; startsAt: string }[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await succeeded(admin.client.call(api.adminList, { query: { when, limit, after } }));
    seen.push(...page.map((e) => ({ id: e.id, title: e.title, startsAt: String(e.startsAt) })));
    if (page.length < limit) return seen;
    after = page.at(-1)!.cursor;
  }
}

const hour = (at: Date, hours = 1) => new Date(at.getTime() + hours * 3_600_000).toISOString();

describe("the administrators' list of events", () => {
  it("is for administrators only: 401 to visitors, 403 to members", async () => {
    expect((await t.visitor().call(api.adminList)).status).toBe(401);
    const member = await t.member();
    expect((await member.client.call(api.adminList)).status).toBe(403);
  });

  it("lists the ministry's and the groups' events to come in order of their next date, a series once, with the answers to that date", async () => {
    const admin = await administrator();
    const leader = await t.member();
    const group = await startGroup(leader, { name: "Daughters of Zion" });
    const dinner = await createEvent(admin, {
      title: "Shabbat dinner",
      startsAt: daysAhead(4).toISOString(),
      endsAt: daysAhead(4, 21).toISOString(),
      capacity: 1,
    });
    const callStart = daysAhead(2, 1);
    const call = await createEvent(leader, {
      title: "Prayer call",
      startsAt: callStart.toISOString(),
      endsAt: hour(callStart),
      timeZone: "UTC",
      repeat: "weekly",
      repeatUntil: daysAhead(50).toISOString(),
      groupId: group.id,
    });
    const [ruth, leah, miriam] = [await t.member(), await t.member(), await t.member()];
    for (const [m, status] of [
      [ruth, "going"],
      [leah, "going"],
      [miriam, "maybe"],
    ] as const) {
      await succeeded(m.client.call(api.rsvp, { params: { id: dinner.id }, body: { status } }));
    }

    const list = await succeeded(
      admin.client.call(api.adminList, { query: { when: "upcoming", limit: 100 } }),
    );
    expect(list.map((e) => e.title)).toEqual(["Prayer call", "Shabbat dinner"]);
    expect(list[0]).toMatchObject({
      id: call.id,
      group: { kind: "cultivation", id: group.id, name: "Daughters of Zion" },
      repeat: "weekly",
      startsAt: callStart.toISOString(),
      going: 0,
    });
    expect(list[1]).toMatchObject({
      id: dinner.id,
      group: null,
      capacity: 1,
      going: 1,
      waitlisted: 1,
      maybe: 1,
      cancelled: false,
    });
  });

  it("keeps past events apart, the most recent first, and pages through each list once", async () => {
    const admin = await administrator();
    for (const days of [-20, -5, -12]) {
      await createEvent(admin, {
        title: `Gathering ${-days} days ago`,
        startsAt: daysAhead(days).toISOString(),
        endsAt: daysAhead(days, 20).toISOString(),
        pastGathering: true,
      });
    }
    const past = await everyPage("past", 2);
    expect(past.map((e) => e.title)).toEqual([
      "Gathering 5 days ago",
      "Gathering 12 days ago",
      "Gathering 20 days ago",
    ]);
    const upcoming = await everyPage("upcoming", 1);
    expect(upcoming.map((e) => e.title)).toEqual(["Prayer call", "Shabbat dinner"]);
  });

  it("shows a cancelled event as cancelled", async () => {
    const admin = await administrator();
    const event = await createEvent(admin, {
      title: "Retreat",
      startsAt: daysAhead(40).toISOString(),
      endsAt: daysAhead(40, 21).toISOString(),
    });
    expect((await admin.client.call(api.cancel, { params: { id: event.id }, query: {} })).status).toBe(204);
    const list = await succeeded(admin.client.call(api.adminList, { query: { limit: 100 } }));
    expect(list.find((e) => e.id === event.id)).toMatchObject({ cancelled: true, eventCancelled: true });
  });

  it("refuses a list it cannot read with 400", async () => {
    const admin = await administrator();
    for (const query of [
      { when: invalid("someday") },
      { after: "0000-00-00T::Z~1" },
      { limit: invalid(0) },
    ]) {
      const res = await admin.client.call(api.adminList, { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });
});
