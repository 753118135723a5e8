import { type SQL, sql } from "drizzle-orm";
import { type GroupKind, groupLedBy, leadsGroup } from "./groups";
import {
  blockedEitherWay,
  canSeeMemberContent,
  hasBlocked,
  isSuspended,
  type ModeratedRow,
  memberContentVisibleTo,
} from "./member-content";
import { column, type Viewer, type ViewerColumns } from "./viewer";

// A group's conversation: who reads and writes it, and who edits, removes and pins what is there.

/** Her membership in a group, as the rules read it: her role, or none (a pending request is none). */
type Membership = { role: string | null } | null | undefined;

const MEMBERS_TABLE: Record<GroupKind, string> = {
  cultivation: "cultivation_group_members",
  local: "local_group_members",
};

/**
 * She may read and write a group's conversation when she is one of its accepted members: a
 * request that waits is not membership, and a group's privacy changes nothing (an open group's
 * words are still its members'). Nobody else, the administrators included, is told it exists
 * (404). Leaving the group ends it at once: the rule reads her membership on every request.
 */
export function mayTakePartInConversation(membership: Membership): boolean {
  return membership?.role != null;
}

/**
 * SQL of `mayTakePartInConversation` for a member and a group named by id (or by columns of the
 * statement): a look-up on the memberships' (group, member) index.
 */
export const conversationOpenTo = (kind: GroupKind, groupId: number | SQL, memberId: number | SQL): SQL =>
  sql`exists (select 1 from ${sql.identifier(MEMBERS_TABLE[kind])} cm
    where cm.group_id = ${groupId} and cm.user_id = ${memberId})`;

/** The same rule, each kind's, for the group of the group_posts row `table`. */
const byGroupOfPost = (table: string, rule: (kind: GroupKind, groupId: SQL) => SQL): SQL =>
  sql`(case ${column(table, "group_kind")}
    when 'cultivation' then ${rule("cultivation", column(table, "group_id"))}
    when 'local' then ${rule("local", column(table, "group_id"))}
    else false end)`;

/** SQL of `mayTakePartInConversation` for the group of the group_posts row `table`. */
export const postConversationOpenTo = (memberId: number | SQL, table = "group_posts"): SQL =>
  byGroupOfPost(table, (kind, groupId) => conversationOpenTo(kind, groupId, memberId));

/**
 * `mayTakePartInConversation` as a set: the ids of the groups of `kind` whose conversation the
 * member takes part in (a select of one column), for a statement that starts from her groups.
 */
export const conversationGroupsOf = (kind: GroupKind, memberId: number | SQL): SQL =>
  sql`select cm.group_id from ${sql.identifier(MEMBERS_TABLE[kind])} cm where cm.user_id = ${memberId}`;

/**
 * Whether the group_posts row `table` is in one of her groups by its id alone, of either kind: what
 * `postConversationOpenTo` implies and an index on a post's group can read. A group of the other
 * kind with the same id passes it too, so it only narrows; the rule itself decides.
 */
export const postInGroupIdsOf = (memberId: number | SQL, table = "group_posts"): SQL =>
  sql`(${column(table, "group_id")} = any(array(${conversationGroupsOf("cultivation", memberId)}
    union all ${conversationGroupsOf("local", memberId)})))`;

/** SQL of `leadsGroup` for the group of the group_posts row `table`. */
export const postGroupLedBy = (memberId: number | SQL, table = "group_posts"): SQL =>
  byGroupOfPost(table, (kind, groupId) => groupLedBy(kind, groupId, memberId));

/**
 * A post or a reply in a group's conversation is for the group's members (`mayTakePartInConversation`),
 * and among them it is members' content (`canSeeMemberContent`): a hidden one, or one by a suspended
 * member, is kept from all but its author and the administrators, and what a member she blocked
 * wrote leaves her view.
 */
export function canSeeGroupPost(viewer: Viewer, row: ModeratedRow, membership: Membership): boolean {
  return mayTakePartInConversation(membership) && canSeeMemberContent(viewer, row);
}

/**
 * SQL of `canSeeGroupPost`: a condition on the group_posts row `table`. A reply is seen with its
 * post: `groupPostVisibleTo` on the post, `memberContentVisibleTo` on the reply.
 */
export const groupPostVisibleTo = (viewer: Viewer | ViewerColumns, table = "group_posts"): SQL =>
  sql`(${postConversationOpenTo(viewer.id, table)} and ${memberContentVisibleTo(viewer, table)})`;

/**
 * Her home page shows the newest posts of her groups more sparingly than the conversation does:
 * none hidden (her own included), none by a suspended member, none across a block either way
 * (`blockedByAuthor`: its author blocked her), whoever she is, an administrator too.
 */
export function showsGroupPostOnHome(
  row: ModeratedRow & { blockedByAuthor: boolean },
  membership: Membership,
): boolean {
  return (
    mayTakePartInConversation(membership) &&
    row.hiddenAt === null &&
    !isSuspended(row.authorSuspendedUntil) &&
    !row.authorBlockedByViewer &&
    !row.blockedByAuthor
  );
}

/** SQL of `showsGroupPostOnHome`: a condition on the group_posts row `table`. */
export const groupPostOnHomeOf = (viewer: { id: number | SQL }, table = "group_posts"): SQL => {
  const author = column(table, "user_id");
  return sql`(${postConversationOpenTo(viewer.id, table)} and ${column(table, "hidden_at")} is null
    and not exists (select 1 from users su where su.id = ${author} and su.suspended_until > now())
    and not ${blockedEitherWay(viewer.id, author)})`;
};

/** Only its author edits a post or a reply (and marks her prayer request answered). */
export function mayEditGroupPost(viewer: Viewer, post: { userId: number }): boolean {
  return post.userId === viewer.id;
}

/** SQL of `mayEditGroupPost`: a condition on the row `table` (with `user_id`). */
export const groupPostEditableBy = (viewer: { id: number | SQL }, table = "group_posts"): SQL =>
  sql`(${column(table, "user_id")} = ${viewer.id})`;

/**
 * A post or a reply is deleted by its author, or removed by a leader of its group (`leadsGroup`),
 * who says why in the moderation log. `membership` is the viewer's in the post's group.
 */
export function mayRemoveGroupPost(
  viewer: Viewer,
  post: { userId: number; groupKind: GroupKind },
  membership: Membership,
): boolean {
  return mayEditGroupPost(viewer, post) || leadsGroup(post.groupKind, membership);
}

/** SQL of `mayRemoveGroupPost`: a condition on the group_posts row `table`. */
export const groupPostRemovableBy = (viewer: { id: number | SQL }, table = "group_posts"): SQL =>
  sql`(${groupPostEditableBy(viewer, table)} or ${postGroupLedBy(viewer.id, table)})`;

/** Those who lead a group pin its posts (at most `MAX_PINNED_POSTS` at once) and unpin them. */
export function mayPinGroupPost(kind: GroupKind, membership: Membership): boolean {
  return leadsGroup(kind, membership);
}

/** Those who lead a group post its announcements; its other members discuss, ask and pray. */
export function mayAnnounceInGroup(kind: GroupKind, membership: Membership): boolean {
  return leadsGroup(kind, membership);
}

/**
 * A member the author blocked may not reply to her post, react to it or pray for it: she is told
 * it is not there, as on the prayer wall. SQL: true when the author of the row `table` blocked her.
 */
export const blockedByGroupPostAuthor = (viewerId: number | SQL, table = "group_posts"): SQL =>
  hasBlocked(column(table, "user_id"), viewerId);
