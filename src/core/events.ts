// Events' fixed lists and labels, without zod: the pages that list events read them without loading
// the schemas (src/core/schemas/events.ts re-exports them beside the schemas).

export const EVENT_REPEATS = ["none", "weekly", "biweekly", "monthly"] as const;
export type EventRepeat = (typeof EVENT_REPEATS)[number];
export const EVENT_REPEAT_LABELS: Record<EventRepeat, string> = {
  none: "Does not repeat",
  weekly: "Every week",
  biweekly: "Every two weeks",
  monthly: "Every month",
};

export const RSVP_STATUSES = ["going", "maybe", "not_going"] as const;
export const RSVP_LABELS = { going: "Going", maybe: "Maybe", not_going: "Can't go" } as const;
/** What she answered, as stored: a "going" past the capacity waits on the waitlist. */
export const RSVP_STATES = ["going", "waitlisted", "maybe", "not_going"] as const;

export const EVENT_SCOPES = ["all", "my_groups", "going"] as const;
export const EVENT_SCOPE_LABELS = { all: "All", my_groups: "My groups", going: "Going" } as const;

/** An event repeats for at most this long, so a series has a bounded number of dates. */
export const REPEAT_MAX_DAYS = 366;
/** Events a page of the Events tab shows. */
export const EVENTS_PAGE_SIZE = 20;
