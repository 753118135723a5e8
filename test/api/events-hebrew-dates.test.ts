import ical, { type VEvent } from "node-ical";
import { beforeAll, describe, expect, it } from "vitest";
import { eventsEndpoints as api } from "../../src/core/events/endpoints";
import { EVENT_MESSAGES } from "../../src/core/events/schemas";
import { homeEndpoints } from "../../src/core/home/endpoints";
import { contextForFile, expectRefused, type Member, succeeded } from "../support/app";
import { createEvent } from "../support/content";

const t = contextForFile({ TIME_ZONE: "America/Chicago" });
let admin: Member;
beforeAll(async () => {
  admin = await t.admin();
});

/** A gathering at 7 PM in Jerusalem on 14 Adar 5786 (Purim, 2026-03-03), kept each year on its Hebrew date. */
const purim = (repeatUntil: string) => ({
  title: "Purim gathering",
  timeZone: "Asia/Jerusalem",
  startsAt: "2026-03-03T19:00:00+02:00",
  endsAt: "2026-03-03T21:00:00+02:00",
  repeat: "hebrew_yearly" as const,
  repeatUntil,
  // It began before this test's today: a gathering recorded after the fact.
  pastGathering: true,
});

const startsIn = async (m: Member, eventId: number, from: string, to: string) =>
  (await succeeded(m.client.call(api.list, { query: { from, to } })))
    .filter((d) => d.eventId === eventId)
    .map((d) => d.startsAt);

const icsOf = async (m: Member, id: number) => {
  const res = await m.client.call(api.ics, { params: { id } });
  expect(res.status).toBe(200);
  return String(res.body);
};

