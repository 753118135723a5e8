import { job, type ScheduledRun } from "../../jobs/queue";
import { task } from "../../jobs/task";
import { noticeOpenedLessons } from "./lesson-notices";

/** Tells members of lessons that opened on their day; on the engine's schedule (src/server/jobs/worker.ts). */
export const lessonNoticesJob = job<ScheduledRun>("lesson-opened-notices");

export const certificateJobs = [
  task(lessonNoticesJob, async (_payload, { app }) => {
    await noticeOpenedLessons(app.db, app.config.timeZone);
  }),
];
