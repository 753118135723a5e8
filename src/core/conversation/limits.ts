/** A group's conversation: its choices and limits, without zod, so pages can use them without the schemas. */
import { keysOf } from "../choices";
import type { MessageId } from "../i18n";

/** A discussion, a prayer request, a question, and (its leaders only) an announcement. */
export const GROUP_POST_KIND_LABELS = {
  discussion: "Discussion",
  prayer: "Prayer request",
  question: "Question",
  announcement: "Announcement",
} as const satisfies Record<string, MessageId>;
export type GroupPostKind = keyof typeof GROUP_POST_KIND_LABELS;
export const GROUP_POST_KINDS = keysOf(GROUP_POST_KIND_LABELS);

/** Reactions: one of each per member and post. */
export const GROUP_REACTION_LABELS = {
  amen: "Amen",
  praying: "Praying",
  // A sign, the same in every language.
  heart: "♥",
} as const satisfies { amen: MessageId; praying: MessageId; heart: string };
export type GroupReaction = keyof typeof GROUP_REACTION_LABELS;
export const GROUP_REACTIONS = keysOf(GROUP_REACTION_LABELS);
/** The names a reaction's list shows at most ("and N more" for the rest). */
export const GROUP_REACTOR_NAMES = 50;

/** What the conversation may be narrowed to. */
export const CONVERSATION_FILTER_LABELS = {
  all: "All",
  prayer: "Prayer",
  unanswered: "Questions without a reply",
  leaders: "From the leaders",
} as const satisfies Record<string, MessageId>;
export type ConversationFilter = keyof typeof CONVERSATION_FILTER_LABELS;
export const CONVERSATION_FILTERS = keysOf(CONVERSATION_FILTER_LABELS);

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
