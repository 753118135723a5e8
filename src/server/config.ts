import path from "node:path";
import { z } from "zod";
import { PATRON_MONTHLY_PRICE_DOLLARS } from "../core/constants";
import { formatDollars, isTimeZone } from "../core/format";
import type { Locale } from "../core/i18n/locales";
import { MESSAGES_PER_MINUTE, NEW_MEMBER_CONVERSATIONS } from "../core/messages/limits";
import { SETTING_FIELDS, SETTING_NAMES, type SettingName } from "../core/settings/fields";

/**
 * Every environment variable the server reads, parsed in one place. A bad value stops the start
 * with a message that names the variable, instead of failing later in some request.
 */

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(blankToUndefined, z.string().trim().optional());
const optionalUrl = (what: string) =>
  z.preprocess(blankToUndefined, z.url({ message: `must be a full URL (${what})` }).optional());
const positiveInt = (fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: "must be a whole number" })
      .int({ message: "must be a whole number" })
      .positive({ message: "must be greater than 0" })
      .default(fallback),
  );
const wholeNumber = (fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: "must be a whole number" })
      .int({ message: "must be a whole number" })
      .min(0, { message: "must be 0 or more" })
      .default(fallback),
  );
const flag = z.preprocess(
  blankToUndefined,
  z
    .enum(["1", "0", "true", "false", "yes", "no", "on", "off"], { message: "must be 1 or 0" })
    .transform((v) => ["1", "true", "yes", "on"].includes(v))
    .optional(),
);

const envSchema = z.object({
  PORT: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: "must be a port number (1-65535)" })
      .int({ message: "must be a port number (1-65535)" })
      .min(0, { message: "must be a port number (1-65535)" })
      .max(65535, { message: "must be a port number (1-65535)" })
      .default(3000),
  ),
  // Unset: this computer only for the trial (its accounts' passwords are in the README), every
  // interface for a real start.
  HOST: optionalString,
  PUBLIC_URL: optionalUrl("for example https://community.example.org"),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default("./data")),
  BACKUP_DIR: optionalString,
  BACKUP_KEEP: wholeNumber(14),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: "must start with postgres:// or postgresql://" })
      .optional(),
  ),
  DATABASE_LISTEN_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: "must start with postgres:// or postgresql://" })
      .optional(),
  ),
  REDIS_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, { message: "must start with redis:// or rediss://" })
      .optional(),
  ),
  SESSION_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  ),
  SITE_NAME: z.preprocess(blankToUndefined, z.string().default("Mishpacha")),
  FOUNDER_NAME: z.preprocess(blankToUndefined, z.string().default("Miriam")),
  ADMIN_EMAILS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
  ),
  OIDC_ISSUER_URL: optionalUrl("the identity provider's issuer"),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ID: optionalString,
  STRIPE_API_BASE: optionalUrl("for example http://127.0.0.1:12111"),
  NEWSLETTER_NAME: z.preprocess(blankToUndefined, z.string().default("Substack")),
  NEWSLETTER_FEED_URL: optionalUrl("for example https://example.substack.com/feed"),
  WELCOME_LINE: optionalString,
  CONTACT_EMAIL: z.preprocess(
    blankToUndefined,
    z.email({ message: "must be an e-mail address, e.g. hello@example.org" }).optional(),
  ),
  TIME_ZONE: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine(isTimeZone, { message: "must be a time zone name, e.g. America/New_York" })
      .default("UTC"),
  ),
  PATRON_PRICE_TEXT: optionalString,
  YOUTUBE_IMAGE_ORIGIN: optionalUrl("for example https://i.ytimg.com"),
  MINISTRY_LEGAL_NAME: optionalString,
  MINISTRY_ADDRESS: optionalString,
  MINISTRY_TAX_ID: optionalString,
  DEMO: flag,
  REGISTRATION: z.preprocess(
    blankToUndefined,
    z.enum(["open", "invitation"], { message: "must be open or invitation" }).default("open"),
  ),
  DEFAULT_LANGUAGE: z.preprocess(
    blankToUndefined,
    z.enum(["en", "he"], { message: "must be en (English) or he (Hebrew)" }).default("en"),
  ),
  TRUST_PROXY: flag,
  RESPONSE_CACHE: flag,
  SERVER_RENDER: flag,
  AUTH_RATE_LIMIT: positiveInt(10),
  WRITE_RATE_LIMIT: positiveInt(30),
  MESSAGE_RATE_LIMIT: positiveInt(MESSAGES_PER_MINUTE),
  REPORT_HIDE_THRESHOLD: positiveInt(2),
  REPORT_MIN_ACCOUNT_DAYS: wholeNumber(7),
  REPORT_HIDE_DAILY_CAP: positiveInt(5),
  NEW_MEMBER_PRAYER_LIMIT: positiveInt(3),
  NEW_MEMBER_POST_LIMIT: positiveInt(20),
  NEW_MEMBER_CONVERSATION_LIMIT: positiveInt(NEW_MEMBER_CONVERSATIONS),
  LIVE_HEARTBEAT_MS: positiveInt(25_000),
  EMAIL_NOTIFICATION_DELAY: positiveInt(300),
  SMTP_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\/[^/]/, {
        message: "must start with smtp:// or smtps://, e.g. smtp://user:pass@mail.example.org:587",
      })
      .optional(),
  ),
  MAIL_FROM: optionalString,
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, { message: "must start with mailto: or https://" })
      .optional(),
  ),
  WEB_PUSH_ALLOWED_ORIGINS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default("")
      .transform((v, ctx) =>
        v
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean)
          .map((o) => {
            try {
              return new URL(o).origin;
            } catch {
              ctx.addIssue({
                code: "custom",
                message: `${o} is not an origin, e.g. https://push.example.org`,
              });
              return z.NEVER;
            }
          }),
      ),
  ),
  MAIL_TRANSPORT: z.preprocess(
    blankToUndefined,
    z.enum(["smtp", "log"], { message: "must be smtp or log" }).optional(),
  ),
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
});

