import { type SQL, sql } from "drizzle-orm";
import type { ConversationStatus } from "../../../core/messages/limits";
import { MESSAGE_EDIT_MINUTES } from "../../../core/messages/limits";
import { blockedEitherWay } from "./member-content";
import { column, type Viewer } from "./viewer";

// Private messages: who may write to whom, who reads a conversation, who changes a message.

/** What ties two members, as the rules read it. */
export interface WritingTies {
  /** An accepted discipleship connection (status 'active'), either way round. */
  walkTogether: boolean;
  /** Both are accepted members of one group (a pending request is not membership). */
  shareGroup: boolean;
}

/**
 * She may open a conversation at once with her discipleship partner, a fellow member of one of her
 * groups, or anyone when she is one of the ministry's administrators; anyone else's first message
 * is a request the recipient accepts or declines (decision 056).
 */
export function mayWriteDirectly(viewer: Viewer, ties: WritingTies): boolean {
  return viewer.isAdmin || ties.walkTogether || ties.shareGroup;
}

/** SQL of `WritingTies.walkTogether` for members `a` and `b`: on the connections' mentor and mentee indexes. */
export const walkTogether = (a: number | SQL, b: number | SQL): SQL =>
  sql`exists (select 1 from discipleship_connections wt where wt.status = 'active'
    and ((wt.mentor_id = ${a} and wt.mentee_id = ${b}) or (wt.mentor_id = ${b} and wt.mentee_id = ${a})))`;

/** SQL of `WritingTies.shareGroup` for members `a` and `b`: her memberships, then the group's (group, member) index. */
export const shareGroup = (a: number | SQL, b: number | SQL): SQL =>
  sql`(exists (select 1 from cultivation_group_members sa
      join cultivation_group_members sb on sb.group_id = sa.group_id and sb.user_id = ${b}
      where sa.user_id = ${a})
    or exists (select 1 from local_group_members sa
      join local_group_members sb on sb.group_id = sa.group_id and sb.user_id = ${b}
      where sa.user_id = ${a}))`;

/** SQL of `mayWriteDirectly` for the viewer and the member `other`. */
export const writesDirectlyTo = (viewer: Viewer, other: number | SQL): SQL =>
  viewer.isAdmin ? sql`true` : sql`(${walkTogether(viewer.id, other)} or ${shareGroup(viewer.id, other)})`;

/**
 * A member who turned requests off ("Only people I walk with or share a group with") hears only
 * from those who may write to her directly; unset, requests are welcome.
 */
export function takesMessageRequests(
  settings: { allowMessageRequests?: boolean } | null | undefined,
): boolean {
  return settings?.allowMessageRequests !== false;
}

/**
 * A conversation is its two members' alone: anyone else, the administrators included, is told it
 * does not exist (404). A member whose account is gone leaves the other alone in it.
 */
export function mayReadConversation(membership: object | null | undefined): boolean {
  return membership != null;
}

/** SQL of `mayReadConversation`: her row in the conversation `conversationId`, on its primary key. */
export const conversationOf = (conversationId: number | SQL, memberId: number | SQL): SQL =>
  sql`exists (select 1 from direct_conversation_members cof
    where cof.conversation_id = ${conversationId} and cof.user_id = ${memberId})`;

/** SQL of `mayReadConversation` for the direct_messages row `table`: what she may read and report. */
export const messageReadableBy = (memberId: number | SQL, table = "direct_messages"): SQL =>
  conversationOf(column(table, "conversation_id"), memberId);

/** What decides whether she may write in a conversation now. */
export interface ConversationState {
  status: ConversationStatus;
  /** The other member's account is gone. */
  otherGone: boolean;
  /** Either of them blocked the other. */
  blocked: boolean;
  /** She is suspended now. */
  suspended: boolean;
}

/**
 * She writes in an open conversation with someone still here, while no block stands between them
 * and she is not suspended. A request waits for its recipient's answer: until then its sender sends
 * nothing more, and a declined one reads to her as still waiting.
 */
export function maySendIn(state: ConversationState): boolean {
  return state.status === "open" && !state.otherGone && !state.blocked && !state.suspended;
}

/** The columns of a statement that hold a `ConversationState`. */
export interface ConversationStateColumns {
  status: SQL;
  /** The other member's id: null once her account is gone. */
  otherId: SQL;
  blocked: SQL;
  suspended: SQL;
}

/** SQL of `maySendIn`, on a statement's columns: a message is written only where it holds. */
export const sendsIn = (state: ConversationStateColumns): SQL =>
  sql`(${state.status} = 'open' and ${state.otherId} is not null and not ${state.blocked} and not ${state.suspended})`;

/** SQL: either member of the pair blocked the other (the conversation is closed both ways). */
export const conversationBlocked = (a: number | SQL, b: number | SQL): SQL => blockedEitherWay(a, b);

/**
 * Where a conversation stands as she sees it: her declined request still reads "requested", so the
 * sender is never told she was declined.
 */
export function statusSeenBy(
  viewer: Viewer,
  conversation: { status: ConversationStatus; startedBy: number | null },
): ConversationStatus {
  return conversation.status === "declined" && conversation.startedBy === viewer.id
    ? "requested"
    : conversation.status;
}

/** Only its sender changes a message: she deletes it at any time and edits it for 15 minutes. */
export function mayChangeMessage(viewer: Viewer, message: { senderId: number | null }): boolean {
  return message.senderId === viewer.id;
}

/** Whether a message sent at `createdAt` may still be edited at `now`. */
export function withinEditWindow(createdAt: Date, now = Date.now()): boolean {
  return now - createdAt.getTime() <= MESSAGE_EDIT_MINUTES * 60_000;
}
