import { z } from "zod";
import { dateTime, idSchema, oneLine, optionalLine, optionalText, requiredLine } from "../common-schemas";
import { LIMITS, PAGE_DEFAULT, PAGE_MAX } from "../constants";
import { isTimeZone } from "../format";
import {
  ADMIN_EVENT_WHENS,
  EVENT_LIST_SHOWS,
  EVENT_MESSAGE_MAX,
  EVENT_REPEATS,
  EVENT_SCOPES,
  type EventRepeat,
  HEBREW_REPEAT_MAX_YEARS,
  REPEAT_MAX_DAYS,
  RSVP_STATES,
  RSVP_STATUSES,
  repeatMaxDays,
} from "./choices";

export const EVENT_MESSAGES = {
  title: "Title is required",
  startsAt: "Start time is required",
  endsAt: "End time is required",
  endAfterStart: "The end must be after the start",
  startsInPast:
    "That start has already passed. Choose a date to come, or confirm you are recording a past gathering",
  timeZone: "Unknown time zone",
  capacity: "Capacity must be a whole number of at least 1",
  onlineUrl: "Please enter a valid link (https://…)",
  repeatUntil: "Choose when the repetition ends",
  repeatTooLong: "An event can repeat for at most a year",
  hebrewRepeatTooLong: `An event can repeat on its Hebrew date for at most ${HEBREW_REPEAT_MAX_YEARS} years`,
  repeatBeforeStart: "The repetition must end after the first date",
  oneGroup: "An event belongs to one group at most",
  notFound: "Event not found",
  occurrenceNotFound: "That date is not part of this event",
  cancelled: "This event was cancelled",
  mayNotCreate: "Only administrators create ministry events, and group leaders their group's",
  mayNotEdit: "Only its creator and administrators change this event",
  groupNotFound: "Group not found",
  rangeTooLong: "Ask for at most a year of events at a time",
  messageRequired: "Write a message to send",
  messageTooLong: `A message can be at most ${EVENT_MESSAGE_MAX} characters`,
} as const;

export * from "./choices";

const timeZone = z
  .string({ message: EVENT_MESSAGES.timeZone })
  .refine(isTimeZone, { message: EVENT_MESSAGES.timeZone });

const instant = (message: string) => z.iso.datetime({ offset: true, message }).transform((s) => new Date(s));

const onlineUrl = oneLine(z.string().trim(), EVENT_MESSAGES.onlineUrl)
  .max(LIMITS.url)
  .nullish()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || /^https?:\/\/[^\s]+$/i.test(v), { message: EVENT_MESSAGES.onlineUrl });

const capacity = z
  .number({ message: EVENT_MESSAGES.capacity })
  .int({ message: EVENT_MESSAGES.capacity })
  .min(1, { message: EVENT_MESSAGES.capacity })
  .max(100_000, { message: EVENT_MESSAGES.capacity })
  .nullish();

const eventFields = {
  title: requiredLine(EVENT_MESSAGES.title, LIMITS.shortText),
  description: optionalText(LIMITS.text),
  startsAt: instant(EVENT_MESSAGES.startsAt),
  endsAt: instant(EVENT_MESSAGES.endsAt),
  timeZone,
  location: optionalLine(LIMITS.shortText),
  onlineUrl,
  capacity,
  repeat: z.enum(EVENT_REPEATS).optional(),
  repeatUntil: instant(EVENT_MESSAGES.repeatUntil).nullish(),
};

/** What a repetition past its limit is told, by its kind. */
export const repeatTooLongMessage = (repeat: EventRepeat | undefined) =>
  repeat === "hebrew_yearly" ? EVENT_MESSAGES.hebrewRepeatTooLong : EVENT_MESSAGES.repeatTooLong;

type Timing = {
  startsAt?: Date;
  endsAt?: Date;
  repeat?: EventRepeat;
  repeatUntil?: Date | null;
};

/**
 * A field that failed to parse still reaches the rules between fields, as the text that was sent
 * (zod runs them to report every field at once): they compare only the dates that parsed.
 */
const parsed = (v: unknown): v is Date => v instanceof Date;

