import { type SQL, sql } from "drizzle-orm";
import type { EVENT_REPEATS } from "../../../core/events/choices";
import {
  eventOnlineLinkOpenTo,
  eventPlaceVisibleTo,
  eventVisibleTo,
  groupLedBy,
  inEventGroup,
  memberOfStatement,
  personColumnsSeenBy,
} from "../../auth/policies";
import { batchedStatement } from "../../db/batched-statement";
import type { Db, Tx } from "../../db/client";
import { preparedStatement, statementText } from "../../db/prepared";

type EventRepeat = (typeof EVENT_REPEATS)[number];

type Executor = Db | Tx;

/** Raw statements answer timestamps as Postgres writes them: these become Dates. */
function withDates(row: Record<string, unknown>, keys: string[]) {
  for (const key of keys) {
    const value = row[key];
    if (typeof value === "string") row[key] = new Date(value);
  }
  return row;
}

export interface Viewer {
  id: number;
  isAdmin: boolean;
}

/**
 * The columns of an event as one viewer sees it, with whether she belongs to its group (who sees
 * its place). Whether she may see it at all is `eventVisibleTo` (auth/policies/).
 */
const eventsAsSeenBy = (viewer: Viewer) => sql`
  select e.*, cg.name as group_name, lg.name as local_group_name, ${inEventGroup(viewer.id, "e")} as is_member
  from events e
  left join cultivation_groups cg on cg.id = e.group_id
  left join local_groups lg on lg.id = e.local_group_id`;

/** May she see its place (`canSeeEventPlace`), on the date or event row `d` and its `is_member`. */
const placeVisibleTo = (viewer: Viewer) => eventPlaceVisibleTo(viewer, "d", sql`d.is_member`);

/**
 * Every date of the events in `ev`: computed on the event's wall clock in its own zone and turned
 * back into instants, so a weekly 19:00 stays 19:00 there across a daylight-saving change. A series
 * is bounded (REPEAT_MAX_DAYS), so the counts below cover it. A series on a Hebrew date takes its
 * days from `yearly_days` (worked out when it was saved: see the events schema), at its first
 * date's time of day.
 */
const datesOf = sql.raw(`
  select ev.*, o.occurrence,
    coalesce(x.starts_at, o.occurrence) as date_start,
    coalesce(x.ends_at, o.occurrence + (ev.ends_at - ev.starts_at)) as date_end,
    (ev.cancelled_at is not null or coalesce(x.cancelled, false)) as date_cancelled,
    ev.sequence + coalesce(x.sequence, 0) as date_sequence
  from ev
  cross join lateral (
    select case when ev.repeat = 'none' then ev.starts_at
      when ev.repeat = 'hebrew_yearly' then (ev.yearly_days[n + 1]
        + (ev.starts_at at time zone ev.time_zone)::time) at time zone ev.time_zone
      else ((ev.starts_at at time zone ev.time_zone) + n * (case ev.repeat
        when 'weekly' then interval '7 days' when 'biweekly' then interval '14 days'
        else interval '1 month' end)) at time zone ev.time_zone
      end as occurrence
    from generate_series(0, case ev.repeat when 'weekly' then 53 when 'biweekly' then 27
      when 'monthly' then 13 when 'hebrew_yearly' then coalesce(cardinality(ev.yearly_days), 1) - 1
      else 0 end) as n
  ) o
  left join event_exceptions x on x.event_id = ev.id and x.occurrence = o.occurrence
  where o.occurrence <= coalesce(ev.repeat_until, ev.starts_at)`);

export interface DateRow {
  eventId: number;
  occurrence: Date;
  startsAt: Date;
  endsAt: Date;
  title: string;
  timeZone: string;
  zoneClock: string;
  zoneDay: string;
  location: string | null;
  isOnline: boolean;
  cancelled: boolean;
  groupKind: "cultivation" | "local" | null;
  groupId: number | null;
  groupName: string | null;
  capacity: number | null;
  goingCount: number;
  myStatus: "going" | "waitlisted" | "maybe" | "not_going" | null;
  waitlistPosition: number | null;
  cursor: string;
  sequence: number;
  description: string;
  onlineUrl: string | null;
  repeat: EventRow["repeat"];
}

interface DatesFilter {
  /** Which events (over `e`): the range, one event. */
  events: SQL;
  /** Which dates (over `d`). */
  dates?: SQL;
  /** Each event once, at its first date that `dates` lets through (a cancelled one only if all are). */
  eachEvent?: boolean;
  /** The dates after this one in the order of the list (its start, then its event's id). */
  after?: { at: Date; id: number };
  limit?: number;
  /** With what a calendar file needs besides (`CalendarDateRow`). */
  calendar?: boolean;
}

