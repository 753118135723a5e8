import { createHmac, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { setBounded } from "../../../core/bounded-map";
import { isoDay, parseIsoDay } from "../../../core/calendar/civil";
import { hebrewYearlyDays } from "../../../core/calendar/hebrew-date";
import {
  type adminEventsQuery,
  type createEventBody,
  EVENT_MESSAGES,
  type EventRepeat,
  type eventListQuery,
  HEBREW_REPEAT_MAX_YEARS,
  type messageAttendeesBody,
  type occurrenceQuery,
  repeatMaxDays,
  repeatTooLongMessage,
  type rsvpBody,
  type updateEventBody,
} from "../../../core/events/schemas";
import { isTimeZone, personName } from "../../../core/format";
import { NOTIFICATION_KIND_NAMES } from "../../../core/notifications/kinds";
import { wallClockIn } from "../../../core/zoned-time";
import { mayCreateEvent, mayEditEvent } from "../../auth/policies";
import { hashToken } from "../../auth/sessions";
import { batchedStatement } from "../../db/batched-statement";
import type { Db, Tx } from "../../db/client";
import { lockedTransaction } from "../../db/locked-transaction";
import { events } from "../../db/schema";
import { badRequest, fieldError, forbidden, notFound } from "../../http/errors";
import { notify, withdrawNotices } from "../notifications";
import * as q from "./queries";

type Viewer = q.Viewer;
type Executor = Db | Tx;

/** Days of dates the Events tab asks for when the range is not given. */
/** With no end given, a year ahead: what a ministry plans, and a bound for the range read. */
const DEFAULT_RANGE_DAYS = 366;
/** Dates an event's page lists. */
const DETAIL_DATES = 12;

const DAY = 86_400_000;

const toAnswer = (row: q.DateRow) => ({
  eventId: row.eventId,
  occurrence: row.occurrence,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  title: row.title,
  repeat: row.repeat,
  timeZone: row.timeZone,
  zoneClock: row.zoneClock,
  zoneDay: row.zoneDay,
  location: row.location,
  isOnline: row.isOnline,
  cancelled: row.cancelled,
  group: row.groupKind ? { kind: row.groupKind, id: row.groupId!, name: row.groupName ?? "" } : null,
  capacity: row.capacity,
  goingCount: row.goingCount,
  myRsvp: row.myStatus ? { status: row.myStatus, waitlistPosition: row.waitlistPosition } : null,
  cursor: row.cursor,
});

/** The dates she may see in a range, a page at a time in order of start. */
export async function listDates(db: Db, viewer: Viewer, query: z.output<typeof eventListQuery>) {
  const from = query.from ?? new Date();
  const to = query.to ?? new Date(from.getTime() + DEFAULT_RANGE_DAYS * DAY);
  if (to <= from) throw fieldError("to", "The end of the range must be after its start");
  // Events whose dates may touch the range; a moved date may stray a month from its series. The
  // bounds are sent as values, not as expressions: the planner then reads them against the range
  // index's statistics (an expression's bound it can only guess, and at 100,000 events it guessed
  // a third of the table and read all of it).
  const slack = 31 * DAY;
  const rows = await q.listDates(db, viewer, {
    events: sql`coalesce(e.repeat_until, e.starts_at) >= ${new Date(from.getTime() - slack)}::timestamptz
      and e.starts_at <= ${new Date(to.getTime() + slack)}::timestamptz
      ${query.groupId ? sql`and e.group_id = ${query.groupId}` : sql``}
      ${query.localGroupId ? sql`and e.local_group_id = ${query.localGroupId}` : sql``}`,
    dates: sql`d.date_end > ${from} and d.date_start < ${to}
      ${query.scope === "my_groups" ? sql`and d.is_member` : sql``}
      ${query.scope === "going" ? sql`and r.status in ('going', 'waitlisted')` : sql``}`,
    eachEvent: query.show === "events",
    after: query.after,
    limit: query.limit,
  });
  return rows.map(toAnswer);
}

/** Every event, for the administrators: its group, the date it shows, and the answers to that date. */
export async function adminEvents(db: Db, query: z.output<typeof adminEventsQuery>) {
  const rows = await q.adminEvents(db, { ...query, now: new Date() });
  return rows.map((row) => ({
    ...row,
    group: row.groupKind ? { kind: row.groupKind, id: row.groupId!, name: row.groupName ?? "" } : null,
  }));
}

/** The event if she may see it; 404 exactly as for a missing one otherwise. */
async function visibleEvent(db: Executor, viewer: Viewer, id: number, options?: { lock: boolean }) {
  const event = await q.findEvent(db, viewer, id, options);
  if (!event?.visible) throw notFound(EVENT_MESSAGES.notFound);
  return event;
}

/**
 * The event she may change: 404 where she may not see it, 403 where she sees it but may not change
 * it (`mayEditEvent`); locked for the transaction when asked.
 */
async function editableEvent(db: Executor, viewer: Viewer, id: number, options?: { lock: boolean }) {
  const event = await visibleEvent(db, viewer, id, options);
  if (!mayEditEvent(viewer, event)) throw forbidden(EVENT_MESSAGES.mayNotEdit);
  return event;
}

/** The online link, where it has one: for those going to any date, its creator and administrators. */
async function mayJoinOnline(db: Executor, viewer: Viewer, event: q.EventRow) {
  return event.onlineUrl !== null && (await q.onlineLinkOpen(db, viewer, event.id));
}

/** The last date an event had, once none is still to come: the last held, else the last cancelled. */
async function lastDateOf(db: Executor, viewer: Viewer, id: number) {
  const dates = await q.datesOfEvent(db, viewer, id);
  return dates.findLast((d) => !d.cancelled) ?? dates.at(-1) ?? null;
}

export async function getEvent(db: Executor, viewer: Viewer, id: number) {
  const event = await visibleEvent(db, viewer, id);
  const [dates, online] = await Promise.all([
    q.datesOfEvent(db, viewer, id, new Date(), DETAIL_DATES),
    mayJoinOnline(db, viewer, event),
  ]);
  // A gathering that is over still says when it was.
  const pastDate = dates.length === 0 ? await lastDateOf(db, viewer, id) : null;
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    timeZone: event.timeZone,
    location: event.placeVisible ? event.location : null,
    onlineUrl: online ? event.onlineUrl : null,
    isOnline: event.onlineUrl !== null,
    capacity: event.capacity,
    repeat: event.repeat,
    repeatUntil: event.repeatUntil,
    group: event.groupId
      ? { kind: "cultivation" as const, id: event.groupId, name: event.groupName ?? "" }
      : event.localGroupId
        ? { kind: "local" as const, id: event.localGroupId, name: event.groupName ?? "" }
        : null,
    cancelled: event.cancelledAt !== null,
    creatorName: event.createdBy
      ? personName({ firstName: event.creatorFirstName, lastName: event.creatorLastName }, { form: "full" })
      : null,
    canEdit: mayEditEvent(viewer, event),
    // The answer's schema leaves out each date's list cursor.
    occurrences: dates.map(toAnswer),
    pastDate: pastDate && toAnswer(pastDate),
  };
}

