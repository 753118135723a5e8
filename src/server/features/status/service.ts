import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { z } from "zod";
import { version as appVersion } from "../../../../package.json";
import { BACKUP_STALE_AFTER_DAYS } from "../../../core/backups/schemas";
import { t } from "../../../core/i18n";
import { paymentsEndpoints } from "../../../core/payments/endpoints";
import type { systemStatus as statusSchema, TestMailResult } from "../../../core/status/schemas";
import { site } from "../../auth/account-mail";
import type { SessionUser } from "../../auth/sessions";
import type { AppConfig } from "../../config";
import { testMail } from "../../mail/templates";
import { createMailer } from "../../mail/transport";
import { storedFailureMessage } from "../articles";
import { newestBackupFile } from "../backups";
import * as q from "./queries";

type SystemStatus = z.output<typeof statusSchema>;

const DAY = 24 * 60 * 60 * 1000;

/**
 * Where mail goes, without what lets anyone send it: the SMTP server's host and port (nodemailer's
 * defaults when the URL names none) and the sender, never the user name or password in SMTP_URL.
 */
export function mailSettings(mail: AppConfig["mail"]): SystemStatus["mail"] {
  if (mail.transport === "log" || !mail.smtpUrl) {
    return { transport: "log", host: null, port: null, secure: false, from: mail.from };
  }
  const url = new URL(mail.smtpUrl);
  const secure = url.protocol === "smtps:" || url.searchParams.get("secure") === "true";
  return {
    transport: "smtp",
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    from: mail.from,
  };
}

/** Each part, as it is set up and as it last went. Settings are named; their secrets never leave. */
export async function systemStatus(app: FastifyInstance): Promise<SystemStatus> {
  const { config, db } = app;
  const [lastWebhookAt, syncs, lastBackup, database] = await Promise.all([
    config.stripe ? q.lastWebhookAt(db) : null,
    q.lastSyncs(db),
    newestBackupFile(config.backups.dir),
    q.databaseVersion(db),
  ]);
  const last = syncs.last;
  const lastSync = last
    ? {
        finishedAt: last.finishedAt,
        ok: last.failure === null,
        added: last.added ?? 0,
        updated: last.updated ?? 0,
        // Written now, in the language of the administrator asking.
        error: last.failure === null ? null : storedFailureMessage(last.failure),
      }
    : null;
  return {
    mail: mailSettings(config.mail),
    payments: {
      configured: Boolean(config.stripe),
      mode: config.stripe ? (/^(sk|rk)_live_/.test(config.stripe.secretKey) ? "live" : "test") : null,
      lastWebhookAt,
      webhookUrl: `${config.publicUrl}${paymentsEndpoints.webhook.path}`,
    },
    newsletter: {
      name: config.newsletter.name,
      configured: Boolean(config.newsletter.feedUrl),
      lastSync,
      lastSuccessAt: lastSync && !lastSync.ok ? (syncs.lastOk?.finishedAt ?? null) : null,
    },
    backups: {
      folder: config.backups.dir,
      lastBackup,
      overdue: Boolean(lastBackup && Date.now() - lastBackup.at.getTime() > BACKUP_STALE_AFTER_DAYS * DAY),
      dailyOff: config.backups.keep === 0,
    },
    push: { configured: Boolean(config.push.vapid) },
    version: { app: appVersion, database },
  };
}

/** nodemailer's error: its code, and the SMTP server's own words when it answered. */
interface SendError {
  code?: string;
  response?: string;
  responseCode?: number;
  command?: string;
  message?: string;
}

/** What went wrong, in words an administrator can act on; the server's own line goes beside it. */
function whatWentWrong(err: SendError, where: string, host: string, to: string): string {
  const cause = err.message ?? "";
  switch (err.code) {
    case "EENVELOPE":
      return t("The mail server at {where} refused to take mail for {to}.", { where, to });
    case "EMESSAGE":
      return t("The mail server at {where} refused the message.", { where });
    case "EAUTH":
      return t("The mail server at {where} did not accept the user name and password in SMTP_URL.", {
        where,
      });
    case "EDNS":
      return t("The mail server's name, {host}, was not found. Check SMTP_URL.", { host });
    case "ETLS":
      return t("A secure connection to {where} could not be made ({cause}). Check SMTP_URL.", {
        where,
        cause,
      });
    case "ETIMEDOUT":
      return t("The mail server at {where} did not answer in time.", { where });
  }
  if (/ECONNREFUSED/.test(cause)) {
    return t(
      "Nothing answered at {where}: the connection was refused. Check SMTP_URL, and that the mail server is running.",
      { where },
    );
  }
  if (/ENOTFOUND|EAI_AGAIN/.test(cause))
    return t("The mail server's name, {host}, was not found. Check SMTP_URL.", { host });
  if (/ETIMEDOUT|timeout/i.test(cause))
    return t("The mail server at {where} did not answer in time.", { where });
  if (err.responseCode) return t("The mail server at {where} refused the mail.", { where });
  return t("The mail could not be sent to {where} ({cause}).", {
    where,
    cause: cause || t("no reason given"),
  });
}

/**
 * Sends a test mail to the administrator who asks, at once and not through the queue: the point is
 * the SMTP server's answer, which she reads on the dashboard (decision 065). A refusal, or a server
 * that does not answer, is reported with its words, not thrown: it is what she asked to find out.
 */
export async function sendTestMail(
  app: FastifyInstance,
  viewer: SessionUser,
  log: FastifyBaseLogger,
): Promise<TestMailResult> {
  const { config } = app;
  const settings = mailSettings(config.mail);
  const mailer = await createMailer(config, (record) => {
    if (config.logLevel !== "silent") process.stdout.write(record);
  });
  const to = viewer.email;
  const base = { transport: settings.transport, to };
  try {
    const response = await mailer.send({
      to,
      ...testMail({ ...site(config), firstName: viewer.firstName }),
    });
    if (settings.transport === "log") {
      return {
        ...base,
        ok: true,
        message: t(
          "The test mail was written to the server log, not sent: mail is not set up to leave this server.",
        ),
        response: null,
        code: null,
      };
    }
    return {
      ...base,
      ok: true,
      message: t("The mail server at {where} accepted the test mail for {to}.", {
        where: `${settings.host}:${settings.port}`,
        to,
      }),
      response,
      code: null,
    };
  } catch (thrown) {
    const err = (thrown ?? {}) as SendError;
    const where = `${settings.host}:${settings.port}`;
    log.warn({ code: err.code, response: err.response, command: err.command }, "test mail not sent");
    return {
      ...base,
      ok: false,
      message: whatWentWrong(err, where, settings.host ?? "", to),
      response: typeof err.response === "string" ? err.response.trim() : null,
      code: err.code ?? null,
    };
  } finally {
    mailer.close();
  }
}
