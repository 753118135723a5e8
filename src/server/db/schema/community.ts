import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { at, belongsTo, counter, createdAt, id, mayReference, moderatedColumns, updatedAt } from "./columns";
import { users } from "./users";

export const prayerRequests = pgTable(
  "prayer_requests",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    content: text("content").notNull(),
    isPrivate: boolean("is_private").notNull().default(false),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    /** A patron's private request she lets the intercessors see on the patrons' prayer list. */
    shareWithIntercessors: boolean("share_with_intercessors").notNull().default(false),
    /** People who prayed; maintained with prayer_marks so the wall never counts rows. */
    prayerCount: counter("prayer_count"),
    isAnswered: boolean("is_answered").notNull().default(false),
    praiseNote: text("praise_note"),
    answeredAt: at("answered_at"),
    ...moderatedColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index("prayer_requests_public_idx").on(t.id.desc().nullsFirst()).where(sql`${t.isPrivate} = false`),
    index("prayer_requests_answered_idx")
      .on(t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = false and ${t.isAnswered} = true`),
    index("prayer_requests_user_idx").on(t.userId, t.id.desc().nullsFirst()),
    index("prayer_requests_created_idx").on(t.createdAt),
  ],
);

/**
 * "Prayed this week" on the patrons' prayer list: one row per intercessor, request and week (the
 * Monday it began, in UTC). The weekly notice to the patron is built from these.
 */
export const intercessorPrayers = pgTable(
  "intercessor_prayers",
  {
    prayerRequestId: belongsTo("prayer_request_id", () => prayerRequests.id),
    intercessorId: belongsTo("intercessor_id", () => users.id),
    weekOf: date("week_of", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.prayerRequestId, t.intercessorId, t.weekOf] }),
    index("intercessor_prayers_week_idx").on(t.weekOf),
    index("intercessor_prayers_intercessor_idx").on(t.intercessorId),
  ],
);

/** "I prayed": one row per member per request. */
export const prayerMarks = pgTable(
  "prayer_marks",
  {
    prayerRequestId: belongsTo("prayer_request_id", () => prayerRequests.id),
    userId: belongsTo("user_id", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.prayerRequestId, t.userId] }),
    index("prayer_marks_user_idx").on(t.userId),
  ],
);

export const prayerResponses = pgTable(
  "prayer_responses",
  {
    id: id(),
    prayerRequestId: belongsTo("prayer_request_id", () => prayerRequests.id),
    userId: belongsTo("user_id", () => users.id),
    content: text("content").notNull(),
    isPraying: boolean("is_praying").notNull().default(false),
    ...moderatedColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index("prayer_responses_request_idx").on(t.prayerRequestId, t.id),
    // A new member's posts of her first day are counted (her limit) by author and time.
    index("prayer_responses_user_idx").on(t.userId, t.createdAt),
  ],
);

/** A kind of group's memberships (cultivation, local): one row per member, with her role there. */
function groupMembers<N extends string, Role extends string>(
  name: N,
  prefix: string,
  group: () => AnyPgColumn,
  roles: [Role, "member"],
) {
  return pgTable(
    name,
    {
      id: id(),
      groupId: belongsTo("group_id", group),
      userId: belongsTo("user_id", () => users.id),
      role: text("role", { enum: roles }).notNull().default("member"),
      joinedAt: at("joined_at").notNull().defaultNow(),
    },
    (t) => [
      uniqueIndex(`${prefix}_members_group_user_idx`).on(t.groupId, t.userId),
      index(`${prefix}_members_user_idx`).on(t.userId, t.id.desc().nullsFirst()),
    ],
  );
}

/** A kind of group's requests to join, each decided once by its leaders; one pending per member. */
function joinRequests<N extends string>(name: N, prefix: string, group: () => AnyPgColumn) {
  return pgTable(
    name,
    {
      id: id(),
      groupId: belongsTo("group_id", group),
      userId: belongsTo("user_id", () => users.id),
      requestMessage: text("request_message"),
      status: text("status", { enum: ["pending", "approved", "declined"] })
        .notNull()
        .default("pending"),
      decidedBy: mayReference("decided_by", () => users.id),
      decidedAt: at("decided_at"),
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex(`${prefix}_requests_pending_idx`)
        .on(t.groupId, t.userId)
        .where(sql`${t.status} = 'pending'`),
      index(`${prefix}_requests_group_idx`).on(t.groupId, t.status, t.id),
      index(`${prefix}_requests_user_idx`).on(t.userId),
    ],
  );
}

export const cultivationGroups = pgTable(
  "cultivation_groups",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    guidelines: text("guidelines"),
    isPrivate: boolean("is_private").notNull().default(true),
    requiresApproval: boolean("requires_approval").notNull().default(true),
    maxMembers: integer("max_members").notNull().default(50),
    memberCount: counter("member_count"),
    isActive: boolean("is_active").notNull().default(true),
    createdBy: mayReference("created_by", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("cultivation_groups_category_idx").on(t.category, t.id.desc().nullsFirst()),
    index("cultivation_groups_search_trgm_idx").using(
      "gin",
      sql`(${t.name} || ' ' || ${t.description}) gin_trgm_ops`,
    ),
    index("cultivation_groups_created_idx").on(t.createdAt),
  ],
);

export const cultivationGroupMembers = groupMembers(
  "cultivation_group_members",
  "cultivation",
  () => cultivationGroups.id,
  ["admin", "member"],
);

export const cultivationJoinRequests = joinRequests(
  "cultivation_join_requests",
  "cultivation",
  () => cultivationGroups.id,
);

export const localGroups = pgTable(
  "local_groups",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    meetingType: text("meeting_type").notNull(),
    /** The general area anyone may see, e.g. a city. */
    location: text("location").notNull(),
    /** The exact meeting place, shown to members only. */
    address: text("address"),
    meetingTime: text("meeting_time"),
    contactInfo: text("contact_info"),
    /** Whether its leader accepts each member (groups from before the choice stay open). */
    requiresApproval: boolean("requires_approval").notNull().default(false),
    memberCount: counter("member_count"),
    isActive: boolean("is_active").notNull().default(true),
    createdBy: mayReference("created_by", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("local_groups_type_idx").on(t.meetingType, t.id.desc().nullsFirst()),
    index("local_groups_search_trgm_idx").using("gin", sql`(${t.name} || ' ' || ${t.location}) gin_trgm_ops`),
    index("local_groups_created_idx").on(t.createdAt),
  ],
);

export const localGroupMembers = groupMembers("local_group_members", "local", () => localGroups.id, [
  "leader",
  "member",
]);

/**
 * A request to join a local group that needs its leader's approval: the same columns as cultivation
 * requests (their queries are shared); joining sends no message yet.
 */
export const localGroupJoinRequests = joinRequests(
  "local_group_join_requests",
  "local",
  () => localGroups.id,
);

/** A mentee's request for a mentor, or a mentor's offer, waiting to be matched. */
export const discipleshipEntries = pgTable(
  "discipleship_entries",
  {
    id: id(),
    userId: belongsTo("user_id", () => users.id),
    kind: text("kind", { enum: ["request", "offer"] }).notNull(),
    experienceLevel: text("experience_level").notNull(),
    /** Lower-cased focus areas, for matching. */
    focusAreas: text("focus_areas").array().notNull(),
    status: text("status", { enum: ["waiting", "matched", "withdrawn"] })
      .notNull()
      .default("waiting"),
    createdAt: createdAt(),
  },
  (t) => [
    index("discipleship_entries_waiting_idx").on(t.kind, t.id).where(sql`${t.status} = 'waiting'`),
    index("discipleship_entries_focus_idx").using("gin", t.focusAreas),
    index("discipleship_entries_user_idx").on(t.userId),
  ],
);

export const discipleshipConnections = pgTable(
  "discipleship_connections",
  {
    id: id(),
    mentorId: belongsTo("mentor_id", () => users.id),
    menteeId: belongsTo("mentee_id", () => users.id),
    requestId: mayReference("request_id", () => discipleshipEntries.id),
    offerId: mayReference("offer_id", () => discipleshipEntries.id),
    status: text("status", { enum: ["pending", "active", "declined", "completed"] })
      .notNull()
      .default("pending"),
    focusAreas: text("focus_areas").array().notNull(),
    experienceLevel: text("experience_level").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("discipleship_connections_mentor_idx").on(t.mentorId, t.id.desc().nullsFirst()),
    index("discipleship_connections_mentee_idx").on(t.menteeId, t.id.desc().nullsFirst()),
  ],
);