/** Where the daily backups go and how many are kept; `keep` 0 makes none. */
export interface BackupSettings {
  dir: string;
  keep: number;
}

/** NEW_MEMBER_PRAYER_LIMIT, NEW_MEMBER_POST_LIMIT and NEW_MEMBER_CONVERSATION_LIMIT. */
export interface NewMemberLimits {
  prayerRequests: number;
  posts: number;
  /** Private conversations she starts (opened at once or asked for). */
  conversations: number;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  /** Origin of PUBLIC_URL, e.g. "https://community.example.org". */
  publicOrigin: string;
  /**
   * PUBLIC_URL was set: state-changing requests must come from it alone. Unset (the app tried on a
   * laptop or at a LAN address), the origin the browser's Host header names is accepted too.
   */
  publicUrlSet: boolean;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * A direct connection for LISTEN (the live streams and the caches' notices) when DATABASE_URL
   * goes through a transaction-pooling proxy, which cannot hold one; unset: a connection of the pool.
   */
  databaseListenUrl: string | undefined;
  backups: BackupSettings;
  redisUrl: string | undefined;
  sessionSecret: string | undefined;
  siteName: string;
  founderName: string;
  adminEmails: string[];
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | undefined;
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        priceId: string;
        apiBase: string | undefined;
      }
    | undefined;
  newsletter: { name: string; feedUrl: string | undefined };
  /** A short line the landing page shows under its headline; empty: none (WELCOME_LINE). */
  welcomeLine: string;
  /** The address members may write to, shown in the footer, the help and mail (CONTACT_EMAIL). */
  contactEmail: string | null;
  /** The zone the ministry plans in: a new event's and a digest's when none is given (TIME_ZONE). */
  timeZone: string;
  /** The patron price as the pages show it, e.g. "$15" (PATRON_PRICE_TEXT). */
  patronPriceText: string;
  /**
   * The settings the dashboard may change that the environment sets instead (decision 063): the
   * dashboard shows them read-only and the API refuses to change them. The stored settings overlay
   * the fields above in place, at start and whenever an administrator changes them.
   */
  settingsFromEnvironment: ReadonlySet<SettingName>;
  /** MAIL_FROM was set; unset, the sender's name follows the site name. */
  mailFromSet: boolean;
  /** Where video thumbnails are fetched from, to be served from our own origin. */
  youtubeImageOrigin: string;
  /**
   * How receipts and yearly giving statements name the ministry, besides SITE_NAME; each optional.
   * The address may span lines ("\n" in the setting starts a new one).
   */
  ministry: { legalName: string | null; address: string | null; taxId: string | null };
  demo: boolean;
  /** Who may open an account: anyone (open), or only someone an administrator invited. */
  registration: "open" | "invitation";
  /** The language of a page whose reader chose none and whose browser asks for none the app speaks. */
  defaultLanguage: Locale;
  /** Cache responses in memory (shared lists, members' community views); off: every read queries. */
  responseCache: boolean;
  /** Render members' pages in the server with their API responses; off: the browser renders them. */
  serverRender: boolean;
  /** Behind a load balancer: take the client address and protocol from X-Forwarded-* headers. */
  trustProxy: boolean;
  /** How often an open live stream says it is alive (a comment), so proxies keep it open. */
  liveHeartbeatMs: number;
  authRateLimit: number;
  writeRateLimit: number;
  /** Private messages a member sends per minute (MESSAGE_RATE_LIMIT). */
  messageRateLimit: number;
  /**
   * When reports hide an item: the weight that does it (a group leader's report on her group's
   * member counting double), and who may add to it: reporters with a confirmed address and an
   * account at least `minAccountDays` old, each helping to hide at most `dailyCap` items a day.
   * Every report still reaches the moderation queue.
   */
  reports: { hideThreshold: number; minAccountDays: number; dailyCap: number };
  /**
   * What a member may share in her account's first 24 hours (administrators are exempt): prayer
   * requests, and prayer responses, video reflections and article comments together.
   */
  newMemberLimits: NewMemberLimits;
  logLevel: string;
  mail: {
    /** smtp: through `smtpUrl`; log: written to the server log (trying the app on a laptop). */
    transport: "smtp" | "log";
    smtpUrl: string | undefined;
    /** The sender, e.g. `"Mishpacha" <no-reply@community.example.org>`. */
    from: string;
  };
  /** How long a notification waits for her to see it in the app before it is mailed "right away". */
  notificationMailDelaySeconds: number;
  /** Web Push (decision 042): the VAPID keys and contact; without keys, push is off. */
  push: {
    vapid: { publicKey: string; privateKey: string } | undefined;
    /** `mailto:` or `https:` contact the push services may use (RFC 8292 `sub`). */
    subject: string;
    /** Origins accepted as push endpoints besides the known push services (a test receiver). */
    allowedOrigins: string[];
  };
}

