/** What other features may use of moderation: the first-day limits, checked before their writes. */
export { checkNewMemberLimit } from "./new-member-limits";
