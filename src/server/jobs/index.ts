import type { FastifyInstance } from "fastify";
import { deleteExpiredSessions } from "../auth/sessions";
import { deleteStaleSignInFailures } from "../auth/sign-in-throttle";
import { deleteStaleTokens } from "../auth/tokens";
import { runScheduledArticleSync } from "../features/articles";
import { eventRemindersJob } from "../features/events";
import { keepRecentRows } from "../features/search";
import { deleteExpiredIdempotencyKeys } from "../http/idempotency";
import { deleteOldLiveEvents } from "../live/queries";
import { enqueue } from "./queue";
import { startWorker } from "./worker";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Background work: the job queue's worker (mail, and whatever is enqueued with the changes that
 * cause it), and housekeeping timers, each safe to run in every instance at once or guarded itself.
 */
export async function startJobs(app: FastifyInstance): Promise<() => Promise<void>> {
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, name: string, job: () => Promise<unknown>) => {
    const run = () => job().catch((err) => app.log.warn({ err, job: name }, "job failed"));
    timers.push(setInterval(run, ms).unref());
  };
  every(HOUR, "delete-expired-sessions", () => deleteExpiredSessions(app.db));
  every(HOUR, "delete-stale-links", () => deleteStaleTokens(app.db));
  every(HOUR, "delete-stale-sign-in-failures", () => deleteStaleSignInFailures(app.db));
  every(HOUR, "delete-expired-idempotency-keys", () => deleteExpiredIdempotencyKeys(app.db));
  every(HOUR, "delete-old-live-events", () => deleteOldLiveEvents(app.db));
  every(HOUR, "sync-articles", () => runScheduledArticleSync(app));
  // One instance at a time moves the rows (the others find it busy and do nothing).
  every(5 * MINUTE, "keep-recent-search-rows", () => keepRecentRows(app.db));
  // Event reminders run on the queue; one pending job at a time, whichever instance asks.
  every(MINUTE, "event-reminders", () =>
    enqueue(app.db, eventRemindersJob, {}, { jobKey: "event-reminders" }),
  );
  const worker = await startWorker(app, { schedule: true });
  return async () => {
    for (const t of timers) clearInterval(t);
    await worker.stop();
  };
}
