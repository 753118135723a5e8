import { job } from "../jobs/queue";
import { task } from "../jobs/task";
import type { OutgoingMail } from "./transport";

/** A mail rendered when it was enqueued (`mail()` in src/server/auth/account-mail.ts), sent as it is. */
export const sendMailJob = job<OutgoingMail>("send-mail");

export const mailJobs = [task(sendMailJob, (mail, { deliver }) => deliver(mail))];
