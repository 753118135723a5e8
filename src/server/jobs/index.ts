import type { FastifyInstance } from "fastify";
import { deleteExpiredSessions } from "../auth/sessions";
import { runScheduledArticleSync } from "../features/articles/service";

const HOUR = 60 * 60 * 1000;

/** Recurring work. Every instance runs the timers; each job is safe to run concurrently or guards itself. */
export function startJobs(app: FastifyInstance) {
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, name: string, job: () => Promise<unknown>) => {
    const run = () => job().catch((err) => app.log.warn({ err, job: name }, "job failed"));
    timers.push(setInterval(run, ms).unref());
  };
  every(HOUR, "delete-expired-sessions", () => deleteExpiredSessions(app.db));
  every(HOUR, "sync-articles", () => runScheduledArticleSync(app));
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
