// Moved to src/server/activity/record.ts (the activity log is shared by every feature, not a feature of
// its own). This re-export stays only for src/server/auth/accounts.ts; delete it once that imports
// "../activity/record".
export { type ActivityKind, recordActivity } from "../../activity/record";
