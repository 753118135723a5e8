import { personName } from "../../../core/format";
import {
  type ContentType,
  type EditContentBody,
  type HideableContentType,
  MODERATION_MESSAGES,
  REPORT_RECEIVED,
  type ReportBody,
  type ReportedContentType,
  type ReportReason,
  type ReportTargetType,
  type SuspendBody,
  type WarnBody,
} from "../../../core/moderation/schemas";
import { isSuspended, mayDeletePost, type Viewer } from "../../auth/policies";
import type { SessionCache } from "../../auth/session-cache";
import { endAllSessions, isAdministrator, type SessionUser } from "../../auth/sessions";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { badRequest, conflict, notFound } from "../../http/errors";
import { findReportableMessage, keepReportContext, removeReportedMessage } from "../messages";
import { notify } from "../notifications";
import * as q from "./queries";

const NOT_FOUND: Record<ReportedContentType, string> = {
  prayer_request: "Prayer request not found",
  prayer_response: "Response not found",
  discussion: "Reflection not found",
  article_discussion: "Comment not found",
  group_post: "Post not found",
  group_reply: "Reply not found",
  message: "Message not found",
};

/** What the moderation log keeps of removed words: enough to know what was removed. */
const EXCERPT = 280;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

const named = (row: { firstName: string | null; lastName: string | null }) =>
  personName(row, { form: "full", nameless: "A member" });

// --- Her own words ----------------------------------------------------------------------------

/** Only its author edits it (`mayEditPost`); to anyone else it does not exist. */
export async function edit(db: Db, viewer: Viewer, type: ContentType, id: number, body: EditContentBody) {
  const edited = await q.editOwn(db, type, id, viewer, body.content);
  if (!edited) throw notFound(NOT_FOUND[type]);
  return edited;
}

/**
 * Its author deletes it (a prayer request takes its responses and prayers with it); an
 * administrator may delete anything (`mayDeletePost`), and that is recorded in the moderation log.
 */
export async function remove(db: Db, viewer: Viewer, type: ContentType, id: number) {
  await db.transaction(async (tx) => {
    const row = await q.findContent(tx, type, id, { lock: true });
    if (!row || !mayDeletePost(viewer, row)) throw notFound(NOT_FOUND[type]);
    await q.deleteContent(tx, type, id);
    await q.resolveReports(tx, type, id);
    if (row.userId !== viewer.id) {
      await q.record(tx, {
        actorId: viewer.id,
        action: "delete",
        targetType: type,
        targetId: id,
        memberId: row.userId,
        detail: excerpt(row.content),
      });
    }
  });
}

// --- Reports ----------------------------------------------------------------------------------

/**
 * Records her report (once per item while it is open) and hides the item from everyone but its
 * author and the administrators when the reports' weight reaches the threshold (what a report
 * weighs: `reportWeight`). Administrators hear of an item's first open report, whatever it weighs.
 * The reporter hears the same thanks whatever happened. A private message is reported by a member
 * of its conversation only; it is never hidden, and its report carries it with up to 10 messages
 * before it, the moderators' only view of the conversation (decision 056).
 */
export async function report(db: Db, config: AppConfig, viewer: Viewer, body: ReportBody) {
  await db.transaction(async (tx) => {
    const target = await reportTarget(tx, viewer, body.targetType, body.targetId);
    if (target.userId === viewer.id) throw badRequest(MODERATION_MESSAGES.ownContent);
    const reportId = await q.insertReport(tx, viewer.id, target.userId, body, config.reports);
    if (reportId === undefined) return;
    if (body.targetType === "message") await keepReportContext(tx, reportId, body.targetId);
    const open = await q.openReports(tx, body.targetType, body.targetId);
    if (open.count === 1) {
      await notify(tx, "moderation_review", {
        recipients: q.administrators(config),
        actorId: viewer.id,
        subjectId: body.targetId,
        dedupeKey: `report:${reportId}`,
      });
    }
    const hideable = "hideable" in target ? target.hideable : undefined;
    if (hideable && hideable.content.hiddenAt === null && open.weight >= config.reports.hideThreshold) {
      // Not an administrator's words, whoever reported them.
      await q.hideReported(tx, config, hideable.type, body.targetId);
    }
  });
  return { message: REPORT_RECEIVED };
}

