import { task } from "../../jobs/task";
import { sendPush, sendPushJob } from "./deliver";

export const pushJobs = [task(sendPushJob, (push, { app }) => sendPush(app.db, app.config, push))];
