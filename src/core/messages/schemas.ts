import { z } from "zod";
import { dateTime, idSchema, pageQuery, requiredText } from "../common-schemas";
import { NEW_MEMBER_MESSAGES } from "../moderation/new-member-messages";
import { CONVERSATION_STATUSES, MESSAGE_EDIT_MINUTES, MESSAGE_MAX } from "./limits";

export * from "./limits";

export const MESSAGES_TEXT = {
  bodyRequired: "Please write a message.",
  notYourself: "You can't send a message to yourself.",
  memberNotFound: "Member not found",
  conversationNotFound: "Conversation not found",
  messageNotFound: "Message not found",
  requestsOff: "She receives messages only from people she walks with or shares a group with.",
  closed: "You can't send messages in this conversation.",
  suspended: "Your account is suspended, so you can't send messages right now.",
  onlySender: "Only its sender can change this message.",
  editWindow: `A message can be edited for ${MESSAGE_EDIT_MINUTES} minutes after it is sent.`,
  deleted: "This message was deleted.",
  notARequest: "There is no request waiting in this conversation.",
  tooFast: "You're sending messages quickly. Please wait a moment and try again.",
  /** A new member's first-day limit (NEW_MEMBER_CONVERSATION_LIMIT): the 429's words. */
  firstDay: NEW_MEMBER_MESSAGES.conversations,
} as const;

const messageText = requiredText(MESSAGES_TEXT.bodyRequired, MESSAGE_MAX);

/** `?limit=&before=`: a page of her conversations (before: a conversation's last message id) or of a thread. */
export const conversationsQuery = pageQuery;
export const messagesQuery = pageQuery;

export const startConversationBody = z.object({
  memberId: idSchema,
  body: messageText,
});
export type StartConversationBody = z.infer<typeof startConversationBody>;

export const messageBody = z.object({ body: messageText });
export type MessageBody = z.infer<typeof messageBody>;

export const readBody = z.object({ messageId: idSchema });
export type ReadBody = z.infer<typeof readBody>;

/** The other member, as her privacy settings allow; null: a former member (her account was deleted). */
export const messagePerson = z
  .object({
    id: z.number(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  })
  .nullable();
export type MessagePerson = z.input<typeof messagePerson>;

export const directMessage = z.object({
  id: z.number(),
  conversationId: z.number(),
  /** Her words; empty once deleted ("Message deleted" is shown). */
  body: z.string(),
  /** The signed-in member sent it. */
  isMine: z.boolean(),
  createdAt: dateTime,
  editedAt: dateTime.nullable(),
  deletedAt: dateTime.nullable(),
});
export type DirectMessage = z.input<typeof directMessage>;

export const conversationSummary = z.object({
  id: z.number(),
  status: z.enum(CONVERSATION_STATUSES),
  /** She wrote first: a request of hers waits (or, unknown to her, was declined: it reads as waiting). */
  startedByMe: z.boolean(),
  other: messagePerson,
  /** The newest message (null: none she may read yet). */
  lastMessage: directMessage.nullable(),
  unreadCount: z.number(),
  /** She may write in it now. */
  canSend: z.boolean(),
});
export type ConversationSummary = z.input<typeof conversationSummary>;

export const conversationList = z.array(conversationSummary);

/** A page of a thread, newest last, with the conversation it belongs to. */
export const messagePage = z.object({
  conversation: conversationSummary,
  /** Oldest first; `?before=` the first one shown loads older ones. */
  messages: z.array(directMessage),
  /** The newest of her messages the other has read ("Seen" under it); null: none yet. */
  seenUpTo: z.number().nullable(),
});
export type MessagePage = z.input<typeof messagePage>;

/**
 * `POST /api/conversations` answers 202 with this when her message became a request: the same
 * whether it waits, was declined or she wrote again while it waits.
 */
export const requestMade = z.object({ requested: z.literal(true) });
export type RequestMade = z.input<typeof requestMade>;

/** What `POST /api/conversations` answers, either way (201 or 202). */
export type StartConversationResult = ConversationSummary | RequestMade;

export const unreadMessages = z.object({
  /** Unread messages in her open conversations. */
  count: z.number(),
  /** Requests waiting for her answer. */
  requests: z.number(),
});
export type UnreadMessages = z.input<typeof unreadMessages>;
