import { z } from "zod";
import { dateTime } from "../common-schemas";

/**
 * The dashboard's Status: whether each part the ministry relies on is set up and working, for an
 * administrator who runs it without an engineer. Settings are named, never their secrets.
 */

/** How mail leaves: through an SMTP server (its host, port and the sender), or into the server's log. */
export const mailStatus = z.object({
  transport: z.enum(["smtp", "log"]),
  /** The SMTP server; null with the log. */
  host: z.string().nullable(),
  port: z.number().nullable(),
  /** TLS from the first byte (smtps:); otherwise the server may still offer STARTTLS. */
  secure: z.boolean(),
  /** The sender every mail carries (MAIL_FROM). */
  from: z.string(),
});

export const paymentsStatus = z.object({
  /** The four Stripe settings are present (the keys themselves are never shown). */
  configured: z.boolean(),
  /** Test keys or live ones; null when not set up. */
  mode: z.enum(["test", "live"]).nullable(),
  /** When Stripe's last verified webhook event arrived; null when none has yet. */
  lastWebhookAt: dateTime.nullable(),
  /** Where Stripe sends its events: this site's webhook address. */
  webhookUrl: z.string(),
});

export const newsletterSync = z.object({
  finishedAt: dateTime,
  ok: z.boolean(),
  /** New articles it brought (0 when it failed). */
  added: z.number(),
  updated: z.number(),
  /** Why it failed, in the language of the request; null when it worked. */
  error: z.string().nullable(),
});

export const newsletterStatus = z.object({
  /** The newsletter's name (NEWSLETTER_NAME), e.g. "Substack". */
  name: z.string(),
  /** NEWSLETTER_FEED_URL is set. */
  configured: z.boolean(),
  lastSync: newsletterSync.nullable(),
  /** The last sync that worked, when the last one failed. */
  lastSuccessAt: dateTime.nullable(),
});

export const backupsStatus = z.object({
  /** The folder the backups are written to (BACKUP_DIR). */
  folder: z.string(),
  /** The newest backup of any kind (daily, `npm run backup`, before an upgrade). */
  lastBackup: z.object({ at: dateTime, bytes: z.number(), fileName: z.string() }).nullable(),
  /** The newest is older than the days a daily backup may be late (BACKUP_STALE_AFTER_DAYS). */
  overdue: z.boolean(),
  /** Daily backups are off (BACKUP_KEEP=0). */
  dailyOff: z.boolean(),
});

export const pushStatus = z.object({
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are present (made once into DATA_DIR on the embedded database). */
  configured: z.boolean(),
});

export const versionStatus = z.object({
  /** The app's version (package.json). */
  app: z.string(),
  /** PostgreSQL's version, as the database says it. */
  database: z.string(),
});

export const systemStatus = z.object({
  mail: mailStatus,
  payments: paymentsStatus,
  newsletter: newsletterStatus,
  backups: backupsStatus,
  push: pushStatus,
  version: versionStatus,
});
export type SystemStatus = z.input<typeof systemStatus>;

/**
 * What the test mail came to. ok: the SMTP server accepted it (or, with the log transport, it was
 * written to the log); otherwise it refused or could not be reached, and `message` says so in plain
 * words. A refusal is an answer, not an error of this app: it comes with 200.
 */
export const testMailResult = z.object({
  ok: z.boolean(),
  transport: z.enum(["smtp", "log"]),
  /** Where it was sent: the signed-in administrator's own address. */
  to: z.string(),
  /** What happened, in plain words. */
  message: z.string(),
  /** The SMTP server's own words (its response line, e.g. "250 2.0.0 Ok: queued as …"); null without one. */
  response: z.string().nullable(),
  /** The failure's code (EENVELOPE, ECONNECTION, EAUTH…); null when it went. */
  code: z.string().nullable(),
});
export type TestMailResult = z.input<typeof testMailResult>;