/** A date with its series, as a calendar file describes it: the repeat rule on the event's clocks. */
export interface CalendarDateRow extends DateRow {
  /** The series' first date, as instants and on the event's clocks (20270309T190000). */
  seriesStart: Date;
  seriesEnd: Date;
  seriesStartLocal: string;
  seriesEndLocal: string;
  /** The date's original start on the event's clocks: its RECURRENCE-ID. */
  occurrenceLocal: string;
  repeatUntil: Date | null;
  /** The event's changes and those of each of its dates: rises with every change to any of them. */
  seriesSequence: number;
  eventCancelled: boolean;
}

/** A timestamp on the event's clocks, as iCalendar writes a local time. */
const localStamp = (column: SQL) => sql`to_char(${column} at time zone d.time_zone, 'YYYYMMDD"T"HH24MISS')`;

/** Dates of the events she may see, with her answer and the going count of each, in order of start. */
export async function listDates(db: Executor, viewer: Viewer, filter: DatesFilter): Promise<DateRow[]> {
  const after = filter.after && sql`(${filter.after.at}::timestamptz, ${filter.after.id}::int)`;
  const her = sql`left join event_rsvps r on r.event_id = d.id and r.occurrence = d.occurrence and r.user_id = ${viewer.id}`;
  const dates = sql`select d.id as "eventId", d.occurrence, d.date_start as "startsAt", d.date_end as "endsAt",
      d.title, d.description, d.repeat, d.time_zone as "timeZone",
      to_char(d.date_start at time zone d.time_zone, 'FMHH12:MI AM') as "zoneClock",
      to_char(d.date_start at time zone d.time_zone, 'Mon FMDD') as "zoneDay",
      case when ${placeVisibleTo(viewer)} then d.location end as location,
      d.online_url as "onlineUrl",
      d.online_url is not null as "isOnline",
      d.date_cancelled as cancelled,
      case when d.group_id is not null then 'cultivation' when d.local_group_id is not null then 'local' end as "groupKind",
      coalesce(d.group_id, d.local_group_id) as "groupId",
      coalesce(d.group_name, d.local_group_name) as "groupName",
      d.capacity, d.date_sequence as sequence,
      (select count(*)::int from event_rsvps g where g.event_id = d.id and g.occurrence = d.occurrence
        and g.status = 'going') as "goingCount",
      r.status as "myStatus",
      case when r.status = 'waitlisted' then (select count(*)::int from event_rsvps w
        where w.event_id = d.id and w.occurrence = d.occurrence and w.status = 'waitlisted'
          and (w.answered_at, w.id) <= (r.answered_at, r.id)) end as "waitlistPosition",
      to_char(d.date_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '~' || d.id as cursor
      ${
        filter.calendar
          ? sql`, d.starts_at as "seriesStart", d.ends_at as "seriesEnd",
        ${localStamp(sql`d.starts_at`)} as "seriesStartLocal", ${localStamp(sql`d.ends_at`)} as "seriesEndLocal",
        ${localStamp(sql`d.occurrence`)} as "occurrenceLocal", d.repeat_until as "repeatUntil",
        d.sequence + (select coalesce(sum(x.sequence), 0)::int from event_exceptions x where x.event_id = d.id)
          as "seriesSequence",
        d.cancelled_at is not null as "eventCancelled"`
          : sql``
      }
    from ${filter.eachEvent ? sql`firsts` : sql`d`} d ${her}
    where ${filter.dates ?? sql`true`} ${after ? sql`and (d.date_start, d.id) > ${after}` : sql``}`;
  const limit = filter.limit ? sql`limit ${filter.limit}` : sql``;
  const result = await db.execute<Record<string, unknown>>(sql`
    -- Planned on its own: the events in range come from the range index, however the dates'
    -- expansion below is estimated (inlined, a parallel plan read every event at 100,000).
    -- Only the events she may see have their dates computed.
    with ev as materialized (
      ${eventsAsSeenBy(viewer)} where ${filter.events} and ${eventVisibleTo(viewer, "e")}
    ),
    d as (${datesOf})
    ${
      // Each event's first date is found among all its dates in the range before the page is cut:
      // a series seen on one page never comes back on the next with a later date.
      filter.eachEvent
        ? sql`, firsts as (
            select distinct on (d.id) d.* from d ${her} where ${filter.dates ?? sql`true`}
            order by d.id, d.date_cancelled, d.date_start
          )`
        : sql``
    }
    ${dates}
    order by d.date_start, d.id ${limit}`);
  return result.rows.map((row) =>
    withDates(row, ["occurrence", "startsAt", "endsAt", "seriesStart", "seriesEnd", "repeatUntil"]),
  ) as unknown as DateRow[];
}

/** `listDates` with what a calendar file needs of each date's series. */
export const calendarDates = async (db: Executor, viewer: Viewer, filter: Omit<DatesFilter, "calendar">) =>
  (await listDates(db, viewer, { ...filter, calendar: true })) as CalendarDateRow[];

