import { z } from "zod";
import { dateTime, oneLine } from "../common-schemas";
import { isTimeZone } from "../format";
import type { MessageId } from "../i18n";
import { LOCALES } from "../i18n/locales";
import { isPublicHost, SETTING_LIMITS } from "./fields";

/** English keys: the browser shows them in the page's language. */
export const SETTINGS_MESSAGES = {
  siteName: `Give the site a name of 1 to ${SETTING_LIMITS.siteName} characters, on one line.`,
  founderName: `Give the founder's name in 1 to ${SETTING_LIMITS.founderName} characters, on one line.`,
  welcomeLine: `Keep the welcome line to one line of at most ${SETTING_LIMITS.welcomeLine} characters.`,
  contactEmail: "Enter a valid e-mail address, like hello@example.org.",
  newsletterName: `Give the newsletter a name of 1 to ${SETTING_LIMITS.newsletterName} characters, on one line.`,
  newsletterFeedUrl:
    "Enter the feed's full https address on the public internet, like https://example.substack.com/feed.",
  timeZone: "Choose a time zone from the list, like America/New_York.",
  registration: "Choose whether anyone may join or only those invited.",
  defaultLanguage: "Choose English or Hebrew.",
  patronPriceText: `Keep the patron price to one line of at most ${SETTING_LIMITS.patronPriceText} characters.`,
  saved: "Settings saved",
} as const satisfies Record<string, MessageId>;

const line = (message: string, min: number, max: number) =>
  oneLine(z.string({ message }).trim(), message).min(min, { message }).max(max, { message });

const feedUrl = z
  .string({ message: SETTINGS_MESSAGES.newsletterFeedUrl })
  .trim()
  .max(2000, { message: SETTINGS_MESSAGES.newsletterFeedUrl })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === "https:" && !url.username && !url.password && isPublicHost(url.hostname);
      } catch {
        return false;
      }
    },
    { message: SETTINGS_MESSAGES.newsletterFeedUrl },
  );

/**
 * Each setting's rule. The time zone is checked here by name (the browser's list) and again by the
 * server against the zones the database knows, since the digests are timed there.
 */
export const settingValues = {
  siteName: line(SETTINGS_MESSAGES.siteName, 1, SETTING_LIMITS.siteName),
  founderName: line(SETTINGS_MESSAGES.founderName, 1, SETTING_LIMITS.founderName),
  welcomeLine: line(SETTINGS_MESSAGES.welcomeLine, 0, SETTING_LIMITS.welcomeLine),
  contactEmail: z
    .string({ message: SETTINGS_MESSAGES.contactEmail })
    .trim()
    .max(254, { message: SETTINGS_MESSAGES.contactEmail })
    .pipe(z.email({ message: SETTINGS_MESSAGES.contactEmail })),
  newsletterName: line(SETTINGS_MESSAGES.newsletterName, 1, SETTING_LIMITS.newsletterName),
  newsletterFeedUrl: feedUrl,
  timeZone: z
    .string({ message: SETTINGS_MESSAGES.timeZone })
    .trim()
    .refine(isTimeZone, { message: SETTINGS_MESSAGES.timeZone }),
  registration: z.enum(["open", "invitation"], { message: SETTINGS_MESSAGES.registration }),
  defaultLanguage: z.enum(LOCALES, { message: SETTINGS_MESSAGES.defaultLanguage }),
  patronPriceText: line(SETTINGS_MESSAGES.patronPriceText, 1, SETTING_LIMITS.patronPriceText),
};

/**
 * A change to some settings: each named field takes a value, or null to go back to the server's
 * (the environment's value or the default). A field not named stays as it is; an unknown one is refused.
 */
export const settingsPatch = z.strictObject(
  {
    siteName: settingValues.siteName.nullable().optional(),
    founderName: settingValues.founderName.nullable().optional(),
    welcomeLine: settingValues.welcomeLine.nullable().optional(),
    contactEmail: settingValues.contactEmail.nullable().optional(),
    newsletterName: settingValues.newsletterName.nullable().optional(),
    newsletterFeedUrl: settingValues.newsletterFeedUrl.nullable().optional(),
    timeZone: settingValues.timeZone.nullable().optional(),
    registration: settingValues.registration.nullable().optional(),
    defaultLanguage: settingValues.defaultLanguage.nullable().optional(),
    patronPriceText: settingValues.patronPriceText.nullable().optional(),
  },
  { message: "Only the settings listed on the Settings tab can be changed." },
);
export type SettingsPatch = z.output<typeof settingsPatch>;

const settingSource = z.enum(["environment", "dashboard", "default"]);

const setting = <T extends z.ZodType>(value: T) =>
  z.object({
    /** What applies now. */
    value,
    /** Where it comes from: the environment wins, then the dashboard, then the default. */
    source: settingSource,
    /** The environment variable that would set it. */
    variable: z.string(),
  });

/** Every setting as it applies now, where each comes from, and the last change made in the dashboard. */
export const siteSettingsResponse = z.object({
  siteName: setting(z.string()),
  founderName: setting(z.string()),
  welcomeLine: setting(z.string()),
  contactEmail: setting(z.string().nullable()),
  newsletterName: setting(z.string()),
  newsletterFeedUrl: setting(z.string().nullable()),
  timeZone: setting(z.string()),
  registration: setting(z.enum(["open", "invitation"])),
  defaultLanguage: setting(z.enum(LOCALES)),
  patronPriceText: setting(z.string()),
  updatedAt: dateTime.nullable(),
  updatedBy: z.string().nullable(),
});
export type SiteSettingsResponse = z.input<typeof siteSettingsResponse>;
