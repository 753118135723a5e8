/** A group's conversation: its choices and limits, without zod, so pages can use them without the schemas. */

/** A discussion, a prayer request, a question, and (its leaders only) an announcement. */
export const GROUP_POST_KINDS = ["discussion", "prayer", "question", "announcement"] as const;
export type GroupPostKind = (typeof GROUP_POST_KINDS)[number];

export const GROUP_POST_KIND_LABELS: Record<GroupPostKind, string> = {
  discussion: "Discussion",
  prayer: "Prayer request",
  question: "Question",
  announcement: "Announcement",
};

/** Reactions: one of each per member and post. */
export const GROUP_REACTIONS = ["amen", "praying", "heart"] as const;
export type GroupReaction = (typeof GROUP_REACTIONS)[number];

export const GROUP_REACTION_LABELS: Record<GroupReaction, string> = {
  amen: "Amen",
  praying: "Praying",
  heart: "♥",
};

/** What the conversation may be narrowed to. */
export const CONVERSATION_FILTERS = ["all", "prayer", "unanswered", "leaders"] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];

export const CONVERSATION_FILTER_LABELS: Record<ConversationFilter, string> = {
  all: "All",
  prayer: "Prayer",
  unanswered: "Questions without a reply",
  leaders: "From the leaders",
};

/** A post or a reply: up to 5,000 characters. */
export const GROUP_POST_MAX = 5000;
export const GROUP_PRAISE_NOTE_MAX = 1000;
/** What a leader may say of why she removed another member's words (kept in the moderation log). */
export const REMOVAL_REASON_MAX = 500;
/** Posts a group's leaders may pin at once. */
export const MAX_PINNED_POSTS = 3;
/** Posts a page of the conversation shows ("Load more" fetches the next by cursor). */
export const GROUP_POST_PAGE_SIZE = 20;
/** Replies a post's page shows at first. */
export const GROUP_REPLY_PAGE_SIZE = 50;