/** An event in the administrators' list: the date it shows, and the answers to that date. */
export interface AdminEventRow {
  id: number;
  title: string;
  groupKind: "cultivation" | "local" | null;
  groupId: number | null;
  groupName: string | null;
  repeat: EventRow["repeat"];
  occurrence: Date;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  zoneClock: string;
  cancelled: boolean;
  eventCancelled: boolean;
  capacity: number | null;
  going: number;
  waitlisted: number;
  maybe: number;
  cursor: string;
}

/**
 * Every event, a page at a time, for the administrators. Whether it is to come is read from its last
 * possible start, `coalesce(repeat_until, starts_at)`, the range index's first column:
 * `upcoming` holds the events whose last start is still ahead, each at its next date (the first not
 * yet over and not cancelled), in the order of those dates; `past` holds the rest, each at its last
 * date, the most recent first, read backwards along the index a page at a time. The answers to the
 * date shown are counted in the same statement, through the answers' (event, date, member) index.
 */
export async function adminEvents(
  db: Executor,
  options: { when: "upcoming" | "past"; after?: { at: Date; id: number }; limit: number; now: Date },
): Promise<AdminEventRow[]> {
  const { when, after, limit, now } = options;
  const bound = sql`coalesce(e.repeat_until, e.starts_at)`;
  const upcoming = when === "upcoming";
  const events = sql`select e.*, cg.name as group_name, lg.name as local_group_name from events e
    left join cultivation_groups cg on cg.id = e.group_id
    left join local_groups lg on lg.id = e.local_group_id`;
  const result = await db.execute<Record<string, unknown>>(sql`
    with ev as materialized (
      ${
        upcoming
          ? sql`${events} where ${bound} >= ${now}::timestamptz`
          : sql`${events} where ${bound} < ${now}::timestamptz
              ${after ? sql`and (${bound}, e.id) < (${after.at}::timestamptz, ${after.id}::int)` : sql``}
              order by ${bound} desc, e.id desc limit ${limit}`
      }
    ),
    d as (${datesOf}),
    shown as (
      select distinct on (d.id) d.*, coalesce(d.repeat_until, d.starts_at) as bound from d
      order by d.id, ${
        upcoming
          ? sql`d.date_end <= ${now}::timestamptz, d.date_cancelled,
              case when d.date_end > ${now}::timestamptz then d.date_start end, d.date_start desc`
          : sql`d.date_cancelled, d.date_start desc`
      }
    )
    select s.id, s.title, s.repeat,
      case when s.group_id is not null then 'cultivation' when s.local_group_id is not null then 'local' end as "groupKind",
      coalesce(s.group_id, s.local_group_id) as "groupId",
      coalesce(s.group_name, s.local_group_name) as "groupName",
      s.occurrence, s.date_start as "startsAt", s.date_end as "endsAt", s.time_zone as "timeZone",
      to_char(s.date_start at time zone s.time_zone, 'FMHH12:MI AM') as "zoneClock",
      s.date_cancelled as cancelled, s.cancelled_at is not null as "eventCancelled", s.capacity,
      a.going, a.waitlisted, a.maybe,
      to_char(${upcoming ? sql`s.date_start` : sql`s.bound`} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        || '~' || s.id as cursor
    from shown s
    cross join lateral (
      select count(*) filter (where r.status = 'going')::int as going,
        count(*) filter (where r.status = 'waitlisted')::int as waitlisted,
        count(*) filter (where r.status = 'maybe')::int as maybe
      from event_rsvps r where r.event_id = s.id and r.occurrence = s.occurrence
    ) a
    ${
      upcoming
        ? sql`${after ? sql`where (s.date_start, s.id) > (${after.at}::timestamptz, ${after.id}::int)` : sql``}
            order by s.date_start, s.id limit ${limit}`
        : sql`order by s.bound desc, s.id desc`
    }`);
  return result.rows.map((row) =>
    withDates(row, ["occurrence", "startsAt", "endsAt"]),
  ) as unknown as AdminEventRow[];
}

export interface EventRow {
  id: number;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  location: string | null;
  onlineUrl: string | null;
  capacity: number | null;
  repeat: EventRepeat;
  repeatUntil: Date | null;
  /** The days of a series on a Hebrew date ("2027-03-23"), the first included. */
  yearlyDays: string[] | null;
  groupId: number | null;
  localGroupId: number | null;
  groupName: string | null;
  createdBy: number | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
  sequence: number;
  cancelledAt: Date | null;
  isMember: boolean;
  visible: boolean;
  placeVisible: boolean;
}

