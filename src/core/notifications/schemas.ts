import { z } from "zod";
import { dateTime, idSchema, pageQuery } from "../common-schemas";
import { DIGEST_FREQUENCIES, EMAIL_CHOICES, NOTIFICATION_KIND_NAMES } from "./kinds";
import { NOTIFICATION_MESSAGES } from "./limits";
import { FEAST_DAYS, SHABBAT_CITIES } from "./places";

export const notificationKind = z.enum(NOTIFICATION_KIND_NAMES);
export const emailChoice = z.enum(EMAIL_CHOICES);

/** GET /api/notifications: newest first, by keyset (`before`, the id of the last one shown). */
export const notificationListQuery = pageQuery;

export const notificationItem = z.object({
  id: z.number(),
  kind: notificationKind,
  text: z.string(),
  /** Where it takes her: a path of the app. */
  url: z.string(),
  createdAt: dateTime,
  readAt: dateTime.nullable(),
});
export type NotificationItem = z.input<typeof notificationItem>;

export const unreadCount = z.object({ count: z.number() });

/** POST /api/notifications/read: these (hers only), or without ids every unread one. */
export const markReadBody = z.object({
  ids: z.array(idSchema).max(100, { message: NOTIFICATION_MESSAGES.ids }).optional(),
});
export const markReadResult = z.object({ count: z.number() });

/** A zone Intl knows (IANA names such as "America/Chicago"), in its canonical spelling. */
const timeZone = z
  .string()
  .trim()
  .max(64)
  .transform((zone, ctx) => {
    try {
      return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({ code: "custom", message: NOTIFICATION_MESSAGES.timeZone });
      return z.NEVER;
    }
  });

/** Her choices: mail per kind, and when her digest comes. */
export const notificationPreferences = z.object({
  email: z.record(notificationKind, emailChoice),
  digest: z.object({
    frequency: z.enum(DIGEST_FREQUENCIES),
    /** The hour of the day, in her zone, 0–23. */
    hour: z
      .number({ message: NOTIFICATION_MESSAGES.hour })
      .int({ message: NOTIFICATION_MESSAGES.hour })
      .min(0, { message: NOTIFICATION_MESSAGES.hour })
      .max(23, { message: NOTIFICATION_MESSAGES.hour }),
    /** For a weekly digest: 0 is Sunday. */
    weekday: z
      .number({ message: NOTIFICATION_MESSAGES.weekday })
      .int({ message: NOTIFICATION_MESSAGES.weekday })
      .min(0, { message: NOTIFICATION_MESSAGES.weekday })
      .max(6, { message: NOTIFICATION_MESSAGES.weekday }),
    timeZone,
  }),
  /**
   * No mail and no push from candle lighting on the eve of Shabbat or a feast to nightfall at its
   * end, at her city; what was held leaves in one mail and one push after it.
   */
  restOnShabbat: z.boolean(),
  /** The city she chose for her Shabbat times; null: her time zone's (`restPlace` says which). */
  restCity: z.string().nullable(),
  /** Whose feast days she keeps; null: Israel's when her city is in Israel, else the diaspora's. */
  feastDays: z.enum(FEAST_DAYS).nullable(),
  /** Where her times are reckoned now: her city or her zone's (null: none known), and her feast days. */
  restPlace: z.object({ city: z.string().nullable(), feastDays: z.enum(FEAST_DAYS) }),
});
export type NotificationPreferences = z.input<typeof notificationPreferences>;

/** One of the cities the server knows Shabbat times for, in the list's spelling. */
const shabbatCity = z
  .string()
  .trim()
  .max(64)
  .transform((name, ctx) => {
    const city = SHABBAT_CITIES.find((c) => c.toLowerCase() === name.toLowerCase());
    if (!city) {
      ctx.addIssue({ code: "custom", message: NOTIFICATION_MESSAGES.city });
      return z.NEVER;
    }
    return city;
  });

/**
 * PUT /api/notification-preferences: kinds left out keep their defaults; her city and feast days,
 * when left out, stay as they are.
 */
export const notificationPreferencesBody = notificationPreferences.omit({ restPlace: true }).extend({
  email: z.partialRecord(notificationKind, emailChoice),
  restCity: shabbatCity.nullable().optional(),
  feastDays: z.enum(FEAST_DAYS).nullable().optional(),
});
export type NotificationPreferencesBody = z.output<typeof notificationPreferencesBody>;

/** What she chose from a mail's unsubscribe link: these kinds off (one click), less often, or all off. */
export const UNSUBSCRIBE_MODES = ["off", "digest", "all"] as const;
export type UnsubscribeMode = (typeof UNSUBSCRIBE_MODES)[number];

/** `?token=` of the link in the mail's List-Unsubscribe header, and what to do. */
export const unsubscribeQuery = z.object({
  token: z.string().trim().min(1).max(500),
  mode: z.enum(UNSUBSCRIBE_MODES).optional().default("off"),
});
export const unsubscribeLinkQuery = z.object({ token: z.string().trim().max(500).optional() });

export const unsubscribeResult = z.object({
  message: z.string(),
  /** The labels of the kinds that changed. */
  kinds: z.array(z.string()),
});
export type UnsubscribeResult = z.input<typeof unsubscribeResult>;