/** The rules between fields, each reported on the field to fix. */
function checkTiming(v: Timing, ctx: z.RefinementCtx) {
  const { startsAt, endsAt, repeatUntil } = v;
  if (parsed(startsAt) && parsed(endsAt) && endsAt <= startsAt)
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: EVENT_MESSAGES.endAfterStart });
  if (v.repeat && v.repeat !== "none") {
    if (!repeatUntil) {
      ctx.addIssue({ code: "custom", path: ["repeatUntil"], message: EVENT_MESSAGES.repeatUntil });
    } else if (!parsed(repeatUntil) || !parsed(startsAt)) {
      // Its own issue says what is wrong.
    } else if (repeatUntil < startsAt) {
      ctx.addIssue({ code: "custom", path: ["repeatUntil"], message: EVENT_MESSAGES.repeatBeforeStart });
    } else if (repeatUntil.getTime() - startsAt.getTime() > repeatMaxDays(v.repeat) * 86_400_000) {
      ctx.addIssue({ code: "custom", path: ["repeatUntil"], message: repeatTooLongMessage(v.repeat) });
    }
  }
}

/**
 * POST /api/events: a ministry event, or a group's with `groupId` or `localGroupId`. Without
 * `timeZone`, the event happens in its creator's zone (the one her app keeps in its cookie), else UTC.
 */
export const createEventBody = z
  .object({
    ...eventFields,
    timeZone: timeZone.optional(),
    repeat: eventFields.repeat.default("none"),
    groupId: idSchema.nullish(),
    localGroupId: idSchema.nullish(),
    /** She records a gathering that already took place: its start may have passed. */
    pastGathering: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    checkTiming(v, ctx);
    if (v.groupId && v.localGroupId)
      ctx.addIssue({ code: "custom", path: ["groupId"], message: EVENT_MESSAGES.oneGroup });
  });
export type CreateEventBody = z.input<typeof createEventBody>;