/** One event as she sees it (`visible` false when she may not), locked for a change when asked. */
export async function findEvent(
  db: Executor,
  viewer: Viewer,
  id: number,
  { lock = false } = {},
): Promise<EventRow | undefined> {
  // Changes to an event (its dates, its capacity) take this lock, as answers that may take or free
  // one of its places do (`lockEventPlaces`).
  if (lock) await db.execute(sql`select 1 from events where id = ${id} for no key update`);
  // Her name as the viewer may see it (her profile setting).
  const creator = personColumnsSeenBy(viewer, "u");
  const result = await db.execute<Record<string, unknown>>(sql`
    with d as (${eventsAsSeenBy(viewer)} where e.id = ${id})
    select d.id, d.title, d.description, d.starts_at as "startsAt", d.ends_at as "endsAt",
      d.time_zone as "timeZone", d.location, d.online_url as "onlineUrl", d.capacity, d.repeat,
      d.repeat_until as "repeatUntil", d.yearly_days::text[] as "yearlyDays", d.group_id as "groupId", d.local_group_id as "localGroupId",
      coalesce(d.group_name, d.local_group_name) as "groupName", d.created_by as "createdBy",
      ${creator.firstName} as "creatorFirstName", ${creator.lastName} as "creatorLastName", d.sequence,
      d.cancelled_at as "cancelledAt", d.is_member as "isMember",
      ${eventVisibleTo(viewer, "d")} as visible, ${placeVisibleTo(viewer)} as "placeVisible"
    from d left join users u on u.id = d.created_by`);
  const row = result.rows[0];
  return row
    ? (withDates(row, ["startsAt", "endsAt", "repeatUntil", "cancelledAt"]) as unknown as EventRow)
    : undefined;
}

/** The active group a new event would belong to, with whether she leads it (`leadsGroup`); none if not there. */
export async function groupOfNewEvent(
  db: Executor,
  userId: number,
  group: { groupId?: number | null; localGroupId?: number | null },
): Promise<{ viewerLeads: boolean } | undefined> {
  const result = group.groupId
    ? await db.execute<{ leads: boolean }>(sql`select ${groupLedBy("cultivation", sql`g.id`, userId)} as leads
        from cultivation_groups g where g.id = ${group.groupId} and g.is_active`)
    : await db.execute<{ leads: boolean }>(sql`select ${groupLedBy("local", sql`g.id`, userId)} as leads
        from local_groups g where g.id = ${group.localGroupId} and g.is_active`);
  const row = result.rows[0];
  return row && { viewerLeads: row.leads === true };
}

/** Whether she may have the event's online link (`canJoinEventOnline`). */
export async function onlineLinkOpen(db: Executor, viewer: Viewer, id: number): Promise<boolean> {
  const result = await db.execute<{ open: boolean }>(
    sql`select ${eventOnlineLinkOpenTo(viewer, "e")} as open from events e where e.id = ${id}`,
  );
  return result.rows[0]?.open === true;
}

/** The dates of one event (all of them, or those ending after `after`). */
export const datesOfEvent = (db: Executor, viewer: Viewer, id: number, after?: Date, limit?: number) =>
  listDates(db, viewer, {
    events: sql`e.id = ${id}`,
    dates: after ? sql`d.date_end > ${after}` : undefined,
    limit,
  });

/**
 * The event's place count and whether it is cancelled, read under its lock: answers that may take
 * or free a place queue here, so its last place goes to one of them.
 */
export async function lockEventPlaces(db: Executor, id: number) {
  const result = await db.execute<{ capacity: number | null; cancelled: boolean }>(sql`select capacity,
      cancelled_at is not null as cancelled
    from events where id = ${id} for no key update`);
  return result.rows[0];
}

/**
 * Moves the first on the waitlist of each date with free places up, as many as fit; answers who
 * moved up and for which date. Runs under the event's lock.
 */
export async function promoteWaitlisted(db: Executor, eventId: number, occurrence?: Date) {
  const result = await db.execute<{ userId: number; occurrence: string | Date }>(sql`
    with ranked as (
      select w.id, w.user_id, w.occurrence,
        row_number() over (partition by w.occurrence order by w.answered_at, w.id) as place,
        e.capacity - (select count(*) from event_rsvps g where g.event_id = w.event_id
          and g.occurrence = w.occurrence and g.status = 'going') as free
      from event_rsvps w join events e on e.id = w.event_id
      where w.event_id = ${eventId} and w.status = 'waitlisted'
        ${occurrence ? sql`and w.occurrence = ${occurrence}` : sql``}
    )
    update event_rsvps r set status = 'going', answered_at = clock_timestamp()
    from ranked where r.id = ranked.id and (ranked.free is null or ranked.place <= ranked.free)
    returning r.user_id as "userId", r.occurrence`);
  return result.rows.map((r) => ({ userId: r.userId, occurrence: new Date(r.occurrence) }));
}

/**
 * Of the members `who` selects (one column of ids), those who may open the event now: whoever is
 * told of an event is chosen by the rule that decides who may see it, when she is told.
 */
export const seeingEvent = (eventId: number, who: SQL) =>
  sql`select w.user_id from (${who}) w(user_id) join events e on e.id = ${eventId}
    where ${eventVisibleTo(memberOfStatement(sql`w.user_id`), "e")}`;

/**
 * Members going to the event's dates from `from` on (or to one date, or to the dates listed) who
 * may still see it: who hears of a change. With `waiting`, those on the dates' waitlists too.
 */