/**
 * A start that has passed is refused unless she says she is recording a gathering that already
 * took place: an event made for a date gone by by mistake would never be seen by anyone.
 */
function refusePastStart(startsAt: Date, pastGathering: boolean | undefined) {
  if (startsAt.getTime() < Date.now() && !pastGathering)
    throw fieldError("startsAt", EVENT_MESSAGES.startsInPast);
}

/**
 * Where an event happens when its creator names no zone: hers, as her app keeps it, else the
 * ministry's (TIME_ZONE or the Settings tab), else UTC.
 */
const zoneOrMinistry = (zone: string | undefined, ministry: string | undefined) =>
  zone && isTimeZone(zone) ? zone : ministry && isTimeZone(ministry) ? ministry : "UTC";

/**
 * The civil days of a series on a Hebrew date, in its zone (the first date's Hebrew date each year,
 * as hebcal moves a date a year lacks), up to its last day; none for any other series.
 */
function yearlyDaysOf(series: {
  repeat: EventRepeat;
  startsAt: Date;
  timeZone: string;
  repeatUntil: Date | null;
}): string[] | null {
  if (series.repeat !== "hebrew_yearly" || !series.repeatUntil) return null;
  const [first] = wallClockIn(series.startsAt, series.timeZone);
  const [until] = wallClockIn(series.repeatUntil, series.timeZone);
  return hebrewYearlyDays(parseIsoDay(first), parseIsoDay(until), HEBREW_REPEAT_MAX_YEARS).map(isoDay);
}

