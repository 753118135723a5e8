import { job, type ScheduledRun } from "../../jobs/queue";
import { task } from "../../jobs/task";
import { tellPatronsTheyWerePrayedFor } from "./service";

/** The weekly word to the patrons the intercessors prayed for, added by the job engine's schedule. */
export const intercessorsPrayedJob = job<ScheduledRun>("intercessors-prayed");

export const intercessorJobs = [
  task(intercessorsPrayedJob, async (run, { app }) => {
    await tellPatronsTheyWerePrayedFor(app.db, run._cron ? new Date(run._cron.ts) : new Date());
  }),
];