export const goingTo = (
  eventId: number,
  dates: { occurrence?: Date; from?: Date; among?: Date[] },
  { waiting = false } = {},
) =>
  seeingEvent(
    eventId,
    sql`select distinct user_id from event_rsvps where event_id = ${eventId}
    and status ${waiting ? sql`in ('going', 'waitlisted')` : sql`= 'going'`}
    ${dates.occurrence ? sql`and occurrence = ${dates.occurrence}` : sql``}
    ${dates.from ? sql`and occurrence >= ${dates.from}` : sql``}
    ${dates.among ? sql`and occurrence = any(${`{${dates.among.map((d) => d.toISOString()).join(",")}}`}::timestamptz[])` : sql``}`,
  );

/** A group's events: a cultivation group's or a local group's. */
export type GroupOfEvents = { groupId: number } | { localGroupId: number };

const ofGroup = (group: GroupOfEvents) =>
  "groupId" in group ? sql`e.group_id = ${group.groupId}` : sql`e.local_group_id = ${group.localGroupId}`;

/** Answers to the group's events (hers, or anyone's) by members who may no longer see them. */
const outOfSight = (group: GroupOfEvents, userId?: number) =>
  sql`${ofGroup(group)} ${userId === undefined ? sql`` : sql`and r.user_id = ${userId}`}
    and not ${eventVisibleTo(memberOfStatement(sql`r.user_id`), "e")}`;

/** The group's events that hold answers by members who may no longer see them, in id order. */
export async function eventsAnsweredOutOfSight(db: Executor, group: GroupOfEvents, userId?: number) {
  const result = await db.execute<{ id: number }>(sql`select distinct e.id from event_rsvps r
    join events e on e.id = r.event_id where ${outOfSight(group, userId)} order by e.id`);
  return result.rows.map((row) => row.id);
}

/** Deletes those answers to one event; answers whose they were, and its title if one was going. */
export async function deleteAnswersOutOfSight(
  db: Executor,
  eventId: number,
  group: GroupOfEvents,
  userId?: number,
) {
  const result = await db.execute<{ userIds: number[]; freed: string | null }>(sql`with gone as (
      delete from event_rsvps r using events e
      where r.event_id = ${eventId} and e.id = r.event_id and ${outOfSight(group, userId)}
      returning r.user_id, r.status, e.title
    )
    select coalesce(array_agg(distinct user_id), '{}') as "userIds",
      max(title) filter (where status = 'going') as freed
    from gone`);
  const row = result.rows[0];
  return { userIds: row?.userIds ?? [], freed: row?.freed ?? undefined };
}

export async function attendeesOf(db: Executor, viewer: Viewer, eventId: number, occurrence: Date) {
  // Their names as the viewer may see them (each one's profile setting).
  const attendee = personColumnsSeenBy(viewer, "u");
  const result = await db.execute<{
    id: number;
    status: string;
    firstName: string | null;
    lastName: string | null;
  }>(sql`select u.id, r.status, ${attendee.firstName} as "firstName", ${attendee.lastName} as "lastName"
    from event_rsvps r join users u on u.id = r.user_id
    where r.event_id = ${eventId} and r.occurrence = ${occurrence} and r.status <> 'not_going'
    order by r.answered_at, r.id`);
  return result.rows;
}

/** Moves her answers and the moved dates with the series when its first start or zone changes. */
export async function shiftSeries(
  db: Executor,
  eventId: number,
  before: { startsAt: Date; timeZone: string },
  after: { startsAt: Date; timeZone: string },
) {
  const shift = sql`((occurrence at time zone ${before.timeZone})
    + ((${after.startsAt}::timestamptz at time zone ${after.timeZone})
      - (${before.startsAt}::timestamptz at time zone ${before.timeZone}))) at time zone ${after.timeZone}`;
  await db.execute(sql`update event_rsvps set occurrence = ${shift} where event_id = ${eventId}`);
  await db.execute(sql`update event_exceptions set occurrence = ${shift} where event_id = ${eventId}`);
}

/**
 * A series on a Hebrew date whose first start or zone moved: each answer and each date changed on its
 * own follows its date to the same year's date among the new days (its n-th date before is its n-th
 * after), each at the new time of day. Its days do not move together, as a weekly series' do.
 */
export async function shiftYearlySeries(
  db: Executor,
  eventId: number,
  before: { startsAt: Date; timeZone: string; yearlyDays: string[] },
  after: { startsAt: Date; timeZone: string; yearlyDays: string[] },
) {
  const days = (list: string[]) => `{${list.join(",")}}`;
  const moves = sql`select (b.d + (${before.startsAt}::timestamptz at time zone ${before.timeZone})::time)
      at time zone ${before.timeZone} as old_at,
    (a.d + (${after.startsAt}::timestamptz at time zone ${after.timeZone})::time)
      at time zone ${after.timeZone} as new_at
    from unnest(${days(before.yearlyDays)}::date[]) with ordinality b(d, i)
    join unnest(${days(after.yearlyDays)}::date[]) with ordinality a(d, i) using (i)`;
  await db.execute(sql`update event_rsvps r set occurrence = m.new_at from (${moves}) m
    where r.event_id = ${eventId} and r.occurrence = m.old_at`);
  await db.execute(sql`update event_exceptions x set occurrence = m.new_at from (${moves}) m
    where x.event_id = ${eventId} and x.occurrence = m.old_at`);
}

