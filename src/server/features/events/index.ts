// What the job queue runs for events: the reminders, enqueued every minute.
export { eventJobs, eventRemindersJob } from "./jobs";
export { sendEventReminders } from "./reminders";
// What groups do to their events' answers when a member leaves or a group becomes private.
export { endAnswersOutOfSight } from "./service";
