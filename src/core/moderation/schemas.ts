import { z } from "zod";
import {
  dateTime,
  idSchema,
  optionalLine,
  optionalText,
  pageQuery,
  requiredLine,
  requiredText,
} from "../common-schemas";
import { LIMITS } from "../constants";
import {
  MODERATION_MESSAGES,
  MODERATION_REASON_MAX,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  WARNING_REASON_MAX,
} from "./choices";

export * from "./choices";

export const editContentBody = z.object({
  content: requiredText(MODERATION_MESSAGES.contentRequired, LIMITS.text),
});
export type EditContentBody = z.infer<typeof editContentBody>;

/** What an edit answers: the text as saved and when. */
export const editedContent = z.object({ id: z.number(), content: z.string(), editedAt: dateTime });
export type EditedContent = z.input<typeof editedContent>;

export const reportBody = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { message: "Choose what you are reporting" }),
  targetId: idSchema,
  reason: z.enum(REPORT_REASONS, { message: "Choose a reason" }),
  note: optionalText(LIMITS.shortText * 5),
});
export type ReportBody = z.infer<typeof reportBody>;

/** The reporter hears only that it was received: never whether it hid anything. */
export const reportReceived = z.object({ message: z.string() });
export const REPORT_RECEIVED = "Thank you. An administrator will look at it.";

const person = z.object({ id: z.number().nullable(), name: z.string() });

export const reportEntry = z.object({
  id: z.number(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  createdAt: dateTime,
  reporter: person,
});

/**
 * A private message carried with its report: the reported one and up to `REPORT_CONTEXT_BEFORE`
 * before it, as they read when she reported it (a snapshot: later edits and deletions change nothing).
 */
export const reportedMessage = z.object({
  id: z.number(),
  /** Its sender's name; "A former member" once her account is gone. */
  sender: z.string(),
  /** The reporter sent it. */
  byReporter: z.boolean(),
  body: z.string(),
  deleted: z.boolean(),
  createdAt: dateTime,
});
export type ReportedMessage = z.input<typeof reportedMessage>;

/** One reported item in the administrators' queue, with its open reports (newest first). */
export const reportedItem = z.object({
  /** Its newest open report: what restore and remove name. */
  id: z.number(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.number(),
  /** What was written (for a profile, her name); null when it is already gone. */
  content: z.string().nullable(),
  author: person
    .extend({
      /** Whether she is suspended now (a suspension that ended is not). */
      suspended: z.boolean(),
      /** When her suspension ends; null when it is for good, or when she is not suspended. */
      suspendedUntil: dateTime.nullable(),
    })
    .nullable(),
  hiddenAt: dateTime.nullable(),
  reports: z.array(reportEntry),
  /**
   * A reported private message: what its newest open report carried, oldest first, the reported
   * message last; nothing else of the conversation reaches the moderators. Null for anything else.
   */
  context: z.array(reportedMessage).nullable(),
});
export type ReportedItem = z.input<typeof reportedItem>;

/** Restoring says why if she likes: it undoes nothing a member would question. */
export const restoreBody = z
  .object({ reason: optionalLine(MODERATION_REASON_MAX) })
  .nullish()
  .transform((v) => ({ reason: v?.reason }));
export type RestoreBody = z.infer<typeof restoreBody>;

/** Removing for good says why: the log keeps who removed what, and why. */
export const removeBody = z.object({
  reason: requiredLine(MODERATION_MESSAGES.reasonRequired, MODERATION_REASON_MAX),
});
export type RemoveBody = z.infer<typeof removeBody>;

export const resolveResult = z.object({ id: z.number(), status: z.enum(["restored", "removed"]) });

export const suspendBody = z.object({
  /** Omitted: for good. */
  until: dateTime.optional(),
  reason: requiredLine(MODERATION_MESSAGES.reasonRequired, LIMITS.shortText),
});
export type SuspendBody = z.infer<typeof suspendBody>;

export const suspensionResult = z.object({ id: z.number(), suspendedUntil: dateTime.nullable() });

/** A warning: a note to the member, in her notifications, and a line in the log. */
export const warnBody = z.object({
  reason: requiredLine(MODERATION_MESSAGES.reasonRequired, WARNING_REASON_MAX),
});
export type WarnBody = z.infer<typeof warnBody>;

export const warningResult = z.object({ id: z.number(), warnedAt: dateTime });

export const MODERATION_ACTIONS = [
  "delete",
  "restore",
  "remove",
  "warn",
  "suspend",
  "unsuspend",
  "intercessor_added",
  "intercessor_removed",
  "demo_content_removed",
  "invitation_sent",
  "invitation_revoked",
  "settings_changed",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const moderationLogEntry = z.object({
  id: z.number(),
  action: z.string(),
  actor: person.nullable(),
  member: person.nullable(),
  targetType: z.string().nullable(),
  targetId: z.number().nullable(),
  reason: z.string().nullable(),
  detail: z.string().nullable(),
  createdAt: dateTime,
});
export type ModerationLogEntry = z.input<typeof moderationLogEntry>;

export const blockBody = z.object({ userId: idSchema });
export const userIdParams = z.object({ userId: idSchema });
export const blockedMember = z.object({ id: z.number(), name: z.string(), blockedAt: dateTime });
export type BlockedMember = z.input<typeof blockedMember>;

export { pageQuery as moderationPageQuery };
