import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";

/**
 * A kind of job: the name its jobs carry on the queue and, as a type, the payload each receives.
 * Declared by its owner beside the code that enqueues it; its task is in the owner's jobs.ts, and
 * `worker.ts` runs every owner's tasks. This file knows no feature, so any may import it.
 */
export interface Job<Payload> {
  readonly name: string;
  /** Never set: carries the payload's type to `enqueue` and to the job's task. */
  readonly payload?: Payload;
}

export const job = <Payload>(name: string): Job<Payload> => ({ name });

/** The payload of a job the engine's schedule adds: when that run was due. */
export interface ScheduledRun {
  _cron?: { ts: string; backfilled?: boolean };
}

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
export async function enqueue<Payload>(
  tx: Db | Tx,
  kind: Job<Payload>,
  payload: NoInfer<Payload>,
  options: EnqueueOptions = {},
): Promise<void> {
  await tx.execute(sql`select graphile_worker.add_job(
    ${kind.name}::text,
    payload => ${JSON.stringify(payload)}::json,
    run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
    max_attempts => ${options.maxAttempts ?? 25}::int,
    job_key => ${options.jobKey ?? null}::text
  )`);
}
