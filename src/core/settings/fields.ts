import { type MessageId, t } from "../i18n";

/**
 * The settings administrators may change in the dashboard's Settings tab (decision 063): each one's
 * environment variable, which wins when it is set, and its label (English, translated where shown).
 * No zod here: the tab reads it.
 */
export const SETTING_FIELDS = {
  siteName: { variable: "SITE_NAME", label: "Site name" },
  founderName: { variable: "FOUNDER_NAME", label: "Founder's name" },
  welcomeLine: { variable: "WELCOME_LINE", label: "Welcome line" },
  contactEmail: { variable: "CONTACT_EMAIL", label: "Contact e-mail address" },
  newsletterName: { variable: "NEWSLETTER_NAME", label: "Newsletter name" },
  newsletterFeedUrl: { variable: "NEWSLETTER_FEED_URL", label: "Newsletter feed address" },
  timeZone: { variable: "TIME_ZONE", label: "Time zone" },
  registration: { variable: "REGISTRATION", label: "Who may join" },
  defaultLanguage: { variable: "DEFAULT_LANGUAGE", label: "Default language" },
  patronPriceText: { variable: "PATRON_PRICE_TEXT", label: "Patron price, as shown" },
} as const satisfies Record<string, { variable: string; label: MessageId }>;

export type SettingName = keyof typeof SETTING_FIELDS;

export const SETTING_NAMES = Object.keys(SETTING_FIELDS) as SettingName[];

/** Where a setting's value comes from: the server's environment, the dashboard, or the default. */
export type SettingSource = "environment" | "dashboard" | "default";

export const SETTING_LIMITS = {
  siteName: 60,
  founderName: 60,
  welcomeLine: 160,
  newsletterName: 40,
  patronPriceText: 60,
} as const;

export const REGISTRATION_CHOICES = [
  { value: "open", label: "Anyone may join" },
  { value: "invitation", label: "By invitation only" },
] as const satisfies readonly { value: string; label: MessageId }[];

/** What a field set by the server's environment says instead of taking a change. */
export const setByEnvironment = (name: SettingName) =>
  t("{setting} is set by the server's {variable} setting, so it can't be changed here.", {
    setting: t(SETTING_FIELDS[name].label),
    variable: SETTING_FIELDS[name].variable,
  });

/**
 * Whether the server may fetch from `url`'s host: not this computer, not a private, link-local or
 * reserved network, not a name only a local network resolves. The literal host is checked; the
 * newsletter feed is the one address an administrator gives the server to fetch.
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, "")
    .toLowerCase()
    .replace(/\.$/, "");
  if (!host || (!host.includes(".") && !host.includes(":"))) return false;
  if (host === "localhost" || /\.(localhost|local|internal|lan|home|corp|intranet)$/.test(host)) return false;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return !(
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (host.includes(":")) {
    // IPv6 literals: loopback, unspecified, unique-local, link-local and IPv4-mapped are refused.
    return !(
      host === "::1" ||
      host === "::" ||
      /^f[cd]/.test(host) ||
      /^fe[89ab]/.test(host) ||
      host.startsWith("::ffff:") ||
      host.startsWith("64:ff9b:")
    );
  }
  return true;
}
