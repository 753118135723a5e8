import type { FastifyInstance } from "fastify";
import type { LogLevel, Runner, TaskList } from "graphile-worker";
import { authJobs } from "../auth/jobs";
import { backupDatabaseJob, backupJobs, DAILY_BACKUP_AT } from "../features/backups";
import { certificateJobs, lessonNoticesJob } from "../features/certificates";
import { eventJobs } from "../features/events";
import { intercessorJobs, intercessorsPrayedJob } from "../features/intercessors";
import { mailDueNotifications, notificationJobs, sendDigestsJob } from "../features/notifications";
import { paymentJobs } from "../features/payments";
import { pushDueNotifications, pushJobs } from "../features/push";
import { mailJobs } from "../mail/jobs";
import { createMailer } from "../mail/transport";
import type { Task } from "./task";

/** Every kind of job and its task, as their owners export them (each owner's jobs.ts). */
const tasks: Task[] = [
  ...mailJobs,
  ...authJobs,
  ...backupJobs,
  ...notificationJobs,
  ...pushJobs,
  ...paymentJobs,
  ...eventJobs,
  ...intercessorJobs,
  ...certificateJobs,
];

export interface Worker {
  stop(): Promise<void>;
}

/**
 * Runs the queue's jobs in this process. Every instance runs one; the job engine hands each job to
 * exactly one of them (row locks in Postgres), retries failures with exponential backoff, and wakes
 * on LISTEN/NOTIFY when a job is added, so a mail leaves within moments of its commit.
 */
export async function startWorker(
  app: FastifyInstance,
  options: {
    concurrency?: number;
    /**
     * Add the recurring jobs (the daily backup, the hourly digests, the weekly word from the
     * intercessors, the lessons that open on their day) on their schedule; tests add them by hand.
     */
    schedule?: boolean;
  } = {},
): Promise<Worker> {
  const { run, Logger, parseCronItems } = await import("graphile-worker");
  const { config } = app;
  const mailer = await createMailer(config, (block) => {
    if (config.logLevel !== "silent") process.stdout.write(block);
  });
  const host = new URL(config.publicUrl).hostname;

  const taskList: TaskList = {};
  for (const { job, run } of tasks) {
    if (taskList[job.name]) throw new Error(`two tasks for the job ${job.name}`);
    taskList[job.name] = (payload, helpers) =>
      run(payload, {
        app,
        job: helpers.job,
        // The Message-ID is the job's, so a retry after a lost acknowledgement is recognisably the same mail.
        deliver: async (mail) => {
          await mailer.send(mail, { messageId: `<job-${helpers.job.id}@${host}>` });
        },
      });
  }

  const log = app.log.child({ component: "jobs" });
  const logger = new Logger(() => (level: LogLevel, message: string, meta?: Record<string, unknown>) => {
    const fields = {
      job: (meta?.job as { task_identifier?: string; id?: string } | undefined)?.id,
      ...(meta?.failure ? { failure: meta.failure } : {}),
    };
    if (level === "error") log.error(fields, message);
    else if (level === "warning") log.warn(fields, message);
    else log.debug(fields, message);
  });

  // The engine's schedule runs a job once for all instances (it records each run in the database);
  // a run missed while every instance was down is made up at the next start, within a day.
  // The digest run is hourly (each member's hour in her zone); a missed hour is made up, with its
  // own hour as "now", at the next start within three hours.
  const schedule = options.schedule
    ? parseCronItems([
        ...(config.backups.keep > 0
          ? [
              {
                task: backupDatabaseJob.name,
                match: DAILY_BACKUP_AT,
                identifier: "daily-backup",
                options: { backfillPeriod: 24 * 60 * 60 * 1000, maxAttempts: 3 },
              },
            ]
          : []),
        {
          task: sendDigestsJob.name,
          match: "0 * * * *",
          identifier: "hourly-digests",
          options: { backfillPeriod: 3 * 60 * 60 * 1000, maxAttempts: 5 },
        },
        // Lessons open at the start of a day in each member's zone (some zones are on the half or
        // quarter hour): every quarter of an hour, each notice once per member and lesson.
        {
          task: lessonNoticesJob.name,
          match: "*/15 * * * *",
          identifier: "lesson-opened-notices",
          options: { backfillPeriod: 60 * 60 * 1000, maxAttempts: 5 },
        },
        // Monday morning (UTC), about the week that just ended; a run missed is made up within two
        // days. The week is the notifications' key, so a repeated run tells nobody twice.
        {
          task: intercessorsPrayedJob.name,
          match: "0 7 * * 1",
          identifier: "weekly-intercessors",
          options: { backfillPeriod: 2 * 24 * 60 * 60 * 1000, maxAttempts: 5 },
        },
      ])
    : [];

  const settings = {
    pgPool: app.database.pool,
    taskList,
    parsedCronItems: schedule,
    concurrency: options.concurrency ?? 2,
    noHandleSignals: true,
    // Jobs added now arrive by NOTIFY; this is how soon a retry whose time has come is noticed.
    pollInterval: 1000,
    logger,
  };
  let stopping = false;
  let runner: Runner | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  const restartSoon = (err: unknown) => {
    runner = undefined;
    if (stopping) return;
    log.warn({ err }, "the job worker stopped; starting it again shortly");
    restartTimer = setTimeout(() => run(settings).then(watch, restartSoon), 2000);
  };
  // The engine gives up when its connection dies (a database restart); the jobs wait in the
  // database, so starting it again once the database responds loses nothing.
  const watch = (started: Runner) => {
    runner = started;
    started.promise.catch(restartSoon);
  };
  watch(await run(settings));

  // Notifications she wants "right away" leave once they have waited the delay unread: a sweep
  // a few times per delay (at most every 30 s), safe in every instance at once (it claims rows
  // with SKIP LOCKED).
  const sweepMs = Math.min(30_000, Math.max(500, (config.notificationMailDelaySeconds * 1000) / 4));
  let sweeping: Promise<unknown> | undefined;
  const sweepTimer = setInterval(() => {
    sweeping ??= mailDueNotifications(app.db, config)
      .catch((err) => log.warn({ err }, "mailing notifications failed; trying again at the next sweep"))
      .finally(() => {
        sweeping = undefined;
      });
  }, sweepMs).unref();

  // Push is not delayed: new notifications are handed to it within a second (an indexed look at
  // rows not yet pushed; claimed with SKIP LOCKED, so every instance may run it).
  let pushing: Promise<unknown> | undefined;
  const pushTimer = config.push.vapid
    ? setInterval(() => {
        pushing ??= pushDueNotifications(app.db, config)
          .catch((err) => log.warn({ err }, "pushing notifications failed; trying again at the next sweep"))
          .finally(() => {
            pushing = undefined;
          });
      }, 1000).unref()
    : undefined;

  return {
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      clearInterval(sweepTimer);
      clearInterval(pushTimer);
      await sweeping;
      await pushing;
      await runner?.stop().catch(() => {});
      mailer.close();
    },
  };
}