/** A field a change may clear: absent keeps it, blank or null clears it. */
const clearable = (max: number, text: z.ZodString = z.string().trim()) =>
  text
    .max(max, { message: `Must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/**
 * PATCH /api/events/{id}: the fields that change. With `occurrence`, only that date moves
 * (`startsAt`, `endsAt`); without, the event (every date) changes.
 */
export const updateEventBody = z
  .object({
    title: eventFields.title.optional(),
    description: clearable(LIMITS.text),
    startsAt: eventFields.startsAt.optional(),
    endsAt: eventFields.endsAt.optional(),
    timeZone: timeZone.optional(),
    location: clearable(LIMITS.shortText, oneLine(z.string().trim())),
    onlineUrl: clearable(LIMITS.url, oneLine(z.string().trim(), EVENT_MESSAGES.onlineUrl)).refine(
      (v) => !v || /^https?:\/\/[^\s]+$/i.test(v),
      {
        message: EVENT_MESSAGES.onlineUrl,
      },
    ),
    capacity,
    repeat: eventFields.repeat,
    repeatUntil: eventFields.repeatUntil,
    occurrence: instant(EVENT_MESSAGES.occurrenceNotFound).optional(),
    /** A new start that has passed is taken only for a gathering she records after the fact. */
    pastGathering: z.boolean().optional(),
  })
  .superRefine(checkTiming);
export type UpdateEventBody = z.input<typeof updateEventBody>;

/** `?occurrence=`: one date of a series (its original start); none for the whole event. */
export const occurrenceQuery = z.object({
  occurrence: instant(EVENT_MESSAGES.occurrenceNotFound).optional(),
});

export const rsvpBody = z.object({
  status: z.enum(RSVP_STATUSES, { message: "Choose going, maybe or can't go" }),
  /** One date of a series; none answers for every upcoming date (or the only one). */
  occurrence: instant(EVENT_MESSAGES.occurrenceNotFound).optional(),
});
export type RsvpBody = z.input<typeof rsvpBody>;

export const rsvpResult = z.object({
  status: z.enum(RSVP_STATES),
  /** Her place on the waitlist (1 is next), when she waits. */
  waitlistPosition: z.number().nullable(),
});
export type RsvpResult = z.input<typeof rsvpResult>;

/**
 * POST /api/events/{id}/message: a few words from its creator to those going to one date (or to any
 * upcoming date) and those waiting for it, through their notifications.
 */
export const messageAttendeesBody = z.object({
  text: z
    .string({ message: EVENT_MESSAGES.messageRequired })
    .trim()
    .min(1, { message: EVENT_MESSAGES.messageRequired })
    .max(EVENT_MESSAGE_MAX, { message: EVENT_MESSAGES.messageTooLong }),
  /** One date of a series (its original start); none for every upcoming date. */
  occurrence: instant(EVENT_MESSAGES.occurrenceNotFound).optional(),
});
export type MessageAttendeesBody = z.input<typeof messageAttendeesBody>;

/** The message dialog's form: the words alone. */
export const messageAttendeesForm = messageAttendeesBody.pick({ text: true });
export type MessageAttendeesFormInput = z.input<typeof messageAttendeesForm>;
export type MessageAttendeesFormOutput = z.output<typeof messageAttendeesForm>;

export const messageAttendeesResult = z.object({
  /** How many members were told (not the sender, nor anyone who blocked her). */
  sent: z.number(),
});
export type MessageAttendeesResult = z.input<typeof messageAttendeesResult>;

/** A list's place, "2026-12-01T18:00:00.000Z~42": the moment and the id of the last item shown. */
const dateCursor = z
  .string()
  .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z~\d{1,10}$/, { message: "Invalid cursor" })
  // The shape alone lets through a date that is none ("0000-00-00T::Z") and an id past an int.
  .refine(
    (v) => {
      const [at, id] = v.split("~");
      return !Number.isNaN(Date.parse(at!)) && Number(id) <= 2_147_483_647;
    },
    { message: "Invalid cursor" },
  )
  .transform((v) => {
    const [at, id] = v.split("~");
    return { at: new Date(at!), id: Number(id) };
  });

/**
 * `?from=&to=&scope=`: dates starting in a range (default: from now, for a year), a page at a
 * time in order of start; `after` is the `cursor` of the last date shown. With `show=events`, each
 * event once, at its first date in the range: a weekly call is one entry, not one a week.
 */
export const eventListQuery = z
  .object({
    from: instant("Invalid date").optional(),
    to: instant("Invalid date").optional(),
    scope: z.enum(EVENT_SCOPES).optional().default("all"),
    show: z.enum(EVENT_LIST_SHOWS).optional().default("dates"),
    /** Only one group's events (a group's page). */
    groupId: idSchema.optional(),
    localGroupId: idSchema.optional(),
    limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT),
    after: dateCursor.optional(),
  })
  .superRefine((v, ctx) => {
    const { from, to } = v;
    if (parsed(from) && parsed(to) && to.getTime() - from.getTime() > REPEAT_MAX_DAYS * 86_400_000)
      ctx.addIssue({ code: "custom", path: ["to"], message: EVENT_MESSAGES.rangeTooLong });
  });
export type EventListQuery = z.input<typeof eventListQuery>;

const myRsvp = rsvpResult.nullable();

const eventGroup = z
  .object({ kind: z.enum(["cultivation", "local"]), id: z.number(), name: z.string() })
  .nullable();

/** One date of an event, as a member sees it. */
export const eventOccurrence = z.object({
  eventId: z.number(),
  /** The date's original start: names it in answers, edits and calendars, even once moved. */
  occurrence: dateTime,
  startsAt: dateTime,
  endsAt: dateTime,
  title: z.string(),
  /** How its event repeats: a list names a series ("Weekly · next …"). */
  repeat: z.enum(EVENT_REPEATS),
  timeZone: z.string(),
  /** Its start on the clock where it happens ("2:00 AM") and that day ("Nov 26"). */
  zoneClock: z.string(),
  zoneDay: z.string(),
  /** Where, when she may see it. */
  location: z.string().nullable(),
  isOnline: z.boolean(),
  cancelled: z.boolean(),
  group: eventGroup,
  capacity: z.number().nullable(),
  goingCount: z.number(),
  myRsvp,
  /** Passed back as `after` for the next page. */
  cursor: z.string(),
});
export type EventOccurrence = z.input<typeof eventOccurrence>;

/** An event's page: the event, and its next dates with her answers. */
export const eventDetail = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  startsAt: dateTime,
  endsAt: dateTime,
  timeZone: z.string(),
  location: z.string().nullable(),
  /** Only for those going (and its creator and administrators). */
  onlineUrl: z.string().nullable(),
  isOnline: z.boolean(),
  capacity: z.number().nullable(),
  repeat: z.enum(EVENT_REPEATS),
  repeatUntil: dateTime.nullable(),
  group: eventGroup,
  cancelled: z.boolean(),
  creatorName: z.string().nullable(),
  canEdit: z.boolean(),
  occurrences: z.array(eventOccurrence.omit({ cursor: true })),
  /** Once no date is still to come, the last one it had: the page says when it took place. */
  pastDate: eventOccurrence.omit({ cursor: true }).nullable(),
});
export type EventDetail = z.input<typeof eventDetail>;

/**
 * `GET /api/admin/events`: every event, a page at a time. `upcoming` (those whose dates may still
 * come) in order of their next date; `past` the most recent first. `after` is the last `cursor` shown.
 */
export const adminEventsQuery = z.object({
  when: z.enum(ADMIN_EVENT_WHENS).optional().default("upcoming"),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT),
  after: dateCursor.optional(),
});
export type AdminEventsQuery = z.input<typeof adminEventsQuery>;

/** One event in the administrators' list: its next date (or its last, once over) and the answers to it. */
export const adminEvent = z.object({
  id: z.number(),
  title: z.string(),
  group: eventGroup,
  repeat: z.enum(EVENT_REPEATS),
  /** The date shown, as `eventOccurrence` names and times one. */
  occurrence: dateTime,
  startsAt: dateTime,
  endsAt: dateTime,
  timeZone: z.string(),
  zoneClock: z.string(),
  /** The event, or the date shown, is cancelled. */
  cancelled: z.boolean(),
  eventCancelled: z.boolean(),
  capacity: z.number().nullable(),
  /** Answers to the date shown. */
  going: z.number(),
  waitlisted: z.number(),
  maybe: z.number(),
  /** Passed back as `after` for the next page. */
  cursor: z.string(),
});
export type AdminEvent = z.input<typeof adminEvent>;

const attendee = z.object({ id: z.number(), name: z.string() });
export const eventAttendees = z.object({
  occurrence: dateTime,
  going: z.array(attendee),
  waitlist: z.array(attendee),
  maybe: z.array(attendee),
});
export type EventAttendees = z.input<typeof eventAttendees>;

/**
 * The create and edit dialog: a day and clock times in the event's zone, a capacity typed as text.
 * The dialog turns its output into the API's body (instants) with `zonedInstant`.
 */
const eventFormFields = z.object({
  title: requiredLine(EVENT_MESSAGES.title, LIMITS.shortText),
  description: z
    .string()
    .trim()
    .max(LIMITS.text, { message: `Must be at most ${LIMITS.text} characters` }),
  date: z.string().regex(/^\d{4}-\d\d-\d\d$/, { message: "Choose a date" }),
  startTime: z.string().regex(/^\d\d:\d\d$/, { message: "Choose a start time" }),
  endTime: z.string().regex(/^\d\d:\d\d$/, { message: "Choose an end time" }),
  timeZone,
  location: oneLine(z.string().trim()).max(LIMITS.shortText, {
    message: `Must be at most ${LIMITS.shortText} characters`,
  }),
  onlineUrl: oneLine(z.string().trim(), EVENT_MESSAGES.onlineUrl)
    .max(LIMITS.url)
    .refine((v) => !v || /^https?:\/\/[^\s]+$/i.test(v), { message: EVENT_MESSAGES.onlineUrl }),
  capacity: z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\d{1,6}$/.test(v) && Number(v) >= 1), {
      message: EVENT_MESSAGES.capacity,
    }),
  repeat: z.enum(EVENT_REPEATS),
  repeatUntil: z.string(),
});

/** On one day, the end comes after the start. */
const endsAfterStart = (v: { startTime: string; endTime: string }, ctx: z.RefinementCtx) => {
  if (v.startTime && v.endTime && v.endTime <= v.startTime)
    ctx.addIssue({ code: "custom", path: ["endTime"], message: EVENT_MESSAGES.endAfterStart });
};

export const eventForm = eventFormFields.superRefine((v, ctx) => {
  endsAfterStart(v, ctx);
  if (v.repeat !== "none") {
    if (!/^\d{4}-\d\d-\d\d$/.test(v.repeatUntil))
      ctx.addIssue({ code: "custom", path: ["repeatUntil"], message: EVENT_MESSAGES.repeatUntil });
    else if (v.repeatUntil < v.date)
      ctx.addIssue({ code: "custom", path: ["repeatUntil"], message: EVENT_MESSAGES.repeatBeforeStart });
    else if ((Date.parse(v.repeatUntil) - Date.parse(v.date)) / 86_400_000 >= repeatMaxDays(v.repeat))
      ctx.addIssue({ code: "custom", path: ["repeatUntil"], message: repeatTooLongMessage(v.repeat) });
  }
});
export type EventFormInput = z.input<typeof eventForm>;
export type EventFormOutput = z.output<typeof eventForm>;

/**
 * "Move date": one date of a series to another day or time, on the event's own clock. The dialog
 * turns it into `startsAt`/`endsAt` with `zonedInstant`, and sends the date's original start as
 * `occurrence`.
 */
export const moveDateForm = eventFormFields
  .pick({ date: true, startTime: true, endTime: true })
  .superRefine(endsAfterStart);
export type MoveDateFormInput = z.input<typeof moveDateForm>;

/** Her private calendar feed's address: for a calendar app to subscribe to. */
export const calendarFeed = z.object({ url: z.string() });
export type CalendarFeed = z.input<typeof calendarFeed>;

/** The secret in a feed's address (43 characters of base64url); anything else names no feed. */
export const calendarFeedParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: "Calendar feed not found" }),
});
