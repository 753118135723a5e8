/** What other features may use of moderation: the first-day limits, around their writes. */
export { takeNewMemberPlace, withinNewMemberLimit } from "./new-member-limits";