export async function createEvent(
  db: Db,
  viewer: Viewer,
  body: z.output<typeof createEventBody>,
  creator: { timeZone?: string; ministryTimeZone?: string } = {},
) {
  const group = body.groupId || body.localGroupId ? await q.groupOfNewEvent(db, viewer.id, body) : null;
  if (group === undefined) throw notFound(EVENT_MESSAGES.groupNotFound);
  if (!mayCreateEvent(viewer, group)) throw forbidden(EVENT_MESSAGES.mayNotCreate);
  refusePastStart(body.startsAt, body.pastGathering);
  const timeZone = body.timeZone ?? zoneOrMinistry(creator.timeZone, creator.ministryTimeZone);
  const repeatUntil = body.repeat === "none" ? null : (body.repeatUntil ?? null);
  const [row] = await db
    .insert(events)
    .values({
      title: body.title,
      description: body.description ?? "",
      startsAt: body.startsAt,
      endsAt: body.endsAt,
      timeZone,
      location: body.location ?? null,
      onlineUrl: body.onlineUrl ?? null,
      capacity: body.capacity ?? null,
      repeat: body.repeat,
      repeatUntil,
      yearlyDays: yearlyDaysOf({ repeat: body.repeat, startsAt: body.startsAt, timeZone, repeatUntil }),
      groupId: body.groupId ?? null,
      localGroupId: body.localGroupId ?? null,
      createdBy: viewer.id,
    })
    .returning({ id: events.id });
  return getEvent(db, viewer, row!.id);
}

/** A date of the event by its original start, if it has one (cancelled or not). */
async function dateOf(db: Executor, viewer: Viewer, eventId: number, occurrence: Date) {
  const dates = await q.datesOfEvent(db, viewer, eventId);
  const date = dates.find((d) => d.occurrence.getTime() === occurrence.getTime());
  if (!date) throw notFound(EVENT_MESSAGES.occurrenceNotFound);
  return date;
}

export async function updateEvent(
  db: Db,
  viewer: Viewer,
  id: number,
  body: z.output<typeof updateEventBody>,
) {
  await db.transaction(async (tx) => {
    const event = await editableEvent(tx, viewer, id, { lock: true });
    if (event.cancelledAt) throw badRequest(EVENT_MESSAGES.cancelled);

    if (body.occurrence) {
      // One date moves on its own; those going to it hear of it.
      const date = await dateOf(tx, viewer, id, body.occurrence);
      const startsAt = body.startsAt ?? date.startsAt;
      const endsAt =
        body.endsAt ?? new Date(startsAt.getTime() + (date.endsAt.getTime() - date.startsAt.getTime()));
      if (endsAt <= startsAt) throw fieldError("endsAt", EVENT_MESSAGES.endAfterStart);
      await q.writeException(tx, { eventId: id, occurrence: body.occurrence, startsAt, endsAt });
      await notify(tx, "event_changed", {
        recipients: q.goingTo(id, { occurrence: body.occurrence }),
        actorId: viewer.id,
        subjectId: id,
        dedupeKey: `${id}@${body.occurrence.toISOString()}@${date.sequence + 1}`,
        title: event.title,
      });
      return;
    }

    const next = {
      title: body.title ?? event.title,
      description: body.description !== undefined ? body.description : event.description,
      startsAt: body.startsAt ?? event.startsAt,
      endsAt:
        body.endsAt ??
        (body.startsAt
          ? new Date(body.startsAt.getTime() + (event.endsAt.getTime() - event.startsAt.getTime()))
          : event.endsAt),
      timeZone: body.timeZone ?? event.timeZone,
      location: body.location !== undefined ? body.location : event.location,
      onlineUrl: body.onlineUrl !== undefined ? body.onlineUrl : event.onlineUrl,
      capacity: body.capacity !== undefined ? body.capacity : event.capacity,
      repeat: body.repeat ?? event.repeat,
      repeatUntil: body.repeatUntil !== undefined ? body.repeatUntil : event.repeatUntil,
    };
    // Fields sent alone are checked against those kept; a start kept as it was is not asked again.
    if (next.startsAt.getTime() !== event.startsAt.getTime())
      refusePastStart(next.startsAt, body.pastGathering);
    if (next.endsAt <= next.startsAt) throw fieldError("endsAt", EVENT_MESSAGES.endAfterStart);
    if (next.repeat !== "none") {
      if (!next.repeatUntil) throw fieldError("repeatUntil", EVENT_MESSAGES.repeatUntil);
      if (next.repeatUntil < next.startsAt) throw fieldError("repeatUntil", EVENT_MESSAGES.repeatBeforeStart);
      if (next.repeatUntil.getTime() - next.startsAt.getTime() > repeatMaxDays(next.repeat) * DAY)
        throw fieldError("repeatUntil", repeatTooLongMessage(next.repeat));
    } else {
      next.repeatUntil = null;
    }
    const yearlyDays = yearlyDaysOf(next);
    const timeMoved =
      next.startsAt.getTime() !== event.startsAt.getTime() ||
      next.endsAt.getTime() !== event.endsAt.getTime() ||
      next.timeZone !== event.timeZone;
    const placeMoved = next.location !== event.location || next.onlineUrl !== event.onlineUrl;

    if (next.startsAt.getTime() !== event.startsAt.getTime() || next.timeZone !== event.timeZone) {
      if (event.yearlyDays && yearlyDays)
        await q.shiftYearlySeries(
          tx,
          id,
          { ...event, yearlyDays: event.yearlyDays },
          { ...next, yearlyDays },
        );
      else await q.shiftSeries(tx, id, event, next);
    }
    await tx
      .update(events)
      .set({
        ...next,
        yearlyDays,
        description: next.description ?? "",
        sequence: sql`${events.sequence} + 1`,
        updatedAt: new Date(),
      })
      .where(sql`${events.id} = ${id}`);
    // A larger capacity (or none) makes room for those waiting.
    const moved = await q.promoteWaitlisted(tx, id);
    await tellPromoted(tx, id, event.title, moved);
    if (timeMoved || placeMoved) {
      await notify(tx, "event_changed", {
        recipients: q.goingTo(id, { from: new Date() }),
        actorId: viewer.id,
        subjectId: id,
        dedupeKey: `${id}@${event.sequence + 1}`,
        title: next.title,
      });
    }
  });
  return getEvent(db, viewer, id);
}

