import type { AppConfig } from "../config";
import type { Db, Tx } from "../db/client";
import { enqueue } from "../jobs/queue";
import { sendMailJob } from "../mail/jobs";
import { verifyEmailMail } from "../mail/templates";
import type { OutgoingMail } from "../mail/transport";
import { issueToken } from "./tokens";

export const link = (config: AppConfig, page: string, token: string) =>
  `${config.publicUrl}/${page}?token=${token}`;

export const site = (config: AppConfig) => ({
  siteName: config.siteName,
  siteUrl: config.publicUrl,
  contactEmail: config.contactEmail,
});

/** Enqueues a mail in the caller's transaction. One pending mail per key: a newer link replaces one not yet sent. */
export function mail(tx: Db | Tx, jobKey: string, to: string, rendered: Omit<OutgoingMail, "to">) {
  return enqueue(tx, sendMailJob, { to, ...rendered }, { jobKey: `mail:${jobKey}` });
}

/** Mails her a link that proves she holds her address. Call inside the transaction that needs it. */
export async function sendVerification(
  tx: Db | Tx,
  config: AppConfig,
  user: { id: number; email: string; firstName: string | null },
) {
  const token = await issueToken(tx, user.id, "verify_email", user.email);
  await mail(
    tx,
    `verify-email:${user.id}`,
    user.email,
    verifyEmailMail({
      ...site(config),
      firstName: user.firstName,
      link: link(config, "verify-email", token),
    }),
  );
}
