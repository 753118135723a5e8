// What other features may use: a reading's Markdown made into safe HTML (the same rules as lessons).

// When a lesson on a calendar rule opens for her (the `lesson_opened` notices), and a stored rule read.
export { calendarOpening } from "./calendar-rules";
export { markdownToHtml } from "./markdown";
export { ruleOf } from "./queries";
