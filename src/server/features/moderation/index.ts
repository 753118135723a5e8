/**
 * What other features may use of moderation: the first-day limits, around their writes; and the
 * closing of an item's open reports, when what they name is deleted.
 */
export { takeNewMemberPlace, withinNewMemberLimit } from "./new-member-limits";
export { resolveReports } from "./queries";