export async function cancelEvent(
  db: Db,
  viewer: Viewer,
  id: number,
  query: z.output<typeof occurrenceQuery>,
) {
  await db.transaction(async (tx) => {
    const event = await editableEvent(tx, viewer, id, { lock: true });
    if (event.cancelledAt) return;
    if (query.occurrence) {
      const date = await dateOf(tx, viewer, id, query.occurrence);
      if (date.cancelled) return;
      await q.writeException(tx, { eventId: id, occurrence: query.occurrence, cancelled: true });
      await notify(tx, "event_cancelled", {
        recipients: q.goingTo(id, { occurrence: query.occurrence }),
        actorId: viewer.id,
        subjectId: id,
        dedupeKey: `${id}@${query.occurrence.toISOString()}`,
        title: event.title,
      });
      return;
    }
    await tx
      .update(events)
      .set({ cancelledAt: new Date(), sequence: sql`${events.sequence} + 1`, updatedAt: new Date() })
      .where(sql`${events.id} = ${id}`);
    await notify(tx, "event_cancelled", {
      recipients: q.goingTo(id, { from: new Date() }),
      actorId: viewer.id,
      subjectId: id,
      dedupeKey: String(id),
      title: event.title,
    });
  });
}

/** Tells each member moved up from a waitlist that a place opened for her: one notice a date. */
async function tellPromoted(
  tx: Executor,
  eventId: number,
  title: string,
  moved: { userId: number; occurrence: Date }[],
) {
  const byDate = new Map<number, number[]>();
  for (const { userId, occurrence } of moved) {
    const users = byDate.get(occurrence.getTime());
    if (users) users.push(userId);
    else byDate.set(occurrence.getTime(), [userId]);
  }
  for (const [time, userIds] of byDate) {
    await notify(tx, "event_place_opened", {
      recipients: q.seeingEvent(eventId, sql`select unnest(${`{${userIds.join(",")}}`}::int[])`),
      actorId: null,
      subjectId: eventId,
      // Each time she is moved up is news: the moment names it.
      dedupeKey: `${eventId}@${new Date(time).toISOString()}@${Date.now()}`,
      title,
    });
  }
}

/** What members are told of an event: taken back from those who may no longer open it. */
const EVENT_NOTICES = NOTIFICATION_KIND_NAMES.filter((kind) => kind.startsWith("event_"));

/**
 * Ends the answers to a group's events of those who may no longer open them, hers or (with no
 * member named) anyone's: when she leaves the group or is removed from it, or when it becomes
 * private. In the transaction of that change: she is no longer counted nor told of the event, what
 * she was told of it leaves her bell (whose count then matches its list), and a place she held goes
 * to the first waiting, under the event's lock as any answer. Only those who answered an event were
 * ever told of it.
 */
