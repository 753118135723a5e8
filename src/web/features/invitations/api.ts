import { invitationsEndpoints as api } from "~/core/invitations/endpoints";
import { INVITATION_DAYS, INVITATION_MESSAGES } from "~/core/invitations/messages";
import { moderationEndpoints } from "~/core/moderation/endpoints";
import { keyOf, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";
import { t } from "~/web/lib/i18n";

const PAGE_SIZE = 25;

/** Invitations still waiting, newest first, a page at a time. */
export const usePendingInvitations = () => usePagedList(api.pending, {}, PAGE_SIZE);

/** Both change the waiting list and write a line in the moderation log. */
const refreshed = () => [keyOf(api.pending), keyOf(moderationEndpoints.adminLog)];

export const useInvite = (onDone: () => void) =>
  useEndpointMutation(api.invite, {
    input: (email: string) => ({ body: { email } }),
    success: (invitation) => ({
      title: INVITATION_MESSAGES.sent(invitation.email),
      description: t("{days, plural, one {Her link works for # days.} other {Her link works for # days.}}", {
        days: INVITATION_DAYS,
      }),
    }),
    failure: {
      title: t("Error"),
      description: t("Failed to send the invitation. Please try again."),
      preferServerMessage: true,
    },
    invalidates: refreshed,
    onSuccess: onDone,
  });

export const useRevokeInvitation = (onDone: () => void) =>
  useEndpointMutation(api.revoke, {
    input: ({ id }: { id: number; email: string }) => ({ params: { id } }),
    success: (_, { email }) => ({
      title: t("Invitation withdrawn"),
      description: t("The link sent to {email} no longer works.", { email }),
    }),
    failure: {
      title: t("Error"),
      description: t("Failed to withdraw the invitation. Please try again."),
      preferServerMessage: true,
    },
    invalidates: refreshed,
    onSuccess: onDone,
  });
