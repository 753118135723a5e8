// What the job queue's schedule uses (src/server/jobs/worker.ts): the daily backup, its job and its hour.

// What a start uses (src/server/main.ts): new migrations applied after a backup of the data.
export { migrateWithBackup, UpgradeFailed } from "./before-migrating";
export { DAILY_BACKUP_AT } from "./daily";
// What the dashboard's status reads: the newest backup in the folder, of any kind.
export { newestBackupFile } from "./folder";
export { backupDatabaseJob, backupJobs } from "./jobs";
