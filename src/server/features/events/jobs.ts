import { job } from "../../jobs/queue";
import { task } from "../../jobs/task";
import { sendEventReminders } from "./reminders";

/** Reminders of the dates starting within a day or an hour; enqueued every minute (src/server/jobs/index.ts). */
export const eventRemindersJob = job<Record<string, unknown>>("event-reminders");

export const eventJobs = [task(eventRemindersJob, (_payload, { app }) => sendEventReminders(app.db))];
