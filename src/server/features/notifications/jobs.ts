import { job, type ScheduledRun } from "../../jobs/queue";
import { task } from "../../jobs/task";
import { sendAfterRest } from "./after-rest";
import { fanOut, notifyMembersJob } from "./create";
import { digestMailFor, sendDigestJob, sendDigests } from "./digest";
import { afterRestJob } from "./rest-window";

/** The hourly digest run, added by the job engine's schedule (its hour is the run's "now"). */
export const sendDigestsJob = job<ScheduledRun>("send-digests");

export const notificationJobs = [
  task(notifyMembersJob, (event, { app }) => fanOut(app.db, event)),
  task(sendDigestsJob, async (run, { app }) => {
    await sendDigests(app.db, run._cron ? new Date(run._cron.ts) : new Date(), app.config.timeZone);
  }),
  task(sendDigestJob, async (digest, { app, deliver }) => {
    const mail = await digestMailFor(app.db, app.config, digest);
    if (mail) await deliver(mail);
  }),
  task(afterRestJob, (held, { app }) => sendAfterRest(app.db, app.config, held)),
];
