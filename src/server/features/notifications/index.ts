// What other features use to tell members of what happened (decision 033).
export {
  type EveryMemberEvent,
  fanOut,
  type GatheredEvent,
  type NotificationEvent,
  notificationInsert,
  notify,
  notifyEveryMember,
  withdrawNotices,
} from "./create";
export { type DigestJob, sendDigests } from "./digest";
// Its jobs (the fan-out to every member, the hourly digests) for the queue, and the sweep that mails.
export { notificationJobs, sendDigestsJob } from "./jobs";
export { mailDueNotifications } from "./mail";
export { stillSeenByRecipient } from "./still-seen";
export { unsubscribeToken } from "./unsubscribe";
