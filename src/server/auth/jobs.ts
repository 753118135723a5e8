import { task } from "../jobs/task";
import { mailPasswordReset, sendPasswordResetJob } from "./identity";

export const authJobs = [
  task(sendPasswordResetJob, ({ email }, { app }) => mailPasswordReset(app.db, app.config, email)),
];
