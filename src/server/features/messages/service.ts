import type { MessageBody, StartConversationBody } from "../../../core/messages/schemas";
import { MESSAGES_TEXT } from "../../../core/messages/schemas";
import {
  mayChangeMessage,
  mayReadConversation,
  maySendIn,
  statusSeenBy,
  takesMessageRequests,
  type Viewer,
  withinEditWindow,
} from "../../auth/policies";
import type { SessionUser } from "../../auth/sessions";
import type { NewMemberLimits } from "../../config";
import type { Db, Tx } from "../../db/client";
import { accepted } from "../../http/endpoint-routes";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { type LiveEvent, memberAudience, publishLive } from "../../live/publish";
import { takeNewMemberPlace } from "../moderation";
import { notify } from "../notifications";
import * as q from "./queries";

// Private messages between two members (decision 056): who may write is asked of the policies,
// every change moves its counters, tells the other and publishes its live events in one transaction.

type Page = { limit: number; before?: number };

/** A conversation as she sees it: a declined request of hers still reads as waiting. */
function present(viewer: Viewer, row: q.SummaryRow) {
  return {
    id: row.id,
    status: statusSeenBy(viewer, row),
    startedByMe: row.startedBy === viewer.id,
    other: row.other,
    lastMessage: row.lastMessage,
    unreadCount: row.unreadCount,
    canSend: maySendIn({
      status: row.status,
      otherGone: row.other === null,
      blocked: row.blocked,
      suspended: row.suspended,
    }),
  };
}

/** The same live event to each of `members` (a former member's place is skipped). */
const toEach = (members: (number | null)[], kind: string, payload: Record<string, unknown>): LiveEvent[] =>
  members
    .filter((id): id is number => id !== null)
    .map((id) => ({ channel: memberAudience(id), kind, payload }));

/** Her message in the conversation, told to the other member and to both members' live streams. */
async function addMessage(tx: Tx, viewer: Viewer, conversationId: number, otherId: number, body: string) {
  const message = await q.insertMessage(tx, conversationId, viewer.id, body);
  await notify(tx, "message", {
    recipients: [otherId],
    actorId: viewer.id,
    subjectId: conversationId,
    dedupeKey: message.id,
  });
  await publishLive(tx, toEach([viewer.id, otherId], "message", { conversationId, messageId: message.id }));
  return message;
}

async function summaryOf(tx: Tx, viewer: Viewer, conversationId: number) {
  const row = await q.findSummary(tx, viewer, conversationId);
  if (!row) throw notFound(MESSAGES_TEXT.conversationNotFound);
  return present(viewer, row);
}

// --- Writing to a member ----------------------------------------------------------------------

/**
 * Writes to a member: in their conversation when there is one she may write in, or a new one that
 * opens at once when she may write directly (`mayWriteDirectly`). Anyone else's first message is a
 * request (202); while it waits, or once declined, a second one adds nothing and answers the same
 * 202, so the sender cannot tell a declined request from a waiting one. A member who turned
 * requests off, or a block either way, refuses (403). A new conversation takes one of a new
 * member's first-day places.
 */
export async function start(
  db: Db,
  limits: NewMemberLimits,
  viewer: SessionUser,
  body: StartConversationBody,
) {
  if (body.memberId === viewer.id) throw badRequest(MESSAGES_TEXT.notYourself);
  return db.transaction(async (tx) => {
    const recipient = await q.findRecipient(tx, viewer, body.memberId);
    if (!recipient) throw notFound(MESSAGES_TEXT.memberNotFound);
    if (recipient.writerSuspended) throw forbidden(MESSAGES_TEXT.suspended);
    if (recipient.blocked) throw forbidden(MESSAGES_TEXT.closed);
    const pairKey = q.pairKeyOf(viewer.id, recipient.id);
    let conversation = await q.findByPair(tx, pairKey);
    if (!conversation) {
      if (!recipient.direct && !takesMessageRequests({ allowMessageRequests: recipient.takesRequests }))
        throw forbidden(MESSAGES_TEXT.requestsOff);
      await takeNewMemberPlace(tx, limits, viewer, "conversations");
      const status = recipient.direct ? "open" : "requested";
      const id = await q.insertConversation(tx, pairKey, status, viewer.id, recipient.id);
      if (id !== undefined && status === "requested") {
        const message = await q.insertMessage(tx, id, viewer.id, body.body);
        await notify(tx, "message_request", {
          recipients: [recipient.id],
          actorId: viewer.id,
          subjectId: id,
        });
        await publishLive(tx, [
          {
            channel: memberAudience(recipient.id),
            kind: "message_request",
            payload: { conversationId: id, messageId: message.id },
          },
        ]);
        return accepted({ requested: true as const });
      }
      // Made by the other at the same moment: it is read back and written in as any other.
      conversation =
        id === undefined ? await q.findByPair(tx, pairKey) : { id, status, startedBy: viewer.id };
      if (!conversation) throw notFound(MESSAGES_TEXT.conversationNotFound);
    } else if (conversation.status !== "open") {
      // Her own request, waiting or declined: nothing more, and nothing says which. One that waits
      // opens once she may write directly (they came to share a group); a declined one stays closed.
      if (conversation.startedBy === viewer.id && (!recipient.direct || conversation.status === "declined"))
        return accepted({ requested: true as const });
      // Writing back to a request she received is her answer to it; writing directly opens it.
      await q.setStatus(tx, conversation.id, "open");
      await publishLive(
        tx,
        toEach([viewer.id, recipient.id], "conversation", { conversationId: conversation.id }),
      );
    }
    await addMessage(tx, viewer, conversation.id, recipient.id, body.body);
    return summaryOf(tx, viewer, conversation.id);
  });
}

