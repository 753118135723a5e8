import { task } from "../../jobs/task";
import { restPushJob } from "../notifications";
import { sendPush, sendPushJob, sendRestPush } from "./deliver";

export const pushJobs = [
  task(sendPushJob, (push, { app }) => sendPush(app.db, app.config, push)),
  task(restPushJob, (push, { app }) => sendRestPush(app.db, app.config, push)),
];
