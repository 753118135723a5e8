import type { FastifyInstance } from "fastify";
import type { LogLevel, Runner, TaskList } from "graphile-worker";
import { createMailer } from "../mail/transport";
import type { JobPayloads, TaskName } from "./queue";

type Tasks = { [T in TaskName]: (payload: JobPayloads[T], job: { id: string }) => Promise<void> };

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
  options: { concurrency?: number } = {},
): Promise<Worker> {
  const { run, Logger } = await import("graphile-worker");
  const { config } = app;
  const mailer = await createMailer(config, (block) => {
    if (config.logLevel !== "silent") process.stdout.write(block);
  });
  const host = new URL(config.publicUrl).hostname;

  const tasks: Tasks = {
    // The Message-ID is the job's, so a retry after a lost acknowledgement is recognisably the same mail.
    "send-mail": (mail, job) => mailer.send(mail, { messageId: `<job-${job.id}@${host}>` }),
  };
  const taskList: TaskList = {};
  for (const [name, task] of Object.entries(tasks)) {
    taskList[name] = (payload, helpers) =>
      (task as (p: unknown, j: { id: string }) => Promise<void>)(payload, helpers.job);
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

  const settings = {
    pgPool: app.database.pool,
    taskList,
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
  // database, so starting it again once the database answers loses nothing.
  const watch = (started: Runner) => {
    runner = started;
    started.promise.catch(restartSoon);
  };
  watch(await run(settings));

  return {
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      await runner?.stop().catch(() => {});
      mailer.close();
    },
  };
}