/** Her place in a conversation, or 404: nobody else, the administrators included, is told it exists. */
async function membershipOf(tx: Tx, viewer: Viewer, conversationId: number) {
  const membership = await q.findMembership(tx, conversationId, viewer.id);
  if (!mayReadConversation(membership)) throw notFound(MESSAGES_TEXT.conversationNotFound);
  return membership!;
}

/**
 * A message in a conversation she may write in (`maySendIn`, which the statement writing it applies
 * as `sendsIn`); 403 with what stands in the way, 404 outside her conversations.
 */
export async function send(db: Db, viewer: Viewer, conversationId: number, body: MessageBody) {
  const { place, message } = await q.sendMessage(db, {
    senderId: viewer.id,
    conversationId,
    body: body.body,
  });
  if (!place || !mayReadConversation(place)) throw notFound(MESSAGES_TEXT.conversationNotFound);
  if (place.suspended) throw forbidden(MESSAGES_TEXT.suspended);
  if (!maySendIn(place) || !message) throw forbidden(MESSAGES_TEXT.closed);
  return message;
}

// --- Reading ----------------------------------------------------------------------------------

export async function list(db: Db, viewer: Viewer, page: Page) {
  const rows = await q.listConversations(db, viewer, page);
  return rows.map((row) => present(viewer, row));
}

export async function messages(db: Db, viewer: Viewer, conversationId: number, page: Page) {
  const found = await q.thread(db, viewer, conversationId, page);
  if (!found) throw notFound(MESSAGES_TEXT.conversationNotFound);
  return { conversation: present(viewer, found.summary), messages: found.messages, seenUpTo: found.seenUpTo };
}

/**
 * She has read the conversation up to `messageId`: her unread count follows, the other's stream
 * hears it ("Seen"), and her notices of those messages are read, so push and mail leave them. The
 * open page says so as each message arrives, which is how "she has it open" keeps a phone quiet.
 */
export async function read(db: Db, viewer: Viewer, conversationId: number, messageId: number) {
  await db.transaction(async (tx) => {
    const membership = await membershipOf(tx, viewer, conversationId);
    if (!(await q.messageInConversation(tx, messageId, conversationId)))
      throw notFound(MESSAGES_TEXT.messageNotFound);
    if (messageId > membership.lastReadMessageId) {
      await q.markRead(tx, conversationId, viewer.id, messageId);
      await publishLive(tx, toEach([membership.otherId], "read", { conversationId, messageId }));
    }
    await q.markNoticesRead(tx, conversationId, viewer.id, messageId);
  });
}

export async function unreadCount(db: Db, viewer: Viewer) {
  return q.unreadCounts(db, viewer.id);
}

// --- Requests ---------------------------------------------------------------------------------

/** A request waiting for her (or one she declined and takes back): it opens for both. */
export async function accept(db: Db, viewer: Viewer, conversationId: number) {
  return db.transaction(async (tx) => {
    const membership = await membershipOf(tx, viewer, conversationId);
    if (membership.status === "open" || membership.startedBy === viewer.id)
      throw conflict(MESSAGES_TEXT.notARequest);
    await q.setStatus(tx, conversationId, "open");
    await publishLive(tx, toEach([viewer.id, membership.otherId], "conversation", { conversationId }));
    return summaryOf(tx, viewer, conversationId);
  });
}

/**
 * She declines a request: it leaves her list and its sender can write no more. The sender is not
 * told, by a notice or by her stream, and her view of it stays that of a waiting request.
 */
export async function decline(db: Db, viewer: Viewer, conversationId: number) {
  await db.transaction(async (tx) => {
    const membership = await membershipOf(tx, viewer, conversationId);
    if (membership.status !== "requested" || membership.startedBy === viewer.id)
      throw conflict(MESSAGES_TEXT.notARequest);
    await q.setStatus(tx, conversationId, "declined");
    await q.markNoticesRead(tx, conversationId, viewer.id);
    await publishLive(tx, toEach([viewer.id], "conversation", { conversationId }));
  });
}

// --- Her own words ----------------------------------------------------------------------------

async function ownMessage(tx: Tx, viewer: Viewer, messageId: number) {
  const message = await q.findMessageFor(tx, messageId, viewer.id);
  if (!message) throw notFound(MESSAGES_TEXT.messageNotFound);
  if (!mayChangeMessage(viewer, message)) throw forbidden(MESSAGES_TEXT.onlySender);
  return message;
}

/** Her words, changed within 15 minutes of sending them (then marked edited); later, 403. */
export async function edit(db: Db, viewer: Viewer, messageId: number, body: MessageBody) {
  return db.transaction(async (tx) => {
    const message = await ownMessage(tx, viewer, messageId);
    if (message.deletedAt) throw forbidden(MESSAGES_TEXT.deleted);
    if (message.suspended) throw forbidden(MESSAGES_TEXT.suspended);
    if (message.blocked) throw forbidden(MESSAGES_TEXT.closed);
    if (!withinEditWindow(message.createdAt)) throw forbidden(MESSAGES_TEXT.editWindow);
    const edited = await q.editMessage(tx, messageId, viewer.id, body.body);
    await publishLive(
      tx,
      toEach([viewer.id, message.otherId], "message_changed", {
        conversationId: message.conversationId,
        messageId,
      }),
    );
    return edited;
  });
}

/** She deletes what she sent, at any time: the row stays and reads "Message deleted". */
export async function remove(db: Db, viewer: Viewer, messageId: number) {
  await db.transaction(async (tx) => {
    const message = await ownMessage(tx, viewer, messageId);
    if (message.deletedAt) return;
    await q.clearMessage(tx, messageId);
    await publishLive(
      tx,
      toEach([viewer.id, message.otherId], "message_changed", {
        conversationId: message.conversationId,
        messageId,
      }),
    );
  });
}
