import { adminEndpoints as api } from "~/core/admin/endpoints";
import { groupCursor } from "~/core/admin/schemas";
import { moderationEndpoints } from "~/core/moderation/endpoints";
import { keyOf, useEndpoint, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";

const PAGE_SIZE = 25;

/** The overview figures; asked again each time the dashboard opens, as they change all day. */
export const useAnalytics = () =>
  useEndpoint(api.analytics, undefined, { staleTime: 0, refetchOnMount: "always" });

export const useAdminUsers = () => usePagedList(api.users, {}, PAGE_SIZE);

/**
 * Gives a member the intercessor's role, or takes it away; the members list and the moderation log,
 * which records it, are read again.
 */
export const useSetIntercessor = (onDone: () => void) =>
  useEndpointMutation(api.updateUser, {
    input: ({ id, isIntercessor }: { id: number; isIntercessor: boolean; name: string }) => ({
      params: { id },
      body: { isIntercessor },
    }),
    success: (user, { name }) =>
      user.isIntercessor
        ? {
            title: t("Intercessor added"),
            description: t("{name} now sees the patrons' prayer list.", { name }),
          }
        : {
            title: t("Intercessor removed"),
            description: t("{name} no longer sees the patrons' prayer list.", { name }),
          },
    failure: {
      title: t("Error"),
      description: t("Failed to change her role. Please try again."),
      preferServerMessage: true,
    },
    invalidates: () => [keyOf(api.users), keyOf(moderationEndpoints.adminLog)],
    onSuccess: onDone,
  });

/** Cultivation and local groups in one list, so the next page starts after "{type}-{id}". */
export const useAdminGroups = () =>
  usePagedList(api.groups, {}, PAGE_SIZE, { cursor: { name: "cursor", of: groupCursor } });
