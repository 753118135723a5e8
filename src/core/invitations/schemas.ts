import { z } from "zod";
import { emailSchema, linkToken } from "../auth/schemas";
import { dateTime, pageQuery } from "../common-schemas";

/** POST /api/admin/invitations: the address to invite. */
export const inviteBody = z.object({ email: emailSchema });
export type InviteBody = z.infer<typeof inviteBody>;

/** An invitation still waiting for her, as the administrators see it. */
export const pendingInvitation = z.object({
  id: z.number(),
  email: z.string(),
  /** The administrator who sent it; null once her account is gone. */
  invitedBy: z.string().nullable(),
  createdAt: dateTime,
  expiresAt: dateTime,
});
export type PendingInvitation = z.input<typeof pendingInvitation>;

export const invitationsQuery = pageQuery;

/** GET /api/invitations/:token: the token from the mailed link. */
export const invitationTokenParams = z.object({ token: linkToken });

/** What the register page shows of the invitation she followed. */
export const invitationPreview = z.object({ email: z.string(), siteName: z.string() });
export type InvitationPreview = z.input<typeof invitationPreview>;
