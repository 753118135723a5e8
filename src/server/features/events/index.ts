// What the job queue runs for events.
export { sendEventReminders } from "./reminders";
// What groups do to their events' answers when a member leaves or a group becomes private.
export { endAnswersOutOfSight } from "./service";
