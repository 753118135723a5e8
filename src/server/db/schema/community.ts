import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

export const prayerRequests = pgTable(
  "prayer_requests",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    isPrivate: boolean("is_private").notNull().default(false),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    /** People who prayed; maintained with prayer_marks so the wall never counts rows. */
    prayerCount: integer("prayer_count").notNull().default(0),
    isAnswered: boolean("is_answered").notNull().default(false),
    praiseNote: text("praise_note"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
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

/** "I prayed": one row per member per request. */
export const prayerMarks = pgTable(
  "prayer_marks",
  {
    prayerRequestId: integer("prayer_request_id")
      .notNull()
      .references(() => prayerRequests.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.prayerRequestId, t.userId] }),
    index("prayer_marks_user_idx").on(t.userId),
  ],
);

export const prayerResponses = pgTable(
  "prayer_responses",
  {
    id: serial("id").primaryKey(),
    prayerRequestId: integer("prayer_request_id")
      .notNull()
      .references(() => prayerRequests.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    isPraying: boolean("is_praying").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("prayer_responses_request_idx").on(t.prayerRequestId, t.id)],
);

export const cultivationGroups = pgTable(
  "cultivation_groups",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    guidelines: text("guidelines"),
    isPrivate: boolean("is_private").notNull().default(true),
    requiresApproval: boolean("requires_approval").notNull().default(true),
    maxMembers: integer("max_members").notNull().default(50),
    memberCount: integer("member_count").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
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

export const cultivationGroupMembers = pgTable(
  "cultivation_group_members",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => cultivationGroups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin", "member"] })
      .notNull()
      .default("member"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cultivation_members_group_user_idx").on(t.groupId, t.userId),
    index("cultivation_members_user_idx").on(t.userId, t.id.desc().nullsFirst()),
  ],
);

export const cultivationJoinRequests = pgTable(
  "cultivation_join_requests",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => cultivationGroups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestMessage: text("request_message"),
    status: text("status", { enum: ["pending", "approved", "declined"] })
      .notNull()
      .default("pending"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cultivation_requests_pending_idx")
      .on(t.groupId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index("cultivation_requests_group_idx").on(t.groupId, t.status, t.id),
    index("cultivation_requests_user_idx").on(t.userId),
  ],
);

export const localGroups = pgTable(
  "local_groups",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    meetingType: text("meeting_type").notNull(),
    /** The general area anyone may see, e.g. a city. */
    location: text("location").notNull(),
    /** The exact meeting place, shown to members only. */
    address: text("address"),
    meetingTime: text("meeting_time"),
    contactInfo: text("contact_info"),
    memberCount: integer("member_count").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("local_groups_type_idx").on(t.meetingType, t.id.desc().nullsFirst()),
    index("local_groups_search_trgm_idx").using("gin", sql`(${t.name} || ' ' || ${t.location}) gin_trgm_ops`),
    index("local_groups_created_idx").on(t.createdAt),
  ],
);

export const localGroupMembers = pgTable(
  "local_group_members",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => localGroups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["leader", "member"] })
      .notNull()
      .default("member"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("local_members_group_user_idx").on(t.groupId, t.userId),
    index("local_members_user_idx").on(t.userId, t.id.desc().nullsFirst()),
  ],
);

/** A mentee's request for a mentor, or a mentor's offer, waiting to be matched. */
export const discipleshipEntries = pgTable(
  "discipleship_entries",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["request", "offer"] }).notNull(),
    experienceLevel: text("experience_level").notNull(),
    /** Lower-cased focus areas, for matching. */
    focusAreas: text("focus_areas").array().notNull(),
    status: text("status", { enum: ["waiting", "matched", "withdrawn"] })
      .notNull()
      .default("waiting"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
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
    id: serial("id").primaryKey(),
    mentorId: integer("mentor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    menteeId: integer("mentee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestId: integer("request_id").references(() => discipleshipEntries.id, { onDelete: "set null" }),
    offerId: integer("offer_id").references(() => discipleshipEntries.id, { onDelete: "set null" }),
    status: text("status", { enum: ["pending", "active", "declined", "completed"] })
      .notNull()
      .default("pending"),
    focusAreas: text("focus_areas").array().notNull(),
    experienceLevel: text("experience_level").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("discipleship_connections_mentor_idx").on(t.mentorId, t.id.desc().nullsFirst()),
    index("discipleship_connections_mentee_idx").on(t.menteeId, t.id.desc().nullsFirst()),
  ],
);
