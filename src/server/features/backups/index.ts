// What the job queue's schedule uses (src/server/jobs/worker.ts): the daily backup, its job and its hour.
export { DAILY_BACKUP_AT } from "./daily";
export { backupDatabaseJob, backupJobs } from "./jobs";
