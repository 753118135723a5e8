// Events' fixed lists and labels, without zod: the pages that list events read them without loading
// the schemas (src/core/events/schemas.ts re-exports them beside the schemas). Labels are English, the
// catalogue's keys: translated where they are shown (`t(EVENT_REPEAT_LABELS[repeat])`).

import { keysOf } from "../choices";
import type { MessageId } from "../i18n";

export const EVENT_REPEAT_LABELS = {
  none: "Does not repeat",
  weekly: "Every week",
  biweekly: "Every two weeks",
  monthly: "Every month",
  /** Every year on the first date's day of the Hebrew calendar (a feast's gathering). */
  hebrew_yearly: "Every year on this Hebrew date",
} as const satisfies Record<string, MessageId>;
export const EVENT_REPEATS = keysOf(EVENT_REPEAT_LABELS);
export type EventRepeat = (typeof EVENT_REPEATS)[number];
/** A series in a list, in a word before its next date: "Weekly · next Tue, Dec 1". */
export const EVENT_SERIES_LABELS = {
  weekly: "Weekly",
  biweekly: "Every two weeks",
  monthly: "Monthly",
  hebrew_yearly: "Yearly on the Hebrew date",
} as const satisfies Record<Exclude<EventRepeat, "none">, MessageId>;

/** A list of dates shows every date, or each event once at its first date in the range (a series is one entry). */
export const EVENT_LIST_SHOWS = ["dates", "events"] as const;

export const RSVP_LABELS = {
  going: "Going",
  maybe: "Maybe",
  not_going: "Can't go",
} as const satisfies Record<string, MessageId>;
export const RSVP_STATUSES = keysOf(RSVP_LABELS);
/** What she answered, as stored: a "going" past the capacity waits on the waitlist. */
export const RSVP_STATES = ["going", "waitlisted", "maybe", "not_going"] as const;

export const EVENT_SCOPE_LABELS = {
  all: "All",
  my_groups: "My groups",
  going: "Going",
} as const satisfies Record<string, MessageId>;
export const EVENT_SCOPES = keysOf(EVENT_SCOPE_LABELS);

/** An event repeats for at most this long, so a series has a bounded number of dates. */
export const REPEAT_MAX_DAYS = 366;
/** A series on a Hebrew date returns for at most this many years after its first. */
export const HEBREW_REPEAT_MAX_YEARS = 10;
/**
 * How long a series on a Hebrew date may last: ten years, and the month by which a Hebrew date may
 * fall later in the civil year (its tenth return may come up to a month after the same civil day).
 */
export const HEBREW_REPEAT_MAX_DAYS = 3653 + 31;
/** How long an event of this kind may repeat, in days. */
export const repeatMaxDays = (repeat: EventRepeat | undefined) =>
  repeat === "hebrew_yearly" ? HEBREW_REPEAT_MAX_DAYS : REPEAT_MAX_DAYS;
/** The longest message an event's creator may send to those coming (after trimming). */
export const EVENT_MESSAGE_MAX = 1000;
/** Events a page of the Events tab shows. */
export const EVENTS_PAGE_SIZE = 20;
/** Events a page of the administrators' list shows. */
export const ADMIN_EVENTS_PAGE_SIZE = 25;
/** The administrators' list of events: those still to come, or those over. */
export const ADMIN_EVENT_WHEN_LABELS = {
  upcoming: "Upcoming",
  past: "Past",
} as const satisfies Record<string, MessageId>;
export const ADMIN_EVENT_WHENS = keysOf(ADMIN_EVENT_WHEN_LABELS);

/** What home asks for her next gathering: the next date she answered "going" (or is waiting for). */
export const NEXT_EVENT_QUERY = { scope: "going", limit: 1 } as const;