/** What she reports, as she may see it (locked until her report is counted), and whose it is. */
async function reportTarget(
  tx: Parameters<typeof q.findMember>[0],
  viewer: Viewer,
  type: ReportTargetType,
  id: number,
) {
  if (type === "user") {
    const member = await q.findMember(tx, id);
    if (!member) throw notFound(MODERATION_MESSAGES.memberNotFound);
    return { userId: member.id };
  }
  if (type === "message") {
    const message = await findReportableMessage(tx, id, viewer.id);
    if (!message) throw notFound(NOT_FOUND[type]);
    return { userId: message.userId };
  }
  const content = await q.findContent(tx, type, id, { viewer, lock: true });
  if (!content) throw notFound(NOT_FOUND[type]);
  return { userId: content.userId, hideable: { type, content } };
}

/** What reports may hide (all member content but private messages). */
const isHideable = (type: ReportTargetType): type is HideableContentType =>
  type !== "user" && type !== "message";

// --- The administrators' queue ----------------------------------------------------------------

export async function queue(db: Db, page: { limit: number; before?: number }) {
  const rows = await q.listQueue(db, page);
  return rows.map((row) => ({
    id: row.id,
    targetType: row.target_type,
    targetId: row.target_id,
    content: row.content,
    author:
      row.author_id === null
        ? null
        : {
            id: row.author_id,
            name: named({ firstName: row.author_first_name, lastName: row.author_last_name }),
            suspended: row.author_suspended === true,
            suspendedUntil: row.author_suspended_until === null ? null : new Date(row.author_suspended_until),
          },
    hiddenAt: row.hidden_at === null ? null : new Date(row.hidden_at),
    context: row.context?.map((m) => ({ ...m, createdAt: new Date(m.createdAt) })) ?? null,
    reports: (row.reports ?? []).map((r) => ({
      id: r.id,
      reason: r.reason as ReportReason,
      note: r.note,
      createdAt: new Date(r.created_at),
      reporter: { id: r.reporter_id, name: named({ firstName: r.first_name, lastName: r.last_name }) },
    })),
  }));
}

async function openReport(db: Db, id: number) {
  const report = await q.findOpenReport(db, id);
  if (!report) throw notFound(MODERATION_MESSAGES.reportNotFound);
  return report;
}

/** The item shows again and its reports are closed; the log keeps her reason, if she gave one. */
export async function restore(db: Db, viewer: Viewer, reportId: number, reason?: string) {
  const target = await openReport(db, reportId);
  await db.transaction(async (tx) => {
    let memberId: number | undefined = target.targetType === "user" ? target.targetId : undefined;
    if (isHideable(target.targetType)) {
      const row = await q.findContent(tx, target.targetType, target.targetId, { lock: true });
      memberId = row?.userId;
      if (row) await q.setHidden(tx, target.targetType, target.targetId, false);
    }
    await q.resolveReports(tx, target.targetType, target.targetId);
    await q.record(tx, { actorId: viewer.id, action: "restore", ...targetOf(target), memberId, reason });
  });
  return { id: reportId, status: "restored" as const };
}

/**
 * The item is deleted for good and its reports are closed, with the moderator's reason in the log;
 * a member is suspended instead.
 */
export async function removeReported(db: Db, viewer: Viewer, reportId: number, reason: string) {
  const target = await openReport(db, reportId);
  if (target.targetType === "user") throw conflict(MODERATION_MESSAGES.profileNotRemoved);
  const type = target.targetType;
  if (type === "message") {
    // Its words go, as when its sender deletes it; the log keeps none of a private conversation.
    await db.transaction(async (tx) => {
      await removeReportedMessage(tx, target.targetId);
      await q.resolveReports(tx, type, target.targetId);
      await q.record(tx, { actorId: viewer.id, action: "remove", ...targetOf(target), reason });
    });
    return { id: reportId, status: "removed" as const };
  }
  await db.transaction(async (tx) => {
    const row = await q.findContent(tx, type, target.targetId, { lock: true });
    if (row) await q.deleteContent(tx, type, target.targetId);
    await q.resolveReports(tx, type, target.targetId);
    await q.record(tx, {
      actorId: viewer.id,
      action: "remove",
      ...targetOf(target),
      memberId: row?.userId,
      reason,
      detail: row ? excerpt(row.content) : null,
    });
  });
  return { id: reportId, status: "removed" as const };
}

const targetOf = (t: { targetType: string; targetId: number }) => ({
  targetType: t.targetType,
  targetId: t.targetId,
});

// --- Warnings ---------------------------------------------------------------------------------

/**
 * A note to the member from the moderators: the reason, in her notifications (and mailed as she
 * chose), and a line in the log. Her account is untouched. An administrator may be warned too
 * (her words can be reported like anyone's), but not by herself.
 */