export async function endAnswersOutOfSight(tx: Tx, group: q.GroupOfEvents, userId?: number) {
  for (const eventId of await q.eventsAnsweredOutOfSight(tx, group, userId)) {
    const places = await q.lockEventPlaces(tx, eventId);
    const { userIds, freed } = await q.deleteAnswersOutOfSight(tx, eventId, group, userId);
    await withdrawNotices(tx, EVENT_NOTICES, { recipients: userIds, subjectId: eventId });
    if (freed === undefined || places?.cancelled) continue;
    await tellPromoted(tx, eventId, freed, await q.promoteWaitlisted(tx, eventId));
  }
}

const NO_UPCOMING_DATES = "This event has no upcoming dates";

/**
 * Answers to events whose places are counted, taken together: the events' locks, one statement
 * for every answer (`q.answerCountedEvents`) and the notices of those moved up, in one transaction
 * and one commit. Answers waiting meanwhile leave with the next batch, and a member's second answer
 * to the same event waits for it too.
 */
const answerCountedEvents = batchedStatement(
  (db: Db, inputs: q.CountedAnswerInput[]) =>
    // Every writer of an event's answers takes its lock (`findEvent`, `lockEventPlaces`, here).
    lockedTransaction(db, "events", [...new Set(inputs.map((a) => a.eventId))], async (tx) => {
      const { answers, moved } = await q.answerCountedEvents(tx, inputs);
      for (const eventId of new Set(moved.map((m) => m.eventId))) {
        const here = moved.filter((m) => m.eventId === eventId);
        await tellPromoted(tx, eventId, here[0]!.title, here);
      }
      return answers;
    }),
  // One batch at a time: answers to one event would only queue for its lock, and those waiting
  // meanwhile leave together, with one commit.
  { inFlight: 1, apart: (a) => `${a.eventId}:${a.viewer.id}` },
);

/**
 * The events this instance last found counting places (per database): their answers go straight
 * to the locked path, without first passing the open one. Only a guess, right either way: the open
 * path takes no answer to an event that counts (it hands it on), and the locked path answers an
 * event without a limit as the open one would.
 */
const countingEvents = new WeakMap<Db, Map<number, true>>();

/** Refuses an answer that found no date to answer: a cancelled event, no such date, none to come. */
function refuseWithoutDates(taken: { cancelled: boolean; dates: number }, body: z.output<typeof rsvpBody>) {
  if (taken.cancelled) throw badRequest(EVENT_MESSAGES.cancelled);
  if (taken.dates > 0) return;
  if (body.occurrence) throw notFound(EVENT_MESSAGES.occurrenceNotFound);
  throw badRequest(NO_UPCOMING_DATES);
}

/**
 * Her answer for one date, or for every upcoming date of a series. Where places are counted, the
 * count of those going and her new answer are read and written under the event's row lock: two
 * members pressing "going" for the last place never both get it (decision 038).
 */
export async function rsvp(db: Db, viewer: Viewer, id: number, body: z.output<typeof rsvpBody>) {
  const answer = { viewer, eventId: id, occurrence: body.occurrence, status: body.status };
  let counting = countingEvents.get(db);
  if (!counting) {
    counting = new Map();
    countingEvents.set(db, counting);
  }
  if (!counting.has(id)) {
    // Most events do not count places: their answers are one batched statement.
    const open = await q.answerOpenEvent(db, answer);
    if (!open.visible) throw notFound(EVENT_MESSAGES.notFound);
    if (!open.counted) {
      refuseWithoutDates(open, body);
      return { status: body.status, waitlistPosition: null };
    }
  }
  // The rest take turns under the event's lock, where she is seen again: she may have lost sight
  // of it meanwhile.
  const taken = await answerCountedEvents(db, answer);
  if (taken.counted) setBounded(counting, id, true, 10_000);
  else counting.delete(id);
  if (!taken.visible) throw notFound(EVENT_MESSAGES.notFound);
  refuseWithoutDates(taken, body);
  return { status: taken.status!, waitlistPosition: taken.waitlistPosition };
}

export async function attendees(db: Db, viewer: Viewer, id: number, query: z.output<typeof occurrenceQuery>) {
  const event = await editableEvent(db, viewer, id);
  let occurrence = query.occurrence;
  if (occurrence) {
    await dateOf(db, viewer, id, occurrence);
  } else {
    const [next] = await q.datesOfEvent(db, viewer, id, new Date(), 1);
    occurrence = next?.occurrence ?? event.startsAt;
  }
  const rows = await q.attendeesOf(db, viewer, id, occurrence);
  const named = (status: string) =>
    rows.filter((r) => r.status === status).map((r) => ({ id: r.id, name: personName(r, { form: "full" }) }));
  return { occurrence, going: named("going"), waitlist: named("waitlisted"), maybe: named("maybe") };
}