function parse<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? "environment");
      const raw = env[name];
      return `  ${name}=${raw === undefined ? "(unset)" : JSON.stringify(raw)}: ${i.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

const backupSettings = (e: { DATA_DIR: string; BACKUP_DIR?: string; BACKUP_KEEP: number }) => ({
  dir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, "backups")),
  keep: e.BACKUP_KEEP,
});

const storageSchema = envSchema.pick({
  DATA_DIR: true,
  DATABASE_URL: true,
  BACKUP_DIR: true,
  BACKUP_KEEP: true,
});

/** Where the data is and where backups go: all `npm run backup` and `npm run restore` read. */
export interface StorageConfig {
  dataDir: string;
  databaseUrl: string | undefined;
  backups: BackupSettings;
}

/**
 * Only the variables that say where the data lives, validated as `loadConfig` does: the backup and
 * restore commands need no session secret or mail server (moving to a new server, say).
 */
export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const e = parse(storageSchema, env);
  return { dataDir: path.resolve(e.DATA_DIR), databaseUrl: e.DATABASE_URL, backups: backupSettings(e) };
}

/** Parses the environment. Throws ConfigError with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = parse(envSchema, env);
  const problems: string[] = [];

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, "");
  const publicOrigin = new URL(publicUrl).origin;

  const oidcParts = [e.OIDC_ISSUER_URL, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  let oidc: AppConfig["oidc"];
  if (oidcParts.every(Boolean)) {
    const issuer = new URL(e.OIDC_ISSUER_URL!);
    const local = issuer.hostname === "localhost" || issuer.hostname === "127.0.0.1";
    if (issuer.protocol !== "https:" && !local) {
      problems.push(
        "  OIDC_ISSUER_URL: must use https (plain http is allowed only for localhost or 127.0.0.1)",
      );
    }
    oidc = {
      issuerUrl: e.OIDC_ISSUER_URL!,
      clientId: e.OIDC_CLIENT_ID!,
      clientSecret: e.OIDC_CLIENT_SECRET!,
    };
  } else if (oidcParts.some(Boolean)) {
    problems.push("  OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together");
  }

  let stripe: AppConfig["stripe"];
  const stripeParts = [
    e.STRIPE_SECRET_KEY,
    e.STRIPE_PUBLISHABLE_KEY,
    e.STRIPE_WEBHOOK_SECRET,
    e.STRIPE_PRICE_ID,
  ];
  if (stripeParts.every(Boolean)) {
    stripe = {
      secretKey: e.STRIPE_SECRET_KEY!,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      priceId: e.STRIPE_PRICE_ID!,
      apiBase: e.STRIPE_API_BASE,
    };
  } else if (stripeParts.some(Boolean)) {
    problems.push(
      "  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID must be set together",
    );
  }

  if (e.DATABASE_URL && !e.SESSION_SECRET) {
    problems.push(
      "  SESSION_SECRET: required with DATABASE_URL (production); use 32+ random characters, e.g. `openssl rand -hex 32`",
    );
  }

  const mailTransport = e.MAIL_TRANSPORT ?? (e.SMTP_URL ? "smtp" : "log");
  if (mailTransport === "smtp" && !e.SMTP_URL) {
    problems.push(
      "  SMTP_URL: required with MAIL_TRANSPORT=smtp, e.g. smtp://user:pass@mail.example.org:587",
    );
  } else if (e.DATABASE_URL && !e.SMTP_URL && e.MAIL_TRANSPORT !== "log") {
    // In production a member who registers must get her link; set MAIL_TRANSPORT=log to mean it.
    problems.push(
      "  SMTP_URL: required with DATABASE_URL so that members receive their mail, e.g. smtp://user:pass@mail.example.org:587 (or MAIL_TRANSPORT=log to write mail to the log instead)",
    );
  }
  const mailFrom = e.MAIL_FROM ?? defaultMailFrom(e.SITE_NAME, publicUrl);

  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    problems.push(
      "  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together, e.g. from `npx web-push generate-vapid-keys`",
    );
  }
  const senderAddress = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;

  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);

  const demo = e.DEMO ?? !e.DATABASE_URL;
  return {
    port: e.PORT,
    host: e.HOST ?? (demo ? "127.0.0.1" : "0.0.0.0"),
    publicUrl,
    publicOrigin,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    secureCookies: publicOrigin.startsWith("https:"),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    backups: backupSettings(e),
    redisUrl: e.REDIS_URL,
    sessionSecret: e.SESSION_SECRET,
    siteName: e.SITE_NAME,
    founderName: e.FOUNDER_NAME,
    adminEmails: e.ADMIN_EMAILS,
    oidc,
    stripe,
    newsletter: { name: e.NEWSLETTER_NAME, feedUrl: e.NEWSLETTER_FEED_URL },
    welcomeLine: e.WELCOME_LINE ?? "",
    contactEmail: e.CONTACT_EMAIL ?? null,
    timeZone: e.TIME_ZONE,
    patronPriceText: e.PATRON_PRICE_TEXT ?? formatDollars(PATRON_MONTHLY_PRICE_DOLLARS),
    settingsFromEnvironment: new Set(
      SETTING_NAMES.filter((name) => blankToUndefined(env[SETTING_FIELDS[name].variable]) !== undefined),
    ),
    mailFromSet: e.MAIL_FROM !== undefined,
    youtubeImageOrigin: new URL(e.YOUTUBE_IMAGE_ORIGIN ?? "https://i.ytimg.com").origin,
    ministry: {
      legalName: e.MINISTRY_LEGAL_NAME ?? null,
      address: e.MINISTRY_ADDRESS?.replace(/\\n/g, "\n") ?? null,
      taxId: e.MINISTRY_TAX_ID ?? null,
    },
    demo,
    registration: e.REGISTRATION,
    defaultLanguage: e.DEFAULT_LANGUAGE,
    responseCache: e.RESPONSE_CACHE ?? true,
    serverRender: e.SERVER_RENDER ?? true,
    trustProxy: e.TRUST_PROXY ?? false,
    liveHeartbeatMs: e.LIVE_HEARTBEAT_MS,
    authRateLimit: e.AUTH_RATE_LIMIT,
    writeRateLimit: e.WRITE_RATE_LIMIT,
    messageRateLimit: e.MESSAGE_RATE_LIMIT,
    reports: {
      hideThreshold: e.REPORT_HIDE_THRESHOLD,
      minAccountDays: e.REPORT_MIN_ACCOUNT_DAYS,
      dailyCap: e.REPORT_HIDE_DAILY_CAP,
    },
    newMemberLimits: {
      prayerRequests: e.NEW_MEMBER_PRAYER_LIMIT,
      posts: e.NEW_MEMBER_POST_LIMIT,
      conversations: e.NEW_MEMBER_CONVERSATION_LIMIT,
    },
    logLevel: e.LOG_LEVEL,
    mail: { transport: mailTransport, smtpUrl: e.SMTP_URL, from: mailFrom },
    notificationMailDelaySeconds: e.EMAIL_NOTIFICATION_DELAY,
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? (senderAddress.includes("@") ? `mailto:${senderAddress}` : publicUrl),
      allowedOrigins: e.WEB_PUSH_ALLOWED_ORIGINS,
    },
  };
}

/** The sender when MAIL_FROM is unset: the site's name at no-reply@ the public host. */
export function defaultMailFrom(siteName: string, publicUrl: string): string {
  return `"${siteName.replace(/["\\]/g, "")}" <no-reply@${new URL(publicUrl).hostname}>`;
}

/**
 * Whether `host` reaches this computer alone (a loopback address or `localhost`): nobody on the
 * network can open the app, so the trial may keep its documented passwords.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}
