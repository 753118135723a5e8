// Moderation's words and kinds, without zod: the browser's cards import these (decision 031).

import { keysOf } from "../choices";
import { formatUtcDay } from "../format";
import { type MessageId, t } from "../i18n";

/** What a member may report: what members write, and a member herself. */
export const REPORT_TARGET_TYPES = [
  "prayer_request",
  "prayer_response",
  "discussion",
  "article_discussion",
  "group_post",
  "group_reply",
  "message",
  "user",
] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/**
 * What members write that may be reported, hidden and removed. A private message is reported by
 * the other member of its conversation and removed by the moderators, never hidden: it has no
 * public to protect (decision 056).
 */
export type ReportedContentType = Exclude<ReportTargetType, "user">;

/** What reports may hide from everyone but its author and the administrators. */
export type HideableContentType = Exclude<ReportedContentType, "message">;

/**
 * What members write that its author edits and deletes through moderation's own endpoints (a
 * group's conversation and private messages have endpoints of their own).
 */
export type ContentType = Exclude<ReportedContentType, "group_post" | "group_reply" | "message">;

/** What the queue and the log call each thing reported (English keys, translated where shown). */
export const REPORT_TARGET_LABELS = {
  prayer_request: "Prayer request",
  prayer_response: "Prayer response",
  discussion: "Video reflection",
  article_discussion: "Article comment",
  group_post: "Group post",
  group_reply: "Group reply",
  message: "Private message",
  user: "Member",
} as const satisfies Record<ReportTargetType, MessageId>;

export const REPORT_REASON_LABELS = {
  unkind: "Unkind or harmful",
  spam: "Spam",
  private_matter: "Sharing someone's private matter",
  other: "Something else",
} as const satisfies Record<string, MessageId>;
export const REPORT_REASONS = keysOf(REPORT_REASON_LABELS);
export type ReportReason = (typeof REPORT_REASONS)[number];

export const MODERATION_MESSAGES = {
  contentRequired: "Please write something before saving.",
  ownContent: "You cannot report what you wrote.",
  notFound: "Not found",
  reportNotFound: "Report not found",
  memberNotFound: "Member not found",
  reasonRequired: "Please say why.",
  selfWarned: "You cannot warn yourself.",
  adminNotSuspended: "Administrators cannot be suspended.",
  adminNotBlocked: "Administrators cannot be blocked.",
  selfBlock: "You cannot block yourself.",
  untilPast: "Choose a date in the future.",
  profileNotRemoved: "A member's profile cannot be removed; suspend her instead.",
} as const satisfies Record<string, MessageId>;

/**
 * The longest reason a moderator may give for removing, restoring or warning: a few sentences at
 * most, on one line (a warning's is the note she reads). A group leader's removal allows as much.
 */
export const MODERATION_REASON_MAX = 500;
/** The longest reason a warning may give: it is the note she reads. */
export const WARNING_REASON_MAX = MODERATION_REASON_MAX;

/** The sign-in refusal of a suspended member: with the date it ends, unless it is for good. */
export function suspendedMessage(until: Date | null): string {
  if (!until || !Number.isFinite(until.getTime()))
    return t("Your account has been suspended. Please contact the ministry if you have questions.");
  const day = formatUtcDay(until, { long: true });
  return t("Your account is suspended until {day}. Please contact the ministry if you have questions.", {
    day,
  });
}

/**
 * A suspended member's badge for the administrators: "Suspended until Jun 15, 2031", or for good.
 * The day is the UTC day the suspension was set to end, as the sign-in refusal tells her.
 */
export function suspendedLabel(until: string | Date | null): string {
  return t("Suspended {term}", { term: suspensionTerm(until) });
}

/** How long a suspension lasts: "until Jun 15, 2031" (the UTC day it ends), or "for good". */
export function suspensionTerm(until: string | Date | null): string {
  const end = until === null ? null : new Date(until);
  if (!end || !Number.isFinite(end.getTime())) return t("for good");
  return t("until {day}", { day: formatUtcDay(end) });
}
