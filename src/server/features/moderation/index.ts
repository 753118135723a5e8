/**
 * What other features may use of moderation: the first-day limits, around their writes; the
 * closing of an item's open reports, when what they name is deleted; and the log, for what an
 * administrator changes of a member's standing elsewhere (the intercessor's role).
 */
export { takeNewMemberPlace, withinNewMemberLimit } from "./new-member-limits";
export { type LogEntry, record as recordModeration, resolveReports } from "./queries";
