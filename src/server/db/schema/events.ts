import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, belongsTo, createdAt, id, mayReference, updatedAt } from "./columns";
import { cultivationGroups, localGroups } from "./community";
import { users } from "./users";

/**
 * A gathering (decision 038): the ministry's (no group), a cultivation group's or a local group's.
 * A repeating event is one row; its dates are computed from its first start, in its own zone,
 * up to `repeatUntil`; a date moved or cancelled on its own is a row of `eventExceptions`.
 */
export const events = pgTable(
  "events",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** The first (or only) date's start and end, as instants. */
    startsAt: at("starts_at").notNull(),
    endsAt: at("ends_at").notNull(),
    /** The IANA zone it happens in: its dates repeat at the same wall-clock time there. */
    timeZone: text("time_zone").notNull(),
    /** Where it meets: shown to members (of its group, for a group's event). */
    location: text("location"),
    /** Where it is held online: shown only to those going. */
    onlineUrl: text("online_url"),
    /** How many may go to each date; null for no limit. */
    capacity: integer("capacity"),
    repeat: text("repeat", { enum: ["none", "weekly", "biweekly", "monthly", "hebrew_yearly"] })
      .notNull()
      .default("none"),
    /** The last moment a repeated date may start. */
    repeatUntil: at("repeat_until"),
    /**
     * A series on a Hebrew date (`hebrew_yearly`): the civil day of each of its dates in its zone,
     * the first included, up to `repeatUntil`. PostgreSQL knows no Hebrew calendar, so these are
     * worked out (hebcal) whenever the first date, the zone or the repetition changes; every other
     * series is computed from its first date alone.
     */
    yearlyDays: date("yearly_days", { mode: "string" }).array(),
    /** The group it belongs to, if any (at most one of the two). */
    groupId: integer("group_id").references(() => cultivationGroups.id, { onDelete: "cascade" }),
    localGroupId: integer("local_group_id").references(() => localGroups.id, { onDelete: "cascade" }),
    createdBy: mayReference("created_by", () => users.id),
    /** Raised on every change a calendar should pick up (iCalendar SEQUENCE). */
    sequence: integer("sequence").notNull().default(0),
    cancelledAt: at("cancelled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Range reads: events whose dates may fall in [from, to] (its last possible date is the bound).
    index("events_range_idx").on(sql`coalesce(${t.repeatUntil}, ${t.startsAt})`, t.startsAt),
    index("events_group_idx").on(t.groupId).where(sql`${t.groupId} is not null`),
    index("events_local_group_idx").on(t.localGroupId).where(sql`${t.localGroupId} is not null`),
    index("events_created_by_idx").on(t.createdBy),
  ],
);

/** One date of a series moved or cancelled on its own, named by the start it would have had. */
export const eventExceptions = pgTable(
  "event_exceptions",
  {
    eventId: belongsTo("event_id", () => events.id),
    occurrence: at("occurrence").notNull(),
    startsAt: at("starts_at"),
    endsAt: at("ends_at"),
    cancelled: boolean("cancelled").notNull().default(false),
    sequence: integer("sequence").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.occurrence] })],
);

/**
 * Her answer for one date (a series answer writes one row per upcoming date). `waitlisted` is a
 * "going" past the capacity; the waitlist is kept in order of `answeredAt`.
 */
export const eventRsvps = pgTable(
  "event_rsvps",
  {
    id: id(),
    eventId: belongsTo("event_id", () => events.id),
    occurrence: at("occurrence").notNull(),
    userId: belongsTo("user_id", () => users.id),
    status: text("status", { enum: ["going", "waitlisted", "maybe", "not_going"] }).notNull(),
    answeredAt: at("answered_at").notNull().defaultNow(),
  },
  // No index holds `status` or `answeredAt`: a changed answer then stays on its page (a HOT update)
  // instead of adding an entry to every index, which members changing their answers would bloat
  // (decision 038). A date's answers are read through the first index, a member's through the last.
  (t) => [
    uniqueIndex("event_rsvps_member_idx").on(t.eventId, t.occurrence, t.userId),
    index("event_rsvps_user_idx").on(t.userId),
  ],
);

/**
 * Her private calendar feed: the address carries the token, which is the only proof a calendar
 * app can give. Resetting writes a new token, and the old address answers 404 (decision 038).
 * Only hashes of tokens are stored, as for every token.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: belongsTo("user_id", () => users.id).primaryKey(),
  /**
   * What her token is made from with the server's secret (HMAC), so the app can show her address
   * again while the database alone opens nothing. Null for an address made before: it cannot be shown.
   */
  seed: text("seed"),
  /** SHA-256 (hex) of the token in her address. */
  tokenHash: text("token_hash").notNull().unique("calendar_feeds_token_hash_idx"),
  /** An address made before tokens were stored hashed, still in her calendar: answers until she resets. */
  legacyTokenHash: text("legacy_token_hash").unique("calendar_feeds_legacy_token_hash_idx"),
  createdAt: createdAt(),
});
