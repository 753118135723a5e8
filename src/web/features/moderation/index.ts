// What other screens use: the actions on a member's words, the "edited" mark, the admin tab, and
// the actions on a member (the admin Users tab).
export { useUnsuspend } from "./api";
export { BlockedMembers } from "./blocked-members";
export { ContentActions, EditedMark, MemberActions, ReportDialog } from "./content-actions";
export { type ModeratedMember, RemoveMemberDialog, SuspendDialog, WarnDialog } from "./reason-dialogs";
/** The admin dashboard's Moderation tab, loaded with its tab. */
export const loadModerationTab = () => import("./moderation-tab");
