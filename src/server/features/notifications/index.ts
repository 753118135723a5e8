// What other features use to tell members of what happened (decision 033).
export {
  type EveryMemberEvent,
  fanOut,
  type NotificationEvent,
  notify,
  notifyEveryMember,
  withdrawNotices,
} from "./create";
export { type DigestJob, digestMailFor, sendDigests } from "./digest";
export { mailDueNotifications } from "./mail";
export { stillSeenByRecipient } from "./still-seen";
export { unsubscribeToken } from "./unsubscribe";
