import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { GROUP_POST_KINDS, GROUP_REACTIONS } from "../../../core/conversation/limits";
import { at, belongsTo, counter, createdAt, id, moderatedColumns } from "./columns";
import { users } from "./users";

/**
 * What members write in a group's conversation, a cultivation group's or a local group's (named by
 * its kind and id: the two kinds of group live in two tables). Its counters are moved in the
 * statement that writes the rows they count, so a list never counts.
 */
export const groupPosts = pgTable(
  "group_posts",
  {
    id: id(),
    groupKind: text("group_kind", { enum: ["cultivation", "local"] }).notNull(),
    groupId: integer("group_id").notNull(),
    userId: belongsTo("user_id", () => users.id),
    kind: text("kind", { enum: GROUP_POST_KINDS }).notNull(),
    /** Her words (the API calls them `body`; `content` as in every table of what members write). */
    content: text("content").notNull(),
    /** Pinned by a leader: shown above the others, the latest pin first (at most three a group). */
    pinnedAt: at("pinned_at"),
    /** A prayer request its author marked answered, with her praise note. */
    answeredAt: at("answered_at"),
    praiseNote: text("praise_note"),
    replyCount: counter("reply_count"),
    /** Members who said "I prayed" (group_post_prayers). */
    prayedCount: counter("prayed_count"),
    /** Reactions of each kind (group_post_reactions). */
    amenCount: counter("amen_count"),
    prayingCount: counter("praying_count"),
    heartCount: counter("heart_count"),
    ...moderatedColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    // A group's conversation, newest first, by cursor; its filters each on an index of their own.
    index("group_posts_group_idx").on(t.groupKind, t.groupId, t.id.desc().nullsFirst()),
    index("group_posts_pinned_idx")
      .on(t.groupKind, t.groupId, t.pinnedAt.desc().nullsFirst())
      .where(sql`${t.pinnedAt} is not null`),
    index("group_posts_prayer_idx")
      .on(t.groupKind, t.groupId, t.id.desc().nullsFirst())
      .where(sql`${t.kind} = 'prayer'`),
    index("group_posts_unanswered_idx")
      .on(t.groupKind, t.groupId, t.id.desc().nullsFirst())
      .where(sql`${t.kind} = 'question' and ${t.replyCount} = 0`),
    // The leaders' posts: a group's posts by author.
    index("group_posts_author_idx").on(t.groupKind, t.groupId, t.userId, t.id.desc().nullsFirst()),
    index("group_posts_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Replies to a post: one level deep. */
export const groupReplies = pgTable(
  "group_replies",
  {
    id: id(),
    postId: belongsTo("post_id", () => groupPosts.id),
    userId: belongsTo("user_id", () => users.id),
    content: text("content").notNull(),
    ...moderatedColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index("group_replies_post_idx").on(t.postId, t.id.desc().nullsFirst()),
    index("group_replies_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Amen, Praying, ♥: one of each per member and post. */
export const groupPostReactions = pgTable(
  "group_post_reactions",
  {
    postId: belongsTo("post_id", () => groupPosts.id),
    userId: belongsTo("user_id", () => users.id),
    reaction: text("reaction", { enum: GROUP_REACTIONS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId, t.reaction] }),
    // Who gave a post's reaction, newest first: a read that stops at the names it shows.
    index("group_post_reactions_post_idx").on(t.postId, t.reaction, t.createdAt, t.userId),
    index("group_post_reactions_user_idx").on(t.userId),
  ],
);

/** "I prayed" for a group's prayer request: once per member. */
export const groupPostPrayers = pgTable(
  "group_post_prayers",
  {
    postId: belongsTo("post_id", () => groupPosts.id),
    userId: belongsTo("user_id", () => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("group_post_prayers_user_idx").on(t.userId)],
);
