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
  /** Resolves once the SMTP server accepted the message; throws (and the job retries) otherwise. */
  send(mail: OutgoingMail, options?: { messageId?: string }): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer, or, with MAIL_TRANSPORT=log (the default without SMTP_URL on the
 * embedded database), a readable block in the server's output so the link can be followed.
 */
export async function createMailer(config: AppConfig, write: (block: string) => void): Promise<Mailer> {
  if (config.mail.transport === "log") {
    return {
      async send(mail) {
        const rule = "─".repeat(72);
        write(
          [
            "",
            rule,
            `  Mail (not sent: MAIL_TRANSPORT=log) to ${mail.to}`,
            `  Subject: ${mail.subject}`,
            rule,
            mail.text.replace(/^/gm, "  "),
            rule,
            "",
          ].join("\n"),
        );
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
      await transport.sendMail({ ...mail, messageId: options.messageId });
    },
    close: () => transport.close(),
  };
}
