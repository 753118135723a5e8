// Events' fixed lists and labels, without zod: the pages that list events read them without loading
// the schemas (src/core/events/schemas.ts re-exports them beside the schemas).

import { keysOf } from "../choices";

export const EVENT_REPEAT_LABELS = {
  none: "Does not repeat",
  weekly: "Every week",
  biweekly: "Every two weeks",
  monthly: "Every month",
};
export const EVENT_REPEATS = keysOf(EVENT_REPEAT_LABELS);
export type EventRepeat = (typeof EVENT_REPEATS)[number];
/** A series in a list, in a word before its next date: "Weekly · next Tue, Dec 1". */
export const EVENT_SERIES_LABELS: Record<Exclude<EventRepeat, "none">, string> = {
  weekly: "Weekly",
  biweekly: "Every two weeks",
  monthly: "Monthly",
};

/** A list of dates shows every date, or each event once at its first date in the range (a series is one entry). */
export const EVENT_LIST_SHOWS = ["dates", "events"] as const;

export const RSVP_LABELS = { going: "Going", maybe: "Maybe", not_going: "Can't go" };
export const RSVP_STATUSES = keysOf(RSVP_LABELS);
/** What she answered, as stored: a "going" past the capacity waits on the waitlist. */
export const RSVP_STATES = ["going", "waitlisted", "maybe", "not_going"] as const;

export const EVENT_SCOPE_LABELS = { all: "All", my_groups: "My groups", going: "Going" };
export const EVENT_SCOPES = keysOf(EVENT_SCOPE_LABELS);

/** An event repeats for at most this long, so a series has a bounded number of dates. */
export const REPEAT_MAX_DAYS = 366;
/** The longest message an event's creator may send to those coming (after trimming). */
export const EVENT_MESSAGE_MAX = 1000;
/** Events a page of the Events tab shows. */
export const EVENTS_PAGE_SIZE = 20;
/** Events a page of the administrators' list shows. */
export const ADMIN_EVENTS_PAGE_SIZE = 25;
/** The administrators' list of events: those still to come, or those over. */
export const ADMIN_EVENT_WHEN_LABELS = { upcoming: "Upcoming", past: "Past" };
export const ADMIN_EVENT_WHENS = keysOf(ADMIN_EVENT_WHEN_LABELS);

/** What home asks for her next gathering: the next date she answered "going" (or is waiting for). */
export const NEXT_EVENT_QUERY = { scope: "going", limit: 1 } as const;
