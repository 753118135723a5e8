import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import type { DigestJob, EveryMemberEvent } from "../features/notifications";
import type { OutgoingMail } from "../mail/transport";

/** What each task on the queue receives. Adding a kind of background work starts here. */
export interface JobPayloads {
  "send-mail": OutgoingMail;
  /** A password reset asked for this address: the job finds whether it has an account (and mails her). */
  "send-password-reset": { email: string };
  /** Her receipt for a payment just recorded (written when it leaves, from the payment's row). */
  "send-receipt": { paymentId: number };
  /** The daily backup, added by the job engine's schedule (which says when it was due). */
  "backup-database": { _cron?: { ts: string; backfilled?: boolean } };
  /** A notification for every member (new content), written in batches. */
  "notify-members": EveryMemberEvent;
  /** The hourly digest run, added by the job engine's schedule (its hour is the run's "now"). */
  "send-digests": { _cron?: { ts: string; backfilled?: boolean } };
  /** One member's digest, claimed by the hourly run. */
  "send-digest": DigestJob;
  /** One notification to one of her devices (Web Push), enqueued by the push sweep. */
  "send-push": { notificationId: number; subscriptionId: number };
  /** The weekly word to the patrons the intercessors prayed for, added by the job engine's schedule. */
  "intercessors-prayed": { _cron?: { ts: string; backfilled?: boolean } };
  /** Reminders of the dates starting within a day or an hour; enqueued every minute. */
  "event-reminders": Record<string, unknown>;
}
export type TaskName = keyof JobPayloads;

export interface EnqueueOptions {
  /**
   * One pending job per key: enqueuing again with the same key replaces a job that has not run yet
   * (a newer link supersedes the older one), so one event never produces two mails.
   */
  jobKey?: string;
  runAt?: Date;
  /** Retries with exponential backoff until this many attempts (about four days at 25). */
  maxAttempts?: number;
}

/**
 * Adds a job through the job engine's own SQL function, on the caller's connection: called with a
 * transaction, the job exists only if that transaction commits, and is never lost once it has.
 */
export async function enqueue<T extends TaskName>(
  tx: Db | Tx,
  task: T,
  payload: JobPayloads[T],
  options: EnqueueOptions = {},
): Promise<void> {
  await tx.execute(sql`select graphile_worker.add_job(
    ${task}::text,
    payload => ${JSON.stringify(payload)}::json,
    run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
    max_attempts => ${options.maxAttempts ?? 25}::int,
    job_key => ${options.jobKey ?? null}::text
  )`);
}
