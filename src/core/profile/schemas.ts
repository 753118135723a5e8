import { z } from "zod";
import { emailSchema, passwordSchema } from "../auth/schemas";
import { dateTime, oneLine } from "../common-schemas";
import { LIMITS, MEMBERSHIP_TIERS } from "../constants";
import { LOCALES, t } from "../i18n";
import { noteItem } from "../notes/schemas";

/**
 * A member with no password here (she signs in through her provider) changes her e-mail address only
 * this soon after signing in: the proof a password gives the others (decision 058).
 */
export const RECENT_SIGN_IN_MINUTES = 10;

export const PROFILE_MESSAGES = {
  updated: "Profile Updated",
  updateFailed: "Failed to update profile",
  emailTaken: "Another account already uses this e-mail address.",
  // Messages with values are put together in the reader's language (English on the API).
  emailChangePending: (email: string) =>
    t("We've sent a link to {email}. Your address changes when you follow it.", { email }),
  emailChanged: (email: string) => t("Your e-mail address is now {email}.", { email }),
  wrongCurrentPassword: "Your current password is not correct.",
  currentPasswordNeeded: "Please enter your current password to change your e-mail address.",
  passwordWait: (wait: string) => t("Too many wrong passwords. Please wait {wait} and try again.", { wait }),
  signInAgain: `For your safety, please sign in again, then change your e-mail address within ${RECENT_SIGN_IN_MINUTES} minutes.`,
  noPassword: "Your account signs in through your sign-in provider and has no password here.",
  passwordChanged: "Your password is changed. Your other devices have been signed out.",
  signedOutOthers: (count: number) =>
    t(
      "{count, plural, one {One other device has been signed out.} other {# other devices have been signed out.}}",
      { count },
    ),
  confirmDelete: "Type DELETE to confirm that you want to delete your account.",
  deleted: "Your account and your personal data have been deleted.",
  billingNotCancelled:
    "We couldn't cancel your patron subscription just now, so your account was not deleted. Please try again in a moment.",
} as const;

export const BIO_MAX = 1000;