describe("an event every year on its Hebrew date", () => {
  it("falls on 14 Adar II in a leap year and on 14 Adar in a common one", async () => {
    const event = await createEvent(admin, purim("2029-12-31T23:59:00+02:00"));
    expect(event.repeat).toBe("hebrew_yearly");

    // 5787 is a leap year: Purim is 14 Adar II, March 23, 2027; 5788 is common: 14 Adar, March 12, 2028.
    expect(await startsIn(admin, event.id, "2026-03-01T00:00:00Z", "2027-03-01T00:00:00Z")).toEqual([
      "2026-03-03T17:00:00.000Z",
    ]);
    expect(await startsIn(admin, event.id, "2027-03-01T00:00:00Z", "2028-03-01T00:00:00Z")).toEqual([
      "2027-03-23T17:00:00.000Z",
    ]);
    expect(await startsIn(admin, event.id, "2028-03-01T00:00:00Z", "2029-03-01T00:00:00Z")).toEqual([
      "2028-03-12T17:00:00.000Z",
    ]);
    // 14 Adar 5789 is March 1, 2029: still 7 PM on Jerusalem's clocks (winter time).
    expect(await startsIn(admin, event.id, "2029-01-01T00:00:00Z", "2029-12-31T00:00:00Z")).toEqual([
      "2029-03-01T17:00:00.000Z",
    ]);

    // Its page lists the dates to come, the next first: the one she is shown as next.
    const page = await succeeded(admin.client.call(api.get, { params: { id: event.id } }));
    expect(page.occurrences.map((d) => d.startsAt)).toEqual([
      "2027-03-23T17:00:00.000Z",
      "2028-03-12T17:00:00.000Z",
      "2029-03-01T17:00:00.000Z",
    ]);
    expect(page.occurrences.every((d) => d.repeat === "hebrew_yearly" && d.zoneClock === "7:00 PM")).toBe(
      true,
    );
  });

  it("is one VEVENT in a calendar, its later dates listed on Jerusalem's clocks", async () => {
    const event = await createEvent(admin, purim("2028-12-31T23:59:00+02:00"));
    const file = await icsOf(admin, event.id);
    const unfolded = file.replace(/\r\n /g, "");
    expect(unfolded).toContain("DTSTART;TZID=Asia/Jerusalem:20260303T190000");
    expect(unfolded).toContain("RDATE;TZID=Asia/Jerusalem:20270323T190000,20280312T190000");
    expect(unfolded).not.toContain("RRULE");
    expect(unfolded).toContain("BEGIN:VTIMEZONE");
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1);

    const parsed = Object.values(ical.sync.parseICS(file)).filter((c): c is VEvent => c?.type === "VEVENT");
    expect(parsed).toHaveLength(1);
    expect(parsed[0]?.uid).toMatch(new RegExp(`^event-${event.id}@`));
    expect(parsed[0]?.start.toISOString()).toBe("2026-03-03T17:00:00.000Z");
  });

  it("leaves a cancelled date out of the calendar and keeps one date alone without RDATE", async () => {
    const event = await createEvent(admin, purim("2028-12-31T23:59:00+02:00"));
    const cancelled = await admin.client.call(api.cancel, {
      params: { id: event.id },
      query: { occurrence: "2027-03-23T17:00:00.000Z" },
    });
    expect(cancelled.status).toBe(204);
    const unfolded = (await icsOf(admin, event.id)).replace(/\r\n /g, "");
    expect(unfolded).toContain("EXDATE;TZID=Asia/Jerusalem:20270323T190000");

    const once = await createEvent(admin, purim("2026-12-31T23:59:00+02:00"));
    const single = (await icsOf(admin, once.id)).replace(/\r\n /g, "");
    expect(single).not.toContain("RDATE");
    expect(single).not.toContain("RRULE");
  });

  it("repeats for at most ten years on its Hebrew date, and other series for a year", async () => {
    expectRefused(
      await admin.client.call(api.create, { body: purim("2036-06-01T00:00:00+02:00") }),
      400,
      EVENT_MESSAGES.hebrewRepeatTooLong,
    );
    // Its tenth return, 14 Adar 5796 (March 13, 2036), is within its ten years.
    const decade = await createEvent(admin, purim("2036-03-31T23:59:00+02:00"));
    expect(await startsIn(admin, decade.id, "2036-01-01T00:00:00Z", "2036-12-31T00:00:00Z")).toEqual([
      "2036-03-13T17:00:00.000Z",
    ]);
    expectRefused(
      await admin.client.call(api.create, {
        body: { ...purim("2028-03-31T00:00:00+02:00"), repeat: "weekly" },
      }),
      400,
      EVENT_MESSAGES.repeatTooLong,
    );
  });

  it("moves its answers along when its first date moves to another day", async () => {
    const member = await t.member();
    const event = await createEvent(admin, purim("2028-12-31T23:59:00+02:00"));
    const answered = await member.client.call(api.rsvp, {
      params: { id: event.id },
      body: { status: "going", occurrence: "2028-03-12T17:00:00.000Z" },
    });
    expect(answered.status).toBe(200);
    // Shushan Purim, 15 Adar 5786: next year 15 Adar II (March 24, 2027), then 15 Adar (March 13, 2028).
    const moved = await admin.client.call(api.update, {
      params: { id: event.id },
      body: {
        startsAt: "2026-03-04T19:00:00+02:00",
        endsAt: "2026-03-04T21:00:00+02:00",
        pastGathering: true,
      },
    });
    expect(moved.status).toBe(200);
    const dates = (await succeeded(member.client.call(api.get, { params: { id: event.id } }))).occurrences;
    expect(dates.map((d) => [d.startsAt, d.myRsvp?.status ?? null])).toEqual([
      ["2027-03-24T17:00:00.000Z", null],
      ["2028-03-13T17:00:00.000Z", "going"],
    ]);
  });
});

describe("her home page's day on the biblical calendar", () => {
  it("names her day's Hebrew date, the week's Torah portion and the day's feasts, in both languages", async () => {
    const member = await t.member();
    member.client.jar.set("tz", "Asia/Jerusalem");
    const home = await succeeded(member.client.call(homeEndpoints.home));
    expect(home.hebrewDay.date.en).toMatch(/^\d{1,2} [A-Za-z' ]+ 57\d\d$/);
    expect(home.hebrewDay.date.he).toMatch(/^[א-ת״׳]+ ב[א-ת ׳]+ תש[א-ת״׳]+$/);
    // A Torah portion every week but when a feast's reading takes its place.
    if (home.hebrewDay.torahPortion) {
      expect(home.hebrewDay.torahPortion.en).toMatch(/^Parashat /);
      expect(home.hebrewDay.torahPortion.he).toMatch(/^פרשת /);
    }
    expect(Array.isArray(home.hebrewDay.holidays)).toBe(true);
  });
});