export async function writeException(
  db: Executor,
  row: { eventId: number; occurrence: Date; startsAt?: Date; endsAt?: Date; cancelled?: boolean },
) {
  await db.execute(sql`insert into event_exceptions (event_id, occurrence, starts_at, ends_at, cancelled, sequence)
    values (${row.eventId}, ${row.occurrence}, ${row.startsAt ?? null}, ${row.endsAt ?? null},
      ${row.cancelled ?? false}, 1)
    on conflict (event_id, occurrence) do update set
      starts_at = coalesce(excluded.starts_at, event_exceptions.starts_at),
      ends_at = coalesce(excluded.ends_at, event_exceptions.ends_at),
      cancelled = event_exceptions.cancelled or excluded.cancelled,
      sequence = event_exceptions.sequence + 1`);
}

/** A new feed address: the seed its token is made from, and the token's hash. */
export interface NewFeed {
  seed: string;
  tokenHash: string;
}

/**
 * The seed of her feed's token, made on first request. A feed made before tokens were stored
 * hashed (no seed) gets a new one, and its old address keeps answering beside it until she resets.
 */
export async function feedSeed(db: Executor, userId: number, fresh: NewFeed) {
  await db.execute(sql`insert into calendar_feeds (user_id, seed, token_hash)
    values (${userId}, ${fresh.seed}, ${fresh.tokenHash})
    on conflict (user_id) do update set seed = excluded.seed, token_hash = excluded.token_hash,
      legacy_token_hash = calendar_feeds.token_hash
    where calendar_feeds.seed is null`);
  const result = await db.execute<{ seed: string }>(
    sql`select seed from calendar_feeds where user_id = ${userId}`,
  );
  return result.rows[0]!.seed;
}

/** A new address for her feed: every earlier one stops answering. */
export async function resetFeed(db: Executor, userId: number, fresh: NewFeed) {
  await db.execute(sql`insert into calendar_feeds (user_id, seed, token_hash)
    values (${userId}, ${fresh.seed}, ${fresh.tokenHash})
    on conflict (user_id) do update set seed = excluded.seed, token_hash = excluded.token_hash,
      legacy_token_hash = null, created_at = now()`);
}

/** Whose feed the token with this hash opens, if any: none while she is suspended. */
export async function feedOwner(db: Executor, tokenHash: string) {
  const result = await db.execute<{ userId: number }>(sql`select f.user_id as "userId" from calendar_feeds f
    join users u on u.id = f.user_id
    where (f.token_hash = ${tokenHash} or f.legacy_token_hash = ${tokenHash})
      and not coalesce(u.suspended_until > now(), false)`);
  return result.rows[0]?.userId;
}

/** What an answer to an event without a limit on places found, and whether it was taken. */
export interface OpenAnswer {
  /** She may see the event. */
  visible: boolean;
  /** Its places are counted: the answer was not taken here, it queues under the event's lock. */
  counted: boolean;
  cancelled: boolean;
  /** The dates answered (none: no such date, or none still to come). */
  dates: number;
}

/**
 * The first steps of both answering statements: each answer of the batch ($1 events, $2 the date
 * asked or null for the whole series, $3 who answers, $4 whether she is an administrator, $5 her
 * answer) beside its event, whether she may see it (`eventVisibleTo`), and the event's dates (`d`).
 */
const answersAndTheirDates = `input as (
     select * from unnest($1::int[], $2::timestamptz[], $3::int[], $4::bool[], $5::text[])
       with ordinality as t(event_id, asked, asker, asker_is_admin, wanted, ord)
   ), ev as (
     select e.*, i.ord, i.asked, i.asker, i.wanted,
       ${statementText(eventVisibleTo({ id: sql.raw("i.asker"), isAdmin: sql.raw("i.asker_is_admin") }, "e"))} as visible
     from input i join events e on e.id = i.event_id
   ), d as (${statementText(datesOf)})`;

/** The dates an answer is for: the one asked, or every one of a series still to come. */
const datesAnswered =
  "(d.occurrence = d.asked or (d.asked is null and (d.date_end > now() or d.repeat = 'none')))";

const answerOpenEventStatement = preparedStatement<
  OpenAnswer & { ord: number },
  [number[], (Date | null)[], number[], boolean[], string[]]
