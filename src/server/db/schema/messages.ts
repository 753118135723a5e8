import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { at, belongsTo, counter, createdAt, id, mayReference } from "./columns";
import { users } from "./users";

/**
 * A private conversation between two members. `pair_key` ("lowId:highId") keeps one per pair, and
 * stays when either account is deleted, so the other keeps the conversation with "a former member".
 * A conversation someone may not simply open is a request until its recipient accepts it; declined,
 * it stays closed (its sender is not told).
 */
export const directConversations = pgTable(
  "direct_conversations",
  {
    id: id(),
    pairKey: text("pair_key").notNull(),
    status: text("status", { enum: ["open", "requested", "declined"] }).notNull(),
    /** Who wrote first: the sender of a request. */
    startedBy: mayReference("started_by", () => users.id),
    /** The newest message (the list's order, and what her row copies). */
    lastMessageId: integer("last_message_id"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("direct_conversations_pair_idx").on(t.pairKey)],
);

/**
 * A member's place in a conversation: what she has read, how many wait unread, and when she was
 * last mailed of it. Her row goes with her account; the other's stays. `last_message_id` is the
 * conversation's, copied here so her list is one range of one index, newest first.
 */
export const directConversationMembers = pgTable(
  "direct_conversation_members",
  {
    conversationId: belongsTo("conversation_id", () => directConversations.id),
    userId: belongsTo("user_id", () => users.id),
    lastMessageId: integer("last_message_id").notNull().default(0),
    /** The newest message she has read (0: none); the other sees "Seen" up to it. */
    lastReadMessageId: integer("last_read_message_id").notNull().default(0),
    unreadCount: counter("unread_count"),
    /** When she was last mailed of this conversation (at most once an hour). */
    mailedAt: at("mailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index("direct_conversation_members_list_idx").on(t.userId, t.lastMessageId.desc().nullsFirst()),
  ],
);

/**
 * A message. Its sender's id is cleared when her account is deleted (the other reads "a former
 * member"); a message she deletes keeps its row, without its words, and reads "Message deleted".
 */
export const directMessages = pgTable(
  "direct_messages",
  {
    id: id(),
    conversationId: belongsTo("conversation_id", () => directConversations.id),
    senderId: mayReference("sender_id", () => users.id),
    content: text("content").notNull(),
    editedAt: at("edited_at"),
    deletedAt: at("deleted_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("direct_messages_conversation_idx").on(t.conversationId, t.id.desc().nullsFirst()),
    index("direct_messages_sender_idx").on(t.senderId, t.createdAt),
  ],
);

/**
 * What a live stream carries, kept for a while so that a tab reconnecting with `Last-Event-ID`
 * reads what it missed from here. Written in the transaction of the change it tells of; the commit's
 * NOTIFY carries only ids. `channel` names who hears it: `member:<id>` or `group:<kind>:<id>`.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    channel: text("channel").notNull(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("live_events_channel_idx").on(t.channel, t.id),
    index("live_events_created_idx").on(t.createdAt),
  ],
);
