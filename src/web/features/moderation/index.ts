// What other screens use: the actions on a member's words, the "edited" mark, the admin tab, and
// lifting a suspension (the admin Users tab).
export { useUnsuspend } from "./api";
export { BlockedMembers } from "./blocked-members";
export { ContentActions, EditedMark, MemberActions, ReportDialog } from "./content-actions";
/** The admin dashboard's Moderation tab, loaded with its tab. */
export const loadModerationTab = () => import("./moderation-tab");