>(
  "event_answer_open",
  `with ${answersAndTheirDates}, chosen as (
     select d.ord, d.id as event_id, d.occurrence, d.asker, d.wanted from d
     where d.visible and d.capacity is null and d.cancelled_at is null and not d.date_cancelled
       and ${datesAnswered}
   ), written as (
     insert into event_rsvps (event_id, occurrence, user_id, status, answered_at)
     select event_id, occurrence, asker, wanted, clock_timestamp() from chosen
     order by event_id, occurrence, asker
     on conflict (event_id, occurrence, user_id) do update set status = excluded.status,
       answered_at = clock_timestamp()
     where event_rsvps.status is distinct from excluded.status
   )
   select i.ord, coalesce(e.visible, false) as visible, e.capacity is not null as counted,
     e.cancelled_at is not null as cancelled,
     (select count(*)::int from chosen c where c.ord = i.ord) as dates
   from input i left join ev e on e.ord = i.ord
   order by i.ord`,
);

/**
 * An answer to an event whose places are not counted, as most are: one statement that checks she
 * may see it and that the date is there, and writes her answer unless it is the same again; the
 * answers given at the same moment go together (one round trip and one commit). An event with a
 * limit on places is left to the locked path (`counted`), where the last place goes to one of them.
 * No waitlist: without a limit nobody waits, and lifting a limit moves everyone waiting up.
 */
export const answerOpenEvent = batchedStatement(
  async (
    db: Db,
    inputs: { viewer: Viewer; eventId: number; occurrence?: Date; status: string }[],
  ): Promise<OpenAnswer[]> =>
    answerOpenEventStatement(
      db,
      inputs.map((a) => a.eventId),
      inputs.map((a) => a.occurrence ?? null),
      inputs.map((a) => a.viewer.id),
      inputs.map((a) => a.viewer.isAdmin),
      inputs.map((a) => a.status),
    ),
  // One batch at a time: the answers waiting meanwhile leave together, and fewer, larger batches
  // answered more each second than two or four in flight did (5,300 against 4,300 and 3,700).
  { inFlight: 1 },
);

/** An answer to an event whose places are counted, as `answerCountedEvents` is given it. */
export interface CountedAnswerInput {
  viewer: Viewer;
  eventId: number;
  occurrence?: Date;
  status: "going" | "maybe" | "not_going";
}

/** What became of one: as `OpenAnswer`, with what she is told of her first date. */
export interface CountedAnswer {
  visible: boolean;
  /** It counts places still (a limit lifted meanwhile is answered as without one). */
  counted: boolean;
  cancelled: boolean;
  dates: number;
  status: "going" | "waitlisted" | "maybe" | "not_going" | null;
  waitlistPosition: number | null;
}

/** A member the answers moved up from a waitlist, for the date a place opened on. */
export interface MovedUp {
  eventId: number;
  title: string;
  occurrence: Date;
  userId: number;
}

const answerCountedEventsStatement = preparedStatement<
  {
    visible: boolean;
    counted: boolean;
    cancelled: boolean;
    dates: number;
    status: CountedAnswer["status"];
    waitlistPosition: number | null;
    moved: { eventId: number; title: string; occurrence: string; userId: number }[] | null;
  },
  [number[], (Date | null)[], number[], boolean[], string[]]
