// What the housekeeping timers use (src/server/jobs/index.ts): the hourly sync of the newsletter's feed.
export { runScheduledArticleSync } from "./service";
