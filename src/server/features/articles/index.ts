// What others use: the housekeeping timers (src/server/jobs/index.ts), the hourly sync of the
// newsletter's feed; the dashboard's status, the sentence of a failed sync from what its run kept.
export { storedFailureMessage } from "./feed-failures";
export { runScheduledArticleSync } from "./service";
