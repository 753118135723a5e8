import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { REPORT_REASONS, REPORT_TARGET_TYPES, type ReportedMessage } from "../../../core/moderation/schemas";
import { at, belongsTo, createdAt, id } from "./columns";
import { users } from "./users";

/**
 * A member's report of something another member wrote (or of the member herself). One open report
 * per member and item; restoring or removing the item closes its reports (`resolved_at`).
 */
export const contentReports = pgTable(
  "content_reports",
  {
    id: id(),
    targetType: text("target_type", { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: integer("target_id").notNull(),
    reporterId: belongsTo("reporter_id", () => users.id),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    note: text("note"),
    /**
     * How much it counts toward hiding, fixed when it is made: 0 from a reporter not yet trusted
     * to hide (address unconfirmed, account too new, or her daily share of hiding spent), 2 from
     * an administrator of a settled cultivation group (or a leader of a settled local group) that
     * the reported member belongs to, else 1.
     */
    weight: integer("weight").notNull().default(1),
    createdAt: createdAt(),
    resolvedAt: at("resolved_at"),
    /** When the item it weighed on was hidden: what counts against her daily share of hiding. */
    hidAt: at("hid_at"),
    /**
     * A private message's report: that message and up to 10 before it, as they read when she
     * reported it, oldest first. The moderators read these and nothing else of the conversation.
     */
    context: jsonb("context").$type<ReportedMessage[]>(),
  },
  (t) => [
    uniqueIndex("content_reports_open_idx")
      .on(t.targetType, t.targetId, t.reporterId)
      .where(sql`${t.resolvedAt} is null`),
    index("content_reports_reporter_hid_idx").on(t.reporterId, t.hidAt).where(sql`${t.hidAt} is not null`),
    index("content_reports_queue_idx").on(t.id.desc().nullsFirst()).where(sql`${t.resolvedAt} is null`),
  ],
);

/**
 * Every moderation action: who, what, on whom, when and why. Append-only: a trigger refuses any
 * update or delete (migration 0010), and ids are kept without foreign keys so that removing an
 * account never rewrites the record.
 */
export const moderationLog = pgTable(
  "moderation_log",
  {
    id: id(),
    actorId: integer("actor_id"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: integer("target_id"),
    /** The member the action was about (the author of removed content, the suspended member). */
    memberId: integer("member_id"),
    reason: text("reason"),
    /** What the action saw: the removed text's opening, a suspension's end. */
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (t) => [index("moderation_log_order_idx").on(t.id.desc().nullsFirst())],
);

/** She no longer sees what the member she blocked writes; that member is not told. */
export const memberBlocks = pgTable(
  "member_blocks",
  {
    blockerId: belongsTo("blocker_id", () => users.id),
    blockedId: belongsTo("blocked_id", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("member_blocks_blocked_idx").on(t.blockedId),
  ],
);

/**
 * What a member shared in her account's first 24 hours, counted as she shares it: the first-day
 * limits (features/moderation/new-member-limits.ts) read and move it in one statement under its row
 * lock, and deleting what she shared gives no place back. A row exists only for a member who shared
 * something while new.
 */
export const newMemberCounts = pgTable("new_member_counts", {
  userId: belongsTo("user_id", () => users.id).primaryKey(),
  prayerRequests: integer("prayer_requests").notNull().default(0),
  /** Prayer responses, video reflections and article comments, together. */
  posts: integer("posts").notNull().default(0),
  /** Private conversations she started (her first message to someone, opened or a request). */
  conversations: integer("conversations").notNull().default(0),
});
