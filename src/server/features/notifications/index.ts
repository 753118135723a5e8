// What other features use to tell members of what happened (decision 033).

// Its jobs (the fan-out to every member, the hourly digests, what follows her rest) for the queue,
// and the sweep that mails.
export { sendAfterRest } from "./after-rest";
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
export { notificationJobs, sendDigestsJob } from "./jobs";
export { mailDueNotifications } from "./mail";
// Rest on Shabbat, for push: who rests now, and the push that follows her rest.
export {
  type AfterRest,
  afterRestJob,
  afterRestJobFor,
  joinResting,
  type RestPush,
  restingPlacesAt,
  restingTable,
  restPushJob,
} from "./rest-window";
export { stillSeenByRecipient } from "./still-seen";
export { unsubscribeToken } from "./unsubscribe";
