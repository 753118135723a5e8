import { type MessageId, t } from "../i18n";

/**
 * What the invitations' pages and the server say, without zod (the register page and the landing page
 * read it): English keys, translated where shown.
 */
export const INVITATION_MESSAGES = {
  closed: "Joining is by invitation. Please ask the ministry for one.",
  invalid:
    "This invitation has expired, was withdrawn or has already been used. Please ask the ministry for a new one.",
  otherAddress: "This invitation is for another e-mail address. Please join with the address it was sent to.",
  alreadyMember: "This address already has an account: she can sign in without an invitation.",
  notFound: "This invitation is no longer waiting.",
  sent: (email: string) => t("Invitation sent to {email}", { email }),
} as const satisfies Record<string, MessageId | ((email: string) => string)>;

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