>(
  "event_answer_counted",
  `
    with ${answersAndTheirDates}, chosen as (
      select d.ord, d.id as event_id, d.occurrence, d.date_start, d.asker, d.wanted, d.capacity from d
      where d.visible and d.cancelled_at is null and not d.date_cancelled and ${datesAnswered}
    ), mine as (
      select c.*, r.id as rsvp_id, r.status as before from chosen c
      left join event_rsvps r on r.event_id = c.event_id and r.occurrence = c.occurrence
        and r.user_id = c.asker
    ), place as (
      -- Each date answered: those going once those who withdraw have left, and whether any did.
      select m.event_id, m.occurrence, min(m.capacity) as capacity,
        (select count(*) from event_rsvps g where g.event_id = m.event_id
          and g.occurrence = m.occurrence and g.status = 'going')
          - count(*) filter (where m.before = 'going' and m.wanted <> 'going') as going,
        bool_or(m.before = 'going' and m.wanted <> 'going') as freed
      from mine m group by m.event_id, m.occurrence
    ), line as (
      -- Those waiting, in order, but for those of these answers who leave the line.
      select w.id, w.event_id, w.occurrence, w.user_id, w.answered_at,
        row_number() over (partition by w.event_id, w.occurrence order by w.answered_at, w.id) as place
      from event_rsvps w join place p on p.event_id = w.event_id and p.occurrence = w.occurrence
      where w.status = 'waitlisted'
        and not exists (select 1 from mine m where m.rsvp_id = w.id and m.wanted <> 'going')
    ), moved as (
      -- Where a place was freed, the first waiting move up, as many as fit (all without a limit).
      select l.* from line l join place p on p.event_id = l.event_id and p.occurrence = l.occurrence
      where p.freed and (p.capacity is null or l.place <= p.capacity - p.going)
    ), joining as (
      -- Those pressing going who neither go nor wait yet, in the order they came.
      select m.ord, m.event_id, m.occurrence,
        row_number() over (partition by m.event_id, m.occurrence order by m.ord) as turn
      from mine m where m.wanted = 'going' and m.before is distinct from 'going'
        and m.before is distinct from 'waitlisted'
    ), answer as (
      select m.*, v.id is not null as moved_up,
        case
          when m.wanted <> 'going' then m.wanted
          when v.id is not null then 'going'
          when m.before in ('going', 'waitlisted') then m.before
          when p.capacity is null or j.turn <= p.capacity - p.going
            - (select count(*) from moved o where o.event_id = m.event_id and o.occurrence = m.occurrence)
            then 'going'
          else 'waitlisted'
        end as status
      from mine m join place p on p.event_id = m.event_id and p.occurrence = m.occurrence
      left join moved v on v.id = m.rsvp_id
      left join joining j on j.ord = m.ord and j.event_id = m.event_id and j.occurrence = m.occurrence
    ), written as (
      -- A changed answer joins the end of the line. The clock, not the transaction's start: it
      -- orders answers as they were taken, where transactions begun together share now().
      insert into event_rsvps (event_id, occurrence, user_id, status, answered_at)
      select event_id, occurrence, asker, status, clock_timestamp() from answer
      where status is distinct from before and not moved_up
      order by event_id, occurrence, ord
      on conflict (event_id, occurrence, user_id) do update set status = excluded.status,
        answered_at = excluded.answered_at
      returning id, event_id, occurrence, user_id, status, answered_at
    ), promoted as (
      update event_rsvps r set status = 'going', answered_at = clock_timestamp()
      from moved v where r.id = v.id
      returning r.event_id, r.occurrence, r.user_id
    ), waitlist as (
      -- The lines once these answers are written.
      select l.id, l.event_id, l.occurrence, l.user_id, l.answered_at from line l
      where not exists (select 1 from moved v where v.id = l.id)
      union all
      select id, event_id, occurrence, user_id, answered_at from written where status = 'waitlisted'
    ), told as (
      -- What she is told: her first date's answer, and her place in its line.
      select distinct on (a.ord) a.ord, a.status,
        case when a.status = 'waitlisted' then (select count(*)::int from waitlist w, waitlist me
          where me.event_id = a.event_id and me.occurrence = a.occurrence and me.user_id = a.asker
            and w.event_id = me.event_id and w.occurrence = me.occurrence
            and (w.answered_at, w.id) <= (me.answered_at, me.id)) end as position
      from answer a order by a.ord, a.date_start
    )
    select coalesce(e.visible, false) as visible, e.capacity is not null as counted,
      e.cancelled_at is not null as cancelled,
      (select count(*)::int from chosen c where c.ord = i.ord) as dates,
      t.status, t.position as "waitlistPosition",
      case when i.ord = 1 then (select json_agg(json_build_object('eventId', p.event_id,
        'title', pe.title, 'occurrence', p.occurrence, 'userId', p.user_id))
        from promoted p join events pe on pe.id = p.event_id) end as moved
    from input i left join ev e on e.ord = i.ord left join told t on t.ord = i.ord
    order by i.ord`,
);

/**
 * Answers to events whose places are counted, in one statement, under the events' locks (taken
 * before it in the same transaction, `lockedTransaction`): no other answer, change or removal
 * counts or frees their places meanwhile. Its answers are taken as if one after the other,
 * those who leave (withdraw from going or from the line) before those who press going, as answers
 * that arrive together may be ordered: who withdrew frees her place, the first waiting move up
 * into the free places, and those pressing going take what is left in the order they came, the
 * rest joining the end of the line. Pressing going again changes nothing (she keeps her place in
 * the line), and the same answer again writes nothing. A member answers an event once per batch
 * (`apart`). Each answer's visibility is the policies' rule (`eventVisibleTo`), read under the
 * lock; an answer without a date writes nothing, and is refused by the service.
 */
export async function answerCountedEvents(tx: Tx, inputs: CountedAnswerInput[]) {
  const rows = await answerCountedEventsStatement(
    tx,
    inputs.map((a) => a.eventId),
    inputs.map((a) => a.occurrence ?? null),
    inputs.map((a) => a.viewer.id),
    inputs.map((a) => a.viewer.isAdmin),
    inputs.map((a) => a.status),
  );
  const moved: MovedUp[] = (rows[0]?.moved ?? []).map((m) => ({
    ...m,
    occurrence: new Date(m.occurrence),
  }));
  const answers: CountedAnswer[] = rows.map((row) => ({
    visible: row.visible,
    counted: row.counted,
    cancelled: row.cancelled,
    dates: row.dates,
    status: row.status,
    waitlistPosition: row.waitlistPosition,
  }));
  return { answers, moved };
}
