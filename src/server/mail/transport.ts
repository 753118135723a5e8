import type { AppConfig } from "../config";

/** A rendered message: every mail has a plain-text and an HTML part. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (a notification's List-Unsubscribe); account mail has none. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * Resolves once the SMTP server accepted the message, to its answer (its last response line, e.g.
   * "250 2.0.0 Ok: queued as …"; null with the log transport); throws otherwise, and the job
   * retries. A refusal throws nodemailer's error, which carries the server's words (`response`) and
   * a `code`.
   */
  send(mail: OutgoingMail, options?: { messageId?: string }): Promise<string | null>;
  close(): void;
}

/**
 * One mail as one record of the server's output, on one line, shaped like its JSON log lines: a
 * line break a member typed (a name kept from before names had to be one line, text quoted in a
 * mail) is written as an escape, never as a line that would read as a record of its own. Beside the
 * control characters JSON escapes, C1 controls and U+2028/U+2029 are escaped too: some viewers take
 * them for line breaks. Links stay whole, to be followed.
 */
function mailLogRecord(mail: OutgoingMail): string {
  const record = {
    level: 30,
    time: Date.now(),
    msg: "Mail (not sent: MAIL_TRANSPORT=log)",
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
  };
  const line = JSON.stringify(record).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `${line}\n`;
}

/**
 * SMTP through nodemailer, or, with MAIL_TRANSPORT=log (the default without SMTP_URL on the
 * embedded database), one record per mail in the server's output so the link can be followed
 * (`mailLogRecord`).
 */
export async function createMailer(config: AppConfig, write: (record: string) => void): Promise<Mailer> {
  if (config.mail.transport === "log") {
    return {
      async send(mail) {
        write(mailLogRecord(mail));
        return null;
      },
      close() {},
    };
  }
  const { createTransport } = await import("nodemailer");
  const transport = createTransport(
    {
      url: config.mail.smtpUrl,
      // A dead server fails the attempt within seconds; the job is tried again later.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from: config.mail.from },
  );
  return {
    async send(mail, options = {}) {
      const info = await transport.sendMail({ ...mail, messageId: options.messageId });
      return typeof info.response === "string" ? info.response : null;
    },
    close: () => transport.close(),
  };
}
