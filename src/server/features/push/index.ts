// Web Push to her devices (decision 042): what the job worker and the server's start use.
export { generateVapidKeys, type PushMessage, pushDueNotifications } from "./deliver";
export { pushJobs } from "./jobs";
