import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventsEndpoints as api } from "../../src/core/events/endpoints";
import { contextForFile, type Member, succeeded } from "../support/app";
import { createEvent, daysAhead, eventBody } from "../support/content";

const t = contextForFile();

/** The site's administrator: made once, on first use (her address is the owner's). */
let made: Promise<Member> | undefined;
const administrator = () => {
  made ??= t.admin();
  return made;
};

const eventCount = async () =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from events`)).rows[0]!.n;

describe("an event's start", () => {
  it("refuses an event that starts in the past, saying so on its start, and writes nothing", async () => {
    const admin = await administrator();
    const before = await eventCount();
    const res = await admin.client.call(api.create, {
      body: eventBody({ startsAt: daysAhead(-3).toISOString(), endsAt: daysAhead(-3, 21).toISOString() }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: expect.stringMatching(/^That start has already passed/),
      errors: { startsAt: expect.stringMatching(/recording a past gathering/) },
    });
    expect(await eventCount()).toBe(before);
  });

  it("records a past gathering when she says it is one, and its page still says when it was", async () => {
    const admin = await administrator();
    const startsAt = daysAhead(-3);
    const event = await createEvent(admin, {
      title: "Purim reading",
      startsAt: startsAt.toISOString(),
      endsAt: daysAhead(-3, 21).toISOString(),
      timeZone: "UTC",
      pastGathering: true,
    });
    // Nothing left to answer, and the date it took place on.
    expect(event.occurrences).toEqual([]);
    expect(event.pastDate).toMatchObject({ startsAt: startsAt.toISOString(), zoneClock: "6:00 PM" });

    const member = await t.member();
    const seen = await succeeded(member.client.call(api.get, { params: { id: event.id } }));
    expect(seen.pastDate?.startsAt).toBe(startsAt.toISOString());
  });

  it("keeps no past date on an event with dates to come", async () => {
    const admin = await administrator();
    const event = await createEvent(admin);
    expect(event.occurrences).toHaveLength(1);
    expect(event.pastDate).toBeNull();
  });

  it("refuses moving an event to a start that has passed, unless it records a past gathering, and lets other changes through", async () => {
    const admin = await administrator();
    const event = await createEvent(admin);
    const past = { startsAt: daysAhead(-1).toISOString(), endsAt: daysAhead(-1, 21).toISOString() };
    const moved = await admin.client.call(api.update, { params: { id: event.id }, body: past });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ errors: { startsAt: expect.any(String) } });
    const kept = await succeeded(admin.client.call(api.get, { params: { id: event.id } }));
    expect(kept.startsAt).toBe(event.startsAt);

    await succeeded(
      admin.client.call(api.update, { params: { id: event.id }, body: { ...past, pastGathering: true } }),
    );
    // A past gathering's other details change without being asked again: its start stays as it was.
    const described = await succeeded(
      admin.client.call(api.update, {
        params: { id: event.id },
        body: { ...past, description: "We read the whole scroll." },
      }),
    );
    expect(described.description).toBe("We read the whole scroll.");
    expect(described.pastDate?.startsAt).toBe(past.startsAt);
  });
});

describe("the events list", () => {
  it("shows a weekly series once, at its next date, when asked for each event", async () => {
    const admin = await administrator();
    const first = daysAhead(2, 1);
    const series = await createEvent(admin, {
      title: "Tuesday prayer call",
      startsAt: first.toISOString(),
      endsAt: new Date(first.getTime() + 1_800_000).toISOString(),
      timeZone: "UTC",
      repeat: "weekly",
      repeatUntil: daysAhead(60).toISOString(),
    });
    const single = await createEvent(admin, { title: "Advent evening" });
    const member = await t.member();

    const dates = await succeeded(member.client.call(api.list, { query: { limit: 100 } }));
    expect(dates.filter((d) => d.eventId === series.id).length).toBeGreaterThanOrEqual(8);

    const events = await succeeded(member.client.call(api.list, { query: { show: "events", limit: 100 } }));
    const shown = events.filter((d) => d.eventId === series.id);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ repeat: "weekly", startsAt: first.toISOString() });
    expect(events.filter((d) => d.eventId === single.id)).toHaveLength(1);
    // In order of each event's next date.
    const starts = events.map((d) => Date.parse(String(d.startsAt)));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("pages through each event once, a series never coming back on a later page", async () => {
    const admin = await administrator();
    const all = await succeeded(admin.client.call(api.list, { query: { show: "events", limit: 100 } }));
    const pages: number[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await succeeded(
        admin.client.call(api.list, { query: { show: "events", limit: 1, after } }),
      );
      if (page.length === 0) break;
      pages.push(page[0]!.eventId);
      after = page[0]!.cursor;
    }
    expect(pages).toEqual(all.map((d) => d.eventId));
    expect(new Set(pages).size).toBe(pages.length);
  });

  it("shows a series at its first date not cancelled", async () => {
    const admin = await administrator();
    const first = daysAhead(3, 2);
    const series = await createEvent(admin, {
      title: "Psalms at dawn",
      startsAt: first.toISOString(),
      endsAt: new Date(first.getTime() + 3_600_000).toISOString(),
      timeZone: "UTC",
      repeat: "weekly",
      repeatUntil: daysAhead(30).toISOString(),
    });
    const cancel = await admin.client.call(api.cancel, {
      params: { id: series.id },
      query: { occurrence: first.toISOString() },
    });
    expect(cancel.status).toBe(204);
    const events = await succeeded(admin.client.call(api.list, { query: { show: "events", limit: 100 } }));
    const shown = events.filter((d) => d.eventId === series.id);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      cancelled: false,
      startsAt: new Date(first.getTime() + 7 * 86_400_000).toISOString(),
    });
  });
});
