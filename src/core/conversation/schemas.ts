import { z } from "zod";
import { dateTime, idSchema, optionalText, pageQuery, requiredText } from "../common-schemas";
import {
  CONVERSATION_FILTERS,
  GROUP_POST_KINDS,
  GROUP_POST_MAX,
  GROUP_PRAISE_NOTE_MAX,
  GROUP_REACTIONS,
  MAX_PINNED_POSTS,
  REMOVAL_REASON_MAX,
} from "./limits";

export * from "./limits";

export const CONVERSATION_MESSAGES = {
  bodyRequired: "Please write something to share.",
  replyRequired: "Please write a reply.",
  kindRequired: "Choose what kind of post this is.",
  announcementLeadersOnly: "Only the group's leaders can post an announcement.",
  mentionOutsideGroup: "You can only mention members of this group.",
  groupNotFound: "Group not found",
  postNotFound: "Post not found",
  replyNotFound: "Reply not found",
  onlyAuthorEdits: "Only its author can edit this.",
  onlyAuthorOrLeadersRemove: "Only its author or the group's leaders can remove this.",
  leadersOnlyPin: "Only the group's leaders can pin posts.",
  tooManyPinned: `Up to ${MAX_PINNED_POSTS} posts can be pinned. Unpin one first.`,
  onlyPrayerRequests: "Only a prayer request can be prayed for or marked answered.",
  onlyAuthorAnswers: "Only the member who shared this request can mark it answered.",
} as const;

/** `?limit=&before=&filter=`: a page of a group's conversation. */
export const groupPostsQuery = pageQuery.extend({
  filter: z.enum(CONVERSATION_FILTERS, { message: "Choose a filter" }).default("all"),
});
export type GroupPostsQuery = z.infer<typeof groupPostsQuery>;

const postText = (message: string) => requiredText(message, GROUP_POST_MAX);

export const createGroupPostBody = z.object({
  kind: z.enum(GROUP_POST_KINDS, { message: CONVERSATION_MESSAGES.kindRequired }),
  body: postText(CONVERSATION_MESSAGES.bodyRequired),
});
export type CreateGroupPostBody = z.infer<typeof createGroupPostBody>;

export const editGroupPostBody = z.object({ body: postText(CONVERSATION_MESSAGES.bodyRequired) });
export type EditGroupPostBody = z.infer<typeof editGroupPostBody>;

export const groupReplyBody = z.object({ body: postText(CONVERSATION_MESSAGES.replyRequired) });
export type GroupReplyBody = z.infer<typeof groupReplyBody>;

/** The praise note is optional: an empty body marks it answered without one. */
export const groupAnsweredBody = z
  .object({ note: optionalText(GROUP_PRAISE_NOTE_MAX) })
  .nullish()
  .transform((v) => ({ note: v?.note }));
export type GroupAnsweredBody = z.infer<typeof groupAnsweredBody>;

/** A leader removing another member's words says why (the moderation log keeps it); her own need none. */
export const groupRemovalBody = z
  .object({ reason: optionalText(REMOVAL_REASON_MAX) })
  .nullish()
  .transform((v) => ({ reason: v?.reason }));
export type GroupRemovalBody = z.infer<typeof groupRemovalBody>;

export const groupReactionParams = z.object({
  id: idSchema,
  reaction: z.enum(GROUP_REACTIONS, { message: "Choose Amen, Praying or ♥" }),
});

/** A member as the conversation shows her (as her privacy settings allow): never an e-mail. */
export const conversationPerson = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** She leads the group. */
  isLeader: z.boolean(),
});
export type ConversationPerson = z.input<typeof conversationPerson>;

const reactionCounts = z.object({ amen: z.number(), praying: z.number(), heart: z.number() });

export const groupPost = z.object({
  id: z.number(),
  groupKind: z.enum(["cultivation", "local"]),
  groupId: z.number(),
  kind: z.enum(GROUP_POST_KINDS),
  body: z.string(),
  createdAt: dateTime,
  /** When its author last edited it ("edited" is shown). */
  editedAt: dateTime.nullable(),
  pinned: z.boolean(),
  pinnedAt: dateTime.nullable(),
  author: conversationPerson,
  /** The signed-in member wrote it (she may edit it). */
  isMine: z.boolean(),
  replyCount: z.number(),
  reactions: reactionCounts,
  /** Her own reactions. */
  myReactions: z.array(z.enum(GROUP_REACTIONS)),
  prayedCount: z.number(),
  prayedByMe: z.boolean(),
  answeredAt: dateTime.nullable(),
  praiseNote: z.string().nullable(),
});
export type GroupPost = z.input<typeof groupPost>;

export const groupPostList = z.array(groupPost);

export const groupReply = z.object({
  id: z.number(),
  postId: z.number(),
  body: z.string(),
  createdAt: dateTime,
  editedAt: dateTime.nullable(),
  author: conversationPerson,
  isMine: z.boolean(),
});
export type GroupReply = z.input<typeof groupReply>;

/** A post with a page of its replies, newest first (`?before=` the last one shown for more). */
export const groupPostDetail = groupPost.extend({
  /** The group's name (the page's way back names it). */
  groupName: z.string(),
  /** She leads the post's group: she may pin it and remove anyone's words in it. */
  leadsGroup: z.boolean(),
  replies: z.array(groupReply),
});
export type GroupPostDetail = z.input<typeof groupPostDetail>;

export const groupReactionResult = z.object({
  id: z.number(),
  reactions: reactionCounts,
  myReactions: z.array(z.enum(GROUP_REACTIONS)),
});
export type GroupReactionResult = z.input<typeof groupReactionResult>;

/** A member who reacted, as her privacy settings let the viewer see her (the author's shape, without her role). */
export const groupReactor = conversationPerson.omit({ isLeader: true });
export type GroupReactor = z.input<typeof groupReactor>;

/**
 * Who gave one reaction, newest first: up to `GROUP_REACTOR_NAMES` names, and `more` for those
 * beyond them (0 when all are named). Members she blocked, or who blocked her, are left out of the
 * names; the post's counter, which counts everyone, stays the total.
 */
const reactors = z.object({ people: z.array(groupReactor), more: z.number() });

export const groupPostReactions = z.object({
  id: z.number(),
  amen: reactors,
  praying: reactors,
  heart: reactors,
});
export type GroupPostReactions = z.input<typeof groupPostReactions>;

export const groupPrayResult = z.object({ id: z.number(), prayedCount: z.number(), prayedByMe: z.boolean() });
export type GroupPrayResult = z.input<typeof groupPrayResult>;

export const groupAnsweredResult = z.object({
  id: z.number(),
  answeredAt: dateTime,
  praiseNote: z.string().nullable(),
});
export type GroupAnsweredResult = z.input<typeof groupAnsweredResult>;

export const groupPinResult = z.object({
  id: z.number(),
  pinned: z.boolean(),
  pinnedAt: dateTime.nullable(),
});
export type GroupPinResult = z.input<typeof groupPinResult>;
