import { z } from "zod";
import { dateTime, oneLine } from "../common-schemas";
import { LIMITS, MEMBERSHIP_TIERS, PASSWORD_MIN } from "../constants";
import { LOCALES } from "../i18n/locales";
import { t } from "../i18n/translate";
import { LOCAL_PATH } from "../return-to";

export const emailSchema = z
  .string({ message: "Please enter a valid e-mail address" })
  .trim()
  .toLowerCase()
  .max(LIMITS.email, { message: "Please enter a valid e-mail address" })
  .pipe(z.email({ message: "Please enter a valid e-mail address" }));

export const passwordSchema = z
  .string({ message: `Password must be at least ${PASSWORD_MIN} characters` })
  .min(PASSWORD_MIN, { message: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(LIMITS.password, { message: `Password must be at most ${LIMITS.password} characters` });

const nameSchema = (label: string) =>
  oneLine(z.string({ message: `${label} is required` }).trim())
    .min(1, { message: `${label} is required` })
    .max(LIMITS.name, { message: `${label} must be at most ${LIMITS.name} characters` });

const LINK_INVALID = "This link has expired or has already been used.";

/** The token of a mailed link (a confirmation, a reset, an invitation). */
export const linkToken = z
  .string({ message: LINK_INVALID })
  .trim()
  .min(20, { message: LINK_INVALID })
  .max(200, { message: LINK_INVALID });

export const registerBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: nameSchema("First name"),
  lastName: nameSchema("Last name"),
  /** The token of the invitation she followed (decision 064): her address is then proven at once. */
  invitation: linkToken.optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: emailSchema,
  password: z
    .string({ message: "Please enter your password" })
    .min(1, { message: "Please enter your password" })
    .max(LIMITS.password, { message: "Incorrect e-mail or password" }),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The signed-in member as the browser sees it (SPEC §3 "Current user" plus isAdmin). */
export const currentUser = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  membershipTier: z.enum(MEMBERSHIP_TIERS),
  createdAt: dateTime,
  isAdmin: z.boolean(),
  /** The administrators gave her the intercessor's role: she prays through the patrons' prayer list. */
  isIntercessor: z.boolean(),
  /** The language she chose; null: her browser's, else the ministry's (src/core/i18n). */
  locale: z.enum(LOCALES).nullable(),
  /** She has followed a link mailed to her address (or her sign-in provider vouched for it). */
  emailVerified: z.boolean(),
  /** She can sign in with a password (members of an external provider only may have none). */
  hasPassword: z.boolean(),
});
/** Response types are the schema's input side: what travels as JSON (dates as ISO strings). */
export type CurrentUser = z.input<typeof currentUser>;

/** Where to go after signing in: a local path only, never another site. */
export const returnToSchema = z.string().max(LIMITS.url).regex(LOCAL_PATH).optional().catch(undefined);

/** `GET /api/login?returnTo=`: where to come back to after signing in with the external provider. */
export const loginRedirectQuery = z.object({
  returnTo: returnToSchema,
  /** "register": she is joining, so the account-creation form (or the provider's) comes first. */
  mode: z.enum(["register"]).optional(),
});

/**
 * What the server says about accounts, in English (the catalogue's keys, which the pages translate);
 * a message with a value is written in the language of the request it answers.
 */
export const AUTH_MESSAGES = {
  wrongCredentials: "Incorrect e-mail or password",
  emailTaken: "An account with this e-mail already exists. Try signing in instead.",
  unauthorized: "Unauthorized",
  forbidden: "You don't have permission to do that.",
  linkInvalid: LINK_INVALID,
  emailVerified: "Thank you. Your e-mail address is confirmed.",
  alreadyVerified: "Your e-mail address is already confirmed.",
  verificationSent: (email: string) => t("We've sent a new confirmation link to {email}.", { email }),
  tooManyMails:
    "We've sent several links in the last hour. Please look in your inbox (and the spam folder), or try again later.",
  resetSent:
    "If an account uses that address, we've sent it a link to choose a new password. The link works for one hour.",
  passwordReset: "Your new password is set, and you're signed in.",
  signInWait: (wait: string) =>
    t("Too many failed sign-ins with this e-mail address. Please wait {wait} and try again.", { wait }),
} as const;

/** A single-use link's token, as the link pages send it back. */
export const tokenBody = z.object({ token: linkToken });
export type TokenBody = z.infer<typeof tokenBody>;

/** POST /api/auth/password-reset: the address to send a reset link to. */
export const passwordResetBody = z.object({ email: emailSchema });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

/** POST /api/auth/password-reset/confirm: the mailed token and the new password. */
export const passwordResetConfirmBody = tokenBody.extend({ password: passwordSchema });
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;

/** An address a link confirmed (verification or a change of address). */
export const emailConfirmedResult = z.object({ message: z.string(), email: z.string() });
export type EmailConfirmedResult = z.infer<typeof emailConfirmedResult>;