/** Her words shown in a notification: on one line, cut at a word near `max` characters. */
function shortened(text: string, max = 120) {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Its creator (or an administrator) writes to those going to one date, or to any date not yet over,
 * and to those waiting for a place: one notification each, in one INSERT … SELECT. Answers how many
 * were told (never the sender, nor anyone who blocked her).
 */
export async function messageAttendees(
  db: Db,
  viewer: Viewer,
  id: number,
  body: z.output<typeof messageAttendeesBody>,
) {
  return db.transaction(async (tx) => {
    // Decided as for who is coming: 404 to those who may not see it, 403 to those who may not edit it.
    const event = await editableEvent(tx, viewer, id);
    let dates: { occurrence?: Date; among?: Date[] };
    if (body.occurrence) {
      await dateOf(tx, viewer, id, body.occurrence);
      dates = { occurrence: body.occurrence };
    } else {
      const upcoming = (await q.datesOfEvent(tx, viewer, id, new Date())).filter((d) => !d.cancelled);
      if (upcoming.length === 0) return { sent: 0 };
      dates = { among: upcoming.map((d) => d.occurrence) };
    }
    const sent = await notify(tx, "event_message", {
      recipients: q.goingTo(id, dates, { waiting: true }),
      actorId: viewer.id,
      subjectId: id,
      // Every message is news of its own.
      dedupeKey: `${id}@message@${randomBytes(9).toString("base64url")}`,
      title: `${event.title}: ${shortened(body.text)}`,
    });
    return { sent };
  });
}

/** What the calendar file needs: the event, its dates, and whether she may have its link. */
export async function calendarOf(db: Db, viewer: Viewer, id: number) {
  const event = await visibleEvent(db, viewer, id);
  const [dates, online] = await Promise.all([
    q.calendarDates(db, viewer, { events: sql`e.id = ${id}` }),
    mayJoinOnline(db, viewer, event),
  ]);
  return { event, dates, onlineUrl: online ? event.onlineUrl : null };
}

/**
 * Her feed's token: an HMAC of its seed with the server's secret, 32 bytes, 43 characters of
 * base64url, never guessed. The database keeps the seed and the token's hash: the address can be
 * shown to her again, and a copy of the database alone opens no feed.
 */
const feedTokenOf = (secret: string, seed: string) =>
  createHmac("sha256", secret).update(`calendar-feed:${seed}`).digest("base64url");

const newFeed = (secret: string) => {
  const seed = randomBytes(32).toString("base64url");
  return { seed, tokenHash: hashToken(feedTokenOf(secret, seed)) };
};

const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar-feed/${token}`;

export async function calendarFeed(db: Db, viewer: Viewer, publicUrl: string, secret: string) {
  const seed = await q.feedSeed(db, viewer.id, newFeed(secret));
  return { url: feedUrl(publicUrl, feedTokenOf(secret, seed)) };
}

export async function resetCalendarFeed(db: Db, viewer: Viewer, publicUrl: string, secret: string) {
  const fresh = newFeed(secret);
  await q.resetFeed(db, viewer.id, fresh);
  return { url: feedUrl(publicUrl, feedTokenOf(secret, fresh.seed)) };
}

/** How far back her feed keeps the dates she went to. */
const FEED_PAST_DAYS = 30;

/**
 * The events of the dates the feed's owner is going to (404 for a token that opens nothing, as a
 * reset one, or while its owner is suspended): every date of each, so a series keeps its one rule,
 * and which of them her feed lists.
 */
export async function feedDates(db: Db, token: string) {
  const userId = await q.feedOwner(db, hashToken(token));
  if (!userId) throw notFound("Calendar feed not found");
  const owner: Viewer = { id: userId, isAdmin: false };
  const from = new Date(Date.now() - FEED_PAST_DAYS * DAY);
  const dates = await q.calendarDates(db, owner, {
    events: sql`exists (select 1 from event_rsvps f where f.event_id = e.id and f.user_id = ${userId}
      and f.status = 'going' and f.occurrence >= ${from}::timestamptz - interval '31 days')`,
  });
  return { dates, includes: (d: q.DateRow) => d.myStatus === "going" && d.endsAt > from };
}
