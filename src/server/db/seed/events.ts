import { sql } from "drizzle-orm";
import { wallClockIn, zonedInstant } from "../../../core/zoned-time";
import type { Tx } from "../client";
import { eventRsvps, events } from "../schema";
import type { SeededMembers } from "./members";

const DAY = 86_400_000;
const FRIDAY = 5;
const TUESDAY = 2;

/** The calendar day `days` after today on the clocks of `zone`, as "YYYY-MM-DD". */
const dayAhead = (days: number, zone: string) => {
  const [today] = wallClockIn(new Date(), zone);
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
};

/** Days from today to the next `weekday` (0 Sunday … 6 Saturday; a week on, if today is one), on the clocks of `zone`. */
const daysToNext = (weekday: number, zone: string) => {
  const today = new Date(`${dayAhead(0, zone)}T12:00:00Z`).getUTCDay();
  return (weekday - today + 7) % 7 || 7;
};

/** At `time` on the clocks of `zone`, `days` from today there, for `hours`. */
const at = (days: number, time: string, zone: string, hours: number) => {
  const startsAt = zonedInstant(dayAhead(days, zone), time, zone);
  return { startsAt, endsAt: new Date(startsAt.getTime() + hours * 3_600_000), timeZone: zone };
};

/**
 * A few gatherings ahead: the ministry's online evening and a Shabbat dinner in Jerusalem with few
 * places (on the coming Friday evening there, as Shabbat begins), a group's weekly prayer call on
 * Tuesdays, and a local group's morning. The demo member is going to some.
 */
export async function seedEvents(tx: Tx, members: SeededMembers) {
  const naomi = members.admin.id;
  const ruth = members.member.id;
  const [group] = (
    await tx.execute<{
      id: number;
      created_by: number;
    }>(sql`select g.id, g.created_by from cultivation_groups g
      join cultivation_group_members m on m.group_id = g.id and m.user_id = ${ruth} order by g.id limit 1`)
  ).rows;
  const [local] = (
    await tx.execute<{ id: number; created_by: number }>(
      sql`select id, created_by from local_groups order by id limit 1`,
    )
  ).rows;

  const rows = await tx
    .insert(events)
    .values([
      {
        title: "Advent evening of Scripture and song",
        description:
          "An hour together online: the promises of Isaiah read aloud, two carols, and time to pray for one another in small rooms.",
        ...at(6, "19:00", "America/New_York", 1),
        onlineUrl: "https://meet.example.com/mishpacha-advent",
        createdBy: naomi,
      },
      {
        title: "Shabbat dinner in Jerusalem",
        description: "Candles, challah and a long table. Bring a salad or a dessert; we provide the rest.",
        ...at(daysToNext(FRIDAY, "Asia/Jerusalem"), "18:00", "Asia/Jerusalem", 3),
        location: "Beit Mishpacha, 12 HaNevi'im Street, Jerusalem",
        capacity: 12,
        createdBy: naomi,
      },
      ...(group
        ? [
            {
              title: "Tuesday prayer call",
              description: "Thirty minutes of prayer for the week ahead. Come as you are.",
              ...at(daysToNext(TUESDAY, "America/Chicago"), "20:00", "America/Chicago", 0.5),
              onlineUrl: "https://meet.example.com/tuesday-prayer",
              repeat: "weekly" as const,
              repeatUntil: new Date(Date.now() + 60 * 86_400_000),
              groupId: group.id,
              createdBy: group.created_by,
            },
          ]
        : []),
      ...(local
        ? [
            {
              title: "Coffee and prayer walk",
              description: "We meet at the café, then walk the river path and pray as we go.",
              ...at(12, "09:30", "America/Chicago", 2),
              location: "Riverside Café, by the footbridge",
              localGroupId: local.id,
              createdBy: local.created_by,
            },
          ]
        : []),
    ])
    .returning({ id: events.id, startsAt: events.startsAt, capacity: events.capacity });

  // Ruth is going to the Advent evening and the dinner; a few others fill the dinner's places.
  const [advent, dinner] = rows;
  const answers = [
    { eventId: advent!.id, occurrence: advent!.startsAt, userId: ruth, status: "going" as const },
    { eventId: dinner!.id, occurrence: dinner!.startsAt, userId: ruth, status: "going" as const },
    ...members.others.slice(0, 7).map((m) => ({
      eventId: dinner!.id,
      occurrence: dinner!.startsAt,
      userId: m.id,
      status: "going" as const,
    })),
  ];
  await tx.insert(eventRsvps).values(answers);
}
