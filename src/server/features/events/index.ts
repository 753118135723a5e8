// What the job queue runs for events.
export { sendEventReminders } from "./reminders";
