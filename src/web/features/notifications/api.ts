import type { BodyIn } from "~/core/contract";
import { notificationsEndpoints as api } from "~/core/notifications/endpoints";
import { NOTIFICATIONS_PAGE_SIZE } from "~/core/notifications/kinds";
import { keyOf, useEndpoint, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";

/** All her notifications, newest first, a page at a time. */
export const useNotifications = () => usePagedList(api.list, {}, NOTIFICATIONS_PAGE_SIZE);

export const usePreferences = () => useEndpoint(api.preferences, undefined);

export const useSavePreferences = () =>
  useEndpointMutation(api.updatePreferences, {
    input: (body: BodyIn<typeof api.updatePreferences>) => ({ body }),
    success: { title: t("Preferences saved"), description: t("We'll let you know just as you asked.") },
    failure: {
      title: t("Error"),
      description: t("Failed to save your preferences. Please try again."),
      preferServerMessage: true,
    },
    invalidates: () => [keyOf(api.preferences)],
  });