export async function warn(db: Db, viewer: Viewer, memberId: number, body: WarnBody) {
  if (memberId === viewer.id) throw conflict(MODERATION_MESSAGES.selfWarned);
  const member = await q.findMember(db, memberId);
  if (!member) throw notFound(MODERATION_MESSAGES.memberNotFound);
  return db.transaction(async (tx) => {
    const entry = await q.record(tx, { actorId: viewer.id, action: "warn", memberId, reason: body.reason });
    await notify(tx, "moderation_warning", {
      recipients: [memberId],
      // The log keeps who warned her; her note comes from the moderators, naming nobody.
      actorId: null,
      subjectId: memberId,
      // Each warning is a note of its own, however alike their words.
      dedupeKey: `warning:${entry.id}`,
      title: body.reason,
    });
    return { id: memberId, warnedAt: entry.createdAt };
  });
}

// --- Suspensions ------------------------------------------------------------------------------

/**
 * She cannot sign in until `until` (or ever), her sessions end at once on every instance, and what
 * she wrote is hidden meanwhile; nothing of hers is deleted. Administrators are not suspended.
 */
export async function suspend(
  db: Db,
  config: AppConfig,
  sessions: SessionCache<SessionUser>,
  viewer: Viewer,
  memberId: number,
  body: SuspendBody,
) {
  const member = await q.findMember(db, memberId);
  if (!member) throw notFound(MODERATION_MESSAGES.memberNotFound);
  if (isAdministrator(config, member)) throw conflict(MODERATION_MESSAGES.adminNotSuspended);
  if (body.until && body.until.getTime() <= Date.now()) throw badRequest(MODERATION_MESSAGES.untilPast);
  const until = body.until ?? null;
  await db.transaction(async (tx) => {
    await q.setSuspension(tx, memberId, until);
    await endAllSessions(tx, memberId, sessions);
    await q.record(tx, {
      actorId: viewer.id,
      action: "suspend",
      memberId,
      reason: body.reason,
      detail: until ? `until ${until.toISOString()}` : "for good",
    });
  });
  sessions.forgetUser(memberId);
  return { id: memberId, suspendedUntil: until };
}

export async function unsuspend(
  db: Db,
  sessions: SessionCache<SessionUser>,
  viewer: Viewer,
  memberId: number,
) {
  const member = await q.findMember(db, memberId);
  if (!member) throw notFound(MODERATION_MESSAGES.memberNotFound);
  await db.transaction(async (tx) => {
    await q.setSuspension(tx, memberId, "lifted");
    if (isSuspended(member.suspendedUntil))
      await q.record(tx, { actorId: viewer.id, action: "unsuspend", memberId });
  });
  sessions.forgetUser(memberId);
  return { id: memberId, suspendedUntil: null };
}

export async function log(db: Db, page: { limit: number; before?: number }) {
  const rows = await q.listLog(db, page);
  const person = (id: number | null, firstName: string | null, lastName: string | null) =>
    id === null ? null : { id, name: named({ firstName, lastName }) };
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actor: person(r.actor_id, r.actor_first_name, r.actor_last_name),
    member: person(r.member_id, r.member_first_name, r.member_last_name),
    targetType: r.target_type,
    targetId: r.target_id,
    reason: r.reason,
    detail: r.detail,
    createdAt: new Date(r.created_at),
  }));
}

// --- Blocks -----------------------------------------------------------------------------------

/** Members she may block at once in her settings' list: more than anyone needs. */
const BLOCKS_LISTED = 200;

export async function block(db: Db, viewer: Viewer, userId: number) {
  if (userId === viewer.id) throw badRequest(MODERATION_MESSAGES.selfBlock);
  const member = await q.findMember(db, userId);
  if (!member) throw notFound(MODERATION_MESSAGES.memberNotFound);
  await q.insertBlock(db, viewer.id, userId);
  // Named as she may see her: blocking is no way to learn the name of a member who hides it.
  const [row] = await q.listBlocks(db, viewer.id, 1, { blockedId: userId });
  return { id: userId, name: named(row!), blockedAt: row!.blockedAt };
}

export async function unblock(db: Db, viewer: Viewer, userId: number) {
  await q.deleteBlock(db, viewer.id, userId);
}

export async function blocks(db: Db, viewer: Viewer) {
  const rows = await q.listBlocks(db, viewer.id, BLOCKS_LISTED);
  return rows.map((r) => ({ id: r.id, name: named(r), blockedAt: r.blockedAt }));
}
