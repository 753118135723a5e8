import type { QueryKey } from "@tanstack/react-query";
import { adminEndpoints } from "~/core/admin/endpoints";
import type { ContentType, ReportReason, ReportTargetType } from "~/core/moderation/choices";
import { moderationEndpoints as api } from "~/core/moderation/endpoints";
import { keyOf, useEndpoint, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";
import { t, translateKnown } from "~/web/lib/i18n";

const PAGE_SIZE = 25;

export const useReportQueue = () => usePagedList(api.adminReports, {}, PAGE_SIZE);
export const useModerationLog = () => usePagedList(api.adminLog, {}, PAGE_SIZE);
export const useBlocks = () => useEndpoint(api.blocks, undefined);

/** What the queue's actions change: the queue, and the log that records them. */
const adminKeys = () => [keyOf(api.adminReports), keyOf(api.adminLog)];
/** What a suspension changes besides: the members list shows who is suspended. */
const suspensionKeys = () => [...adminKeys(), keyOf(adminEndpoints.users)];

export const useRestore = (onDone: () => void) =>
  useEndpointMutation(api.adminRestore, {
    input: (v: { id: number; reason?: string }) => ({ params: { id: v.id }, body: { reason: v.reason } }),
    invalidates: adminKeys,
    onSuccess: onDone,
    success: { title: t("Restored"), description: t("It shows again and its reports are closed.") },
    failure: { description: t("Failed to restore it. Please try again."), preferServerMessage: true },
  });

export const useRemoveReported = (onDone: () => void) =>
  useEndpointMutation(api.adminRemove, {
    input: (v: { id: number; reason: string }) => ({ params: { id: v.id }, body: { reason: v.reason } }),
    invalidates: adminKeys,
    onSuccess: onDone,
    success: { title: t("Removed"), description: t("It is deleted and your reason is in the log.") },
    failure: { description: t("Failed to remove it. Please try again."), preferServerMessage: true },
  });

export const useWarn = (onDone: () => void) =>
  useEndpointMutation(api.adminWarn, {
    input: (v: { id: number; reason: string }) => ({ params: { id: v.id }, body: { reason: v.reason } }),
    invalidates: () => [keyOf(api.adminLog)],
    onSuccess: onDone,
    success: { title: t("Warning sent"), description: t("She will find your note in her notifications.") },
    failure: { description: t("Failed to send the warning. Please try again."), preferServerMessage: true },
  });

export const useSuspend = (
  onDone: () => void,
  success = { title: t("Member suspended"), description: t("Her sessions have ended.") },
) =>
  useEndpointMutation(api.adminSuspend, {
    input: (v: { id: number; until?: string; reason: string }) => ({
      params: { id: v.id },
      body: { until: v.until, reason: v.reason },
    }),
    invalidates: suspensionKeys,
    onSuccess: onDone,
    success,
    failure: { description: t("Failed to suspend her. Please try again."), preferServerMessage: true },
  });

export const useUnsuspend = () =>
  useEndpointMutation(api.adminUnsuspend, {
    input: (id: number) => ({ params: { id } }),
    invalidates: suspensionKeys,
    success: { title: t("Suspension lifted") },
    failure: {
      description: t("Failed to lift the suspension. Please try again."),
      preferServerMessage: true,
    },
  });

export const useReport = (onDone: () => void) =>
  useEndpointMutation(api.report, {
    input: (v: { targetType: ReportTargetType; targetId: number; reason: ReportReason; note?: string }) => ({
      body: v,
    }),
    onSuccess: onDone,
    // The server's thanks, in English: shown in the page's language.
    success: (result) => ({ title: t("Report sent"), description: translateKnown(result.message) }),
    failure: { description: t("Failed to send your report. Please try again."), preferServerMessage: true },
  });

export const useBlock = (refresh: QueryKey[], onDone: () => void) =>
  useEndpointMutation(api.block, {
    input: (userId: number) => ({ body: { userId } }),
    invalidates: () => [...refresh, keyOf(api.blocks)],
    onSuccess: onDone,
    success: (result) => ({
      title: t("Blocked"),
      description: t("You will no longer see what {name} shares. She is not told.", { name: result.name }),
    }),
    failure: { description: t("Failed to block. Please try again."), preferServerMessage: true },
  });

export const useUnblock = () =>
  useEndpointMutation(api.unblock, {
    input: (userId: number) => ({ params: { userId } }),
    invalidates: () => [keyOf(api.blocks)],
    success: { title: t("Unblocked") },
    failure: { description: t("Failed to unblock. Please try again.") },
  });

const EDIT = {
  prayer_request: api.editPrayerRequest,
  prayer_response: api.editPrayerResponse,
  discussion: api.editDiscussion,
  article_discussion: api.editArticleDiscussion,
} as const;
const DELETE = {
  prayer_request: api.deletePrayerRequest,
  prayer_response: api.deletePrayerResponse,
  discussion: api.deleteDiscussion,
  article_discussion: api.deleteArticleDiscussion,
} as const;

export const useEditContent = (type: ContentType, refresh: QueryKey[], onDone: () => void) =>
  useEndpointMutation(EDIT[type], {
    input: (v: { id: number; content: string }) => ({ params: { id: v.id }, body: { content: v.content } }),
    invalidates: () => refresh,
    onSuccess: onDone,
    success: { title: t("Saved") },
    failure: { description: t("Failed to save your changes. Please try again."), preferServerMessage: true },
  });

export const useDeleteContent = (type: ContentType, refresh: QueryKey[], onDone: () => void) =>
  useEndpointMutation(DELETE[type], {
    input: (id: number) => ({ params: { id } }),
    invalidates: () => refresh,
    onSuccess: onDone,
    success: { title: t("Deleted") },
    failure: { description: t("Failed to delete it. Please try again.") },
  });
