import { job, type ScheduledRun } from "../../jobs/queue";
import { task } from "../../jobs/task";
import { runDailyBackup } from "./daily";

/** The daily backup, added by the job engine's schedule (`DAILY_BACKUP_AT`). */
export const backupDatabaseJob = job<ScheduledRun>("backup-database");

export const backupJobs = [
  task(backupDatabaseJob, async (_run, { app }) => {
    await runDailyBackup(app);
  }),
];
