import { REPORT_CONTEXT_BEFORE } from "../../../core/messages/limits";
import type { Db, Tx } from "../../db/client";
import { memberAudience, publishLive } from "../../live/publish";
import * as q from "./queries";

// What moderation needs of private messages: a participant's report, the words it carries, and
// the moderators' removal. Nothing else of a conversation reaches them (decision 056).

/** The message, when `memberId` is one of its conversation's two members (locked); else nothing. */
export const findReportableMessage = (tx: Db | Tx, messageId: number, memberId: number) =>
  q.findReportable(tx, messageId, memberId);

/** Keeps with the report the message and up to 10 before it, as they read now. */
export const keepReportContext = (tx: Db | Tx, reportId: number, messageId: number) =>
  q.storeReportContext(tx, reportId, messageId, REPORT_CONTEXT_BEFORE);

/** The moderators remove a reported message: its words go, as when its sender deletes it. */
export async function removeReportedMessage(tx: Tx, messageId: number) {
  const conversationId = await q.clearMessage(tx, messageId);
  if (conversationId === undefined) return;
  const members = await q.membersOf(tx, conversationId);
  await publishLive(
    tx,
    members.map((id) => ({
      channel: memberAudience(id),
      kind: "message_changed",
      payload: { conversationId, messageId },
    })),
  );
}

export { reportedMessageContent } from "./queries";
