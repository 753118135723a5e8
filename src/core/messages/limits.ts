/** Private messages: their limits, without zod, so pages can use them without the schemas. */

/** A message: up to 4,000 characters. */
export const MESSAGE_MAX = 4000;
/** Minutes after sending in which her message may still be edited (it is then marked "edited"). */
export const MESSAGE_EDIT_MINUTES = 15;
/** Messages a member may send in a minute (MESSAGE_RATE_LIMIT's default). */
export const MESSAGES_PER_MINUTE = 30;
/** Conversations a member may start in her account's first day (NEW_MEMBER_CONVERSATION_LIMIT's default). */
export const NEW_MEMBER_CONVERSATIONS = 3;
/** Messages a thread's page shows; older ones load on scroll. */
export const MESSAGE_PAGE_SIZE = 30;
/** Conversations a page of her list shows. */
export const CONVERSATION_PAGE_SIZE = 20;
/** A reported message travels to the moderators with at most this many before it, and no others. */
export const REPORT_CONTEXT_BEFORE = 10;

/** Where a conversation stands: open, a request waiting for its recipient, or declined by her. */
export const CONVERSATION_STATUSES = ["open", "requested", "declined"] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** What the list and a thread say of a member whose account was deleted. */
export const FORMER_MEMBER = "A former member";
/** What a deleted message reads. */
export const MESSAGE_DELETED = "Message deleted";