/** Privacy and notification choices, stored per member. Unset means the default (on). */
export const SETTING_KEYS = [
  "showNameOnPrayerWall",
  "showProfileToMembers",
  "emailNotifications",
  "prayerReplyNotifications",
  "groupNotifications",
  "allowMessageRequests",
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export const memberSettings = z.object({
  showNameOnPrayerWall: z.boolean(),
  showProfileToMembers: z.boolean(),
  emailNotifications: z.boolean(),
  prayerReplyNotifications: z.boolean(),
  groupNotifications: z.boolean(),
  /** Members she does not walk with may ask to write to her; off: "Only people I walk with or share a group with". */
  allowMessageRequests: z.boolean(),
});
export type ResolvedSettings = z.infer<typeof memberSettings>;

export const DEFAULT_SETTINGS: ResolvedSettings = {
  showNameOnPrayerWall: true,
  showProfileToMembers: true,
  emailNotifications: true,
  prayerReplyNotifications: true,
  groupNotifications: true,
  allowMessageRequests: true,
};

/** The stored (partial) settings with every default filled in. */
export function resolveSettings(stored: Partial<Record<SettingKey, unknown>> | null | undefined) {
  const resolved = { ...DEFAULT_SETTINGS };
  for (const key of SETTING_KEYS) {
    const value = stored?.[key];
    if (typeof value === "boolean") resolved[key] = value;
  }
  return resolved;
}

/** `PUT /api/profile/language`: the language she reads the app, its mail and its notices in. */
export const languageBody = z.object({ locale: z.enum(LOCALES, { message: "Choose English or Hebrew." }) });
export type LanguageBody = z.infer<typeof languageBody>;

export const updateSettingsBody = memberSettings
  .partial()
  .refine((v) => SETTING_KEYS.some((k) => v[k] !== undefined), { message: "Choose a setting to change." });
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;

const optionalName = (label: string) =>
  oneLine(z.string({ message: `${label} must be text` }).trim())
    .max(LIMITS.name, { message: `${label} must be at most ${LIMITS.name} characters` })
    .nullish()
    // Blank falls back to the current value (SPEC §5).
    .transform((v) => v || undefined);

/**
 * PATCH /api/profile. Blank names and e-mail keep the current values; a blank "About Me" clears it. A
 * new e-mail address needs her current password (or, without one, a recent sign-in).
 */
export const updateProfileBody = z.object({
  firstName: optionalName("First name"),
  lastName: optionalName("Last name"),
  email: z
    .string({ message: "Please enter a valid e-mail address" })
    .trim()
    .nullish()
    .transform((v) => v || undefined)
    .pipe(emailSchema.optional()),
  bio: z
    .string({ message: "About Me must be text" })
    .trim()
    .max(BIO_MAX, { message: `About Me must be at most ${BIO_MAX} characters` })
    .nullish(),
  /** Her password: asked only when the e-mail address changes, and she has one (decision 058). */
  currentPassword: z
    .string({ message: PROFILE_MESSAGES.currentPasswordNeeded })
    .max(LIMITS.password, { message: PROFILE_MESSAGES.wrongCurrentPassword })
    .optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const profileResponse = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  membershipTier: z.enum(MEMBERSHIP_TIERS),
  createdAt: dateTime,
  settings: memberSettings,
  /** She has paid through Stripe before, so the customer portal has something to show. */
  hasBillingAccount: z.boolean(),
  /** Since when she is a patron (her earliest patron subscription still active); null if she is not. */
  patronSince: dateTime.nullable(),
  emailVerified: z.boolean(),
  /** A new address waiting for her to follow the link mailed to it; the old one holds until then. */
  pendingEmail: z.string().nullable(),
  hasPassword: z.boolean(),
});
export type Profile = z.input<typeof profileResponse>;

/** POST /api/profile/password. */
export const changePasswordBody = z.object({
  currentPassword: z
    .string({ message: "Please enter your current password" })
    .min(1, { message: "Please enter your current password" })
    .max(LIMITS.password, { message: "Your current password is not correct." }),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /api/profile/sign-out-others: how many other sessions ended. */
export const signedOutOthersResult = z.object({ message: z.string(), ended: z.number() });

export const deleteAccountBody = z.object({
  confirm: z.literal("DELETE", { message: PROFILE_MESSAGES.confirmDelete }),
});

/** A private message she sent, with the conversation it belongs to (her export). */
const exportedMessage = z.object({
  id: z.number(),
  conversationId: z.number(),
  content: z.string(),
  editedAt: dateTime.nullable(),
  deletedAt: dateTime.nullable(),
  createdAt: dateTime,
});

/** Everything that is hers, for GET /api/profile/export. */
export const profileExport = z.object({
  exportedAt: dateTime,
  profile: profileResponse.omit({ hasBillingAccount: true, pendingEmail: true, hasPassword: true }),
  prayerRequests: z.array(
    z.object({
      id: z.number(),
      content: z.string(),
      isPrivate: z.boolean(),
      isAnonymous: z.boolean(),
      prayerCount: z.number(),
      isAnswered: z.boolean(),
      praiseNote: z.string().nullable(),
      answeredAt: dateTime.nullable(),
      createdAt: dateTime,
    }),
  ),
  prayerResponses: z.array(
    z.object({
      id: z.number(),
      prayerRequestId: z.number(),
      content: z.string(),
      isPraying: z.boolean(),
      createdAt: dateTime,
    }),
  ),
  prayedFor: z.array(z.object({ prayerRequestId: z.number(), createdAt: dateTime })),
  notes: z.array(noteItem),
  discussions: z.array(
    z.object({
      id: z.number(),
      videoId: z.number(),
      videoTitle: z.string().nullable(),
      content: z.string(),
      createdAt: dateTime,
    }),
  ),
  articleDiscussions: z.array(
    z.object({
      id: z.number(),
      articleId: z.number(),
      articleTitle: z.string().nullable(),
      content: z.string(),
      createdAt: dateTime,
    }),
  ),
  savedVideos: z.array(z.object({ videoId: z.number(), title: z.string().nullable(), savedAt: dateTime })),
  /** Where she stopped in each video she started. */
  videoProgress: z.array(
    z.object({
      videoId: z.number(),
      title: z.string().nullable(),
      seconds: z.number(),
      finished: z.boolean(),
      updatedAt: dateTime,
    }),
  ),
  cultivationGroups: z.array(
    z.object({ groupId: z.number(), name: z.string(), role: z.string(), joinedAt: dateTime }),
  ),
  cultivationJoinRequests: z.array(
    z.object({
      groupId: z.number(),
      name: z.string(),
      requestMessage: z.string().nullable(),
      status: z.string(),
      createdAt: dateTime,
    }),
  ),
  localGroups: z.array(
    z.object({ groupId: z.number(), name: z.string(), role: z.string(), joinedAt: dateTime }),
  ),
  /** What she wrote in her groups' conversations. */
  groupPosts: z.array(
    z.object({
      id: z.number(),
      groupKind: z.string(),
      groupId: z.number(),
      groupName: z.string().nullable(),
      kind: z.string(),
      content: z.string(),
      praiseNote: z.string().nullable(),
      answeredAt: dateTime.nullable(),
      editedAt: dateTime.nullable(),
      createdAt: dateTime,
    }),
  ),
  groupReplies: z.array(
    z.object({
      id: z.number(),
      postId: z.number(),
      content: z.string(),
      editedAt: dateTime.nullable(),
      createdAt: dateTime,
    }),
  ),
  discipleship: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      experienceLevel: z.string(),
      focusAreas: z.array(z.string()),
      status: z.string(),
      createdAt: dateTime,
    }),
  ),
  discipleshipConnections: z.array(
    z.object({
      id: z.number(),
      role: z.enum(["mentor", "mentee"]),
      status: z.string(),
      focusAreas: z.array(z.string()),
      createdAt: dateTime,
    }),
  ),
  courseEnrollments: z.array(z.object({ courseId: z.number(), title: z.string(), enrolledAt: dateTime })),
  /** The private messages she sent (a deleted one without its words). */
  messages: z.array(exportedMessage),
  payments: z.array(
    z.object({
      kind: z.string(),
      amountCents: z.number(),
      currency: z.string(),
      createdAt: dateTime,
    }),
  ),
  subscriptions: z.array(z.object({ status: z.string(), createdAt: dateTime, updatedAt: dateTime })),
});
export type ProfileExport = z.input<typeof profileExport>;
