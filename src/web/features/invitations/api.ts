import { invitationsEndpoints as api } from "~/core/invitations/endpoints";
import { INVITATION_MESSAGES } from "~/core/invitations/messages";
import { moderationEndpoints } from "~/core/moderation/endpoints";
import { keyOf, useEndpointMutation, usePagedList } from "~/web/lib/endpoints";

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
      description: "Her link works for 7 days.",
    }),
    failure: {
      title: "Error",
      description: "Failed to send the invitation. Please try again.",
      preferServerMessage: true,
    },
    invalidates: refreshed,
    onSuccess: onDone,
  });

export const useRevokeInvitation = (onDone: () => void) =>
  useEndpointMutation(api.revoke, {
    input: ({ id }: { id: number; email: string }) => ({ params: { id } }),
    success: (_, { email }) => ({
      title: "Invitation withdrawn",
      description: `The link sent to ${email} no longer works.`,
    }),
    failure: {
      title: "Error",
      description: "Failed to withdraw the invitation. Please try again.",
      preferServerMessage: true,
    },
    invalidates: refreshed,
    onSuccess: onDone,
  });
