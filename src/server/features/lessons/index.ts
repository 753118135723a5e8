// What other features may use: a reading's Markdown made into safe HTML (the same rules as lessons).
export { markdownToHtml } from "./markdown";
