import { type SQL, sql } from "drizzle-orm";
import { HIDDEN_MEMBER_NAME } from "../../core/format";

/**
 * Who may see which row, and what of it: each rule written once, as a TypeScript function for a
 * row already read and, beside it, the SQL that applies the same rule inside a query (so a list
 * never reads rows only to drop them). Change a pair together; policies.test.ts checks they agree.
 * Which routes a member may call at all is another matter (access.ts, route-policies.ts).
 */

/** The one asking, as her session knows her. */
export interface Viewer {
  id: number;
  isAdmin: boolean;
}

/**
 * A viewer known only inside a statement: set-based statements that serve several members at
 * once (the batched "I prayed") read her id and rights from columns of their input.
 */
export interface ViewerColumns {
  id: SQL;
  isAdmin: SQL;
}

const column = (table: string, name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;

// What members write (requests, responses, reflections, comments): hidden, suspended, blocked.

/**
 * A row a member wrote, with what moderation knows of it: hidden once reports reached the
 * threshold, its author suspended, its author blocked by the viewer (decision 040).
 */
export interface ModeratedRow {
  userId: number;
  hiddenAt: Date | null;
  /** Her suspension's end, if she was ever suspended (see `isSuspended`). */
  authorSuspendedUntil: Date | null;
  /** The viewer blocked its author. */
  authorBlockedByViewer: boolean;
}

/**
 * Hidden content and a suspended member's content are kept from everyone but their author and the
 * administrators; what a member she blocked wrote leaves her views (she is not told). An
 * administrator's views are never narrowed, blocks included: she must see what she moderates.
 *
 * Blocks never touch words whose author is hidden from her (an anonymous request, its author's
 * replies on it): she cannot know whose they are, and if blocking changed what she sees, block,
 * look and unblock would name the author. Her block still keeps that author's notices and replies
 * from her (`notify`, `blockedByPrayerAuthor`).
 */
export function canSeeMemberContent(
  viewer: Viewer,
  row: ModeratedRow,
  { authorHidden = false, now = new Date() }: { authorHidden?: boolean; now?: Date } = {},
): boolean {
  if (viewer.isAdmin || row.userId === viewer.id) return true;
  if (row.authorBlockedByViewer && !authorHidden) return false;
  return row.hiddenAt === null && !isSuspended(row.authorSuspendedUntil, now);
}

/**
 * Whether a suspension lasts at `now`. A suspension for good is stored as 'infinity', which reads
 * back as a Date that is not a number.
 */
export function isSuspended(until: Date | null, now = new Date()): boolean {
  return until !== null && (Number.isNaN(until.getTime()) || until.getTime() > now.getTime());
}

/**
 * SQL of `canSeeMemberContent`: a condition on the row `table` (with `user_id` and `hidden_at`);
 * `authorHidden`, a condition on the same row, is its option of that name.
 */
export function memberContentVisibleTo(
  viewer: { id: number | SQL; isAdmin: boolean | SQL },
  table: string,
  authorHidden?: SQL,
): SQL {
  if (viewer.isAdmin === true) return sql`true`;
  const author = column(table, "user_id");
  const notBlocked = sql`not exists (select 1 from member_blocks mb where mb.blocker_id = ${viewer.id} and mb.blocked_id = ${author})`;
  const shown = sql`(${author} = ${viewer.id} or (${column(table, "hidden_at")} is null
    and not exists (select 1 from users su where su.id = ${author} and su.suspended_until > now())
    and ${authorHidden ? sql`(${notBlocked} or ${authorHidden})` : notBlocked}))`;
  return viewer.isAdmin === false ? shown : sql`(${shown} or ${viewer.isAdmin})`;
}

/**
 * What a member wrote (a prayer request, a response, a reflection, a comment) is changed by its
 * author alone: she edits it and marks her request answered. To anyone else it is not there to
 * edit (404), or the change is refused where she may see it (403).
 */
export function mayEditPost(viewer: Viewer, post: { userId: number }): boolean {
  return post.userId === viewer.id;
}

/** SQL of `mayEditPost`: a condition on the row `table` (with `user_id`). */
export const postEditableBy = (viewer: { id: number | SQL }, table: string): SQL =>
  sql`${column(table, "user_id")} = ${viewer.id}`;

/** Its author deletes what she wrote; the administrators delete anything (the moderation log keeps it). */
export function mayDeletePost(viewer: Viewer, post: { userId: number }): boolean {
  return mayEditPost(viewer, post) || viewer.isAdmin;
}

/**
 * A member she blocked may not answer her requests nor pray for them: true when the author of the
 * prayer_requests row `table` blocked the viewer, who is told only that the request is not there.
 * Not where the author is hidden from the viewer (an anonymous request): that refusal would name
 * its author. There she may answer; the author's block keeps her reply and its notice away from
 * the author (`canSeeMemberContent`, `notify`).
 */
export const blockedByPrayerAuthor = (viewer: Viewer | ViewerColumns, table = "prayer_requests"): SQL =>
  sql`(not ${prayerAuthorHiddenFrom(viewer, table)} and exists (select 1 from member_blocks mb
    where mb.blocker_id = ${column(table, "user_id")} and mb.blocked_id = ${viewer.id}))`;

// Prayer requests: who may see one.

/**
 * A private request is kept from the prayer wall: besides its author, the administrators alone may
 * see it, pray for it or answer it there. Everyone else is told it does not exist (404), never that
 * it is private. A patron may also share a private request with the intercessors, who then pray
 * for it from their own list (`isOnPatronsPrayerList`), not from the wall.
 */
export function canSeePrayerRequest(
  viewer: Viewer,
  request: { isPrivate: boolean; isAnonymous: boolean } & ModeratedRow,
): boolean {
  return (
    (!request.isPrivate &&
      canSeeMemberContent(viewer, request, { authorHidden: hidesPrayerAuthorFrom(viewer, request) })) ||
    request.userId === viewer.id ||
    viewer.isAdmin
  );
}

/**
 * The same rule as disjoint conditions on the prayer_requests row `table` (public ones; her own
 * private ones), so a list can read each on its own index: `prayer_requests_public_idx` and
 * `prayer_requests_user_idx`.
 */
function memberBranches(viewerId: number | SQL, table: string): SQL[] {
  const isPrivate = column(table, "is_private");
  // Past the author's own rows (the first test of `memberContentVisibleTo`), anonymity alone hides her.
  return [
    sql`${isPrivate} = false and ${memberContentVisibleTo({ id: viewerId, isAdmin: false }, table, column(table, "is_anonymous"))}`,
    sql`${column(table, "user_id")} = ${viewerId} and ${isPrivate} = true`,
  ];
}

/** SQL of `canSeePrayerRequest`: a condition on the prayer_requests row `table`. */
export function prayerRequestVisibleTo(viewer: Viewer | ViewerColumns, table = "prayer_requests"): SQL {
  if (viewer.isAdmin === true) return sql`true`;
  const branches = memberBranches(viewer.id, table).map((branch) => sql`(${branch})`);
  if (viewer.isAdmin !== false) branches.push(viewer.isAdmin);
  return sql`(${sql.join(branches, sql` or `)})`;
}

/**
 * SQL of `canSeePrayerRequest` for a page of a list: a subquery of the newest ids the viewer may
 * see, `where` (given the table's alias) narrowing every branch. A member's two branches are each
 * read newest first on their own index and cut at `limit`, so a deep page costs what the first
 * one does however many requests there are; an administrator's one branch reads the primary key.
 * The caller orders and limits what it selects with `id in (...)`.
 */
export function newestPrayerRequestIdsVisibleTo(
  viewer: Viewer,
  { limit, where }: { limit: number; where?: (table: string) => SQL[] },
): SQL {
  const branches = viewer.isAdmin ? [sql`true`] : memberBranches(viewer.id, "r");
  const selects = branches.map(
    (branch) =>
      sql`select r.id from prayer_requests r where ${sql.join([branch, ...(where?.("r") ?? [])], sql` and `)}
        order by r.id desc limit ${limit}`,
  );
  // One branch stands alone: `id in ((select ...))` would read as a single value.
  return selects.length === 1
    ? selects[0]!
    : sql.join(
        selects.map((s) => sql`(${s})`),
        sql` union all `,
      );
}

// Prayer requests: whose name an anonymous one hides.

/**
 * An anonymous request keeps its author's name and picture from the other members, on the request
 * and on her own replies to it. She still sees herself, and administrators see who wrote it.
 */
export function hidesPrayerAuthorFrom(
  viewer: Viewer,
  request: { userId: number; isAnonymous: boolean },
): boolean {
  return request.isAnonymous && request.userId !== viewer.id && !viewer.isAdmin;
}

/**
 * SQL of `hidesPrayerAuthorFrom`: true where the author of the prayer_requests row `table` is
 * hidden from the viewer (`case when ... then null else u.first_name end` keeps her name in the
 * database).
 */
export function prayerAuthorHiddenFrom(viewer: Viewer | ViewerColumns, table = "prayer_requests"): SQL {
  if (viewer.isAdmin === true) return sql`false`;
  const hidden = sql`(${column(table, "is_anonymous")} and ${column(table, "user_id")} <> ${viewer.id})`;
  return viewer.isAdmin === false ? hidden : sql`(${hidden} and not ${viewer.isAdmin})`;
}

// The patrons' prayer list: which requests the intercessors pray for.

/**
 * A patron's request is on the intercessors' list when it is public or she shared it with them
 * (a private one otherwise stays hers and the administrators'), and the one reading the list may
 * see it as members' content: hidden requests and a suspended patron's stay away, and so does a
 * named one by a patron she blocked (`canSeeMemberContent`). Who may read the list at all is the
 * route's (the intercessors and the administrators: route-policies.ts).
 */
export function isOnPatronsPrayerList(
  viewer: Viewer,
  request: {
    authorIsPatron: boolean;
    isPrivate: boolean;
    shareWithIntercessors: boolean;
    isAnonymous: boolean;
  } & ModeratedRow,
): boolean {
  return (
    request.authorIsPatron &&
    (!request.isPrivate || request.shareWithIntercessors) &&
    canSeeMemberContent(viewer, request, { authorHidden: hidesPrayerAuthorFrom(viewer, request) })
  );
}

/**
 * SQL of `isOnPatronsPrayerList`: a condition on the prayer_requests row `table` and its author's
 * users row `author`, which the list joins anyway for her name.
 */
export const patronsPrayerListHolds = (viewer: Viewer, table: string, author: string): SQL =>
  sql`${column(author, "membership_tier")} = 'premium'
    and (${column(table, "is_private")} = false or ${column(table, "share_with_intercessors")})
    and ${memberContentVisibleTo(viewer, table, prayerAuthorHiddenFrom(viewer, table))}`;

// Responses to prayer requests: who may see one.

/**
 * A response is member content (`canSeeMemberContent`); the author of an anonymous request replying
 * on it stays anonymous (`hidesPrayerResponseAuthorFrom`), so the viewer's blocks do not apply to
 * that reply either. Whether she may see the request it answers is the caller's to check.
 */
export function canSeePrayerResponse(
  viewer: Viewer,
  response: ModeratedRow,
  request: { userId: number; isAnonymous: boolean },
): boolean {
  return canSeeMemberContent(viewer, response, {
    authorHidden: hidesPrayerResponseAuthorFrom(viewer, response, request),
  });
}

/** The author of an anonymous request answering on it keeps her name hidden there too. */
export function hidesPrayerResponseAuthorFrom(
  viewer: Viewer,
  response: { userId: number },
  request: { userId: number; isAnonymous: boolean },
): boolean {
  return response.userId === request.userId && hidesPrayerAuthorFrom(viewer, request);
}

/** SQL of `canSeePrayerResponse`: a condition on the prayer_responses row `table`. */
export function prayerResponseVisibleTo(viewer: Viewer | ViewerColumns, table = "prayer_responses"): SQL {
  return memberContentVisibleTo(viewer, table, prayerResponseAuthorHiddenFrom(viewer, table));
}

/** SQL of `hidesPrayerResponseAuthorFrom`: a condition on the prayer_responses row `table`. */
export function prayerResponseAuthorHiddenFrom(
  viewer: Viewer | ViewerColumns,
  table = "prayer_responses",
): SQL {
  return sql`exists (select 1 from prayer_requests anon
    where anon.id = ${column(table, "prayer_request_id")} and anon.user_id = ${column(table, "user_id")}
      and ${prayerAuthorHiddenFrom(viewer, "anon")})`;
}

// Blocks between two members: what they may not start together.

/**
 * True when either of the two members blocked the other: they are never paired (a discipleship
 * match) nor brought together by an action of one of them, which then answers as if the other
 * were not there (decision 040). Each side is read on `member_blocks`' primary key.
 */
export const blockedEitherWay = (a: number | SQL, b: number | SQL): SQL =>
  sql`(exists (select 1 from member_blocks mb where mb.blocker_id = ${a} and mb.blocked_id = ${b})
    or exists (select 1 from member_blocks mb where mb.blocker_id = ${b} and mb.blocked_id = ${a}))`;

// Groups: who leads one.

/** Cultivation groups and local groups: alike but for their words. */
export type GroupKind = "cultivation" | "local";

/** The role of those who lead a group of each kind: a cultivation group's admins, a local group's leaders. */
export const LEADING_ROLE = { cultivation: "admin", local: "leader" } as const satisfies Record<
  GroupKind,
  string
>;

const MEMBERS_TABLE: Record<GroupKind, string> = {
  cultivation: "cultivation_group_members",
  local: "local_group_members",
};

/**
 * She leads a group when her membership holds her kind of group's leading role. Those who lead a
 * group change it, decide who joins, create its events, see the names its members keep from others
 * (`hidesProfileFrom`), and their reports weigh double in a settled group (moderation).
 */
export function leadsGroup(kind: GroupKind, membership: { role: string | null } | null | undefined): boolean {
  return membership?.role === LEADING_ROLE[kind];
}

/** SQL of `leadsGroup` on a membership row at hand: the `kind` members' row `table`. */
export const membershipLeads = (kind: GroupKind, table: string): SQL =>
  sql`${column(table, "role")} = ${sql.raw(`'${LEADING_ROLE[kind]}'`)}`;

/**
 * SQL of `leadsGroup` for a member and a group named by id (or by columns of the statement): a
 * look-up on the memberships' (group, member) index.
 */
export const groupLedBy = (kind: GroupKind, groupId: number | SQL, memberId: number | SQL): SQL =>
  sql`exists (select 1 from ${sql.identifier(MEMBERS_TABLE[kind])} gl
    where gl.group_id = ${groupId} and gl.user_id = ${memberId} and ${membershipLeads(kind, "gl")})`;

/** Those who lead the group, as the user ids a notification goes to (its requests to join). */
export const leadersOf = (kind: GroupKind, groupId: number | SQL): SQL =>
  sql`select gl.user_id from ${sql.identifier(MEMBERS_TABLE[kind])} gl
    where gl.group_id = ${groupId} and ${membershipLeads(kind, "gl")}`;

/**
 * Who may change a group (what it says of itself, its settings, its members and their roles) and
 * decide who joins: those who lead it. The administrators' page closes no group either.
 */
export function mayEditGroup(
  kind: GroupKind,
  membership: { role: string | null } | null | undefined,
): boolean {
  return leadsGroup(kind, membership);
}

// Members' names: whom her "Show my profile to other members" setting hides them from.

/** A member as the viewer meets her beside what she wrote or joined, with what ties them. */
export interface ProfileRow {
  userId: number;
  /** Her setting as stored: unset means shown, only `false` hides. */
  showProfileToMembers: boolean | undefined;
  /** The viewer leads a group she belongs to (`leadsGroup`). */
  viewerLeadsHerGroup: boolean;
  /** The viewer and she have an active or pending discipleship connection (either way round). */
  viewerIsHerPartner: boolean;
}

/**
 * `showProfileToMembers: false` keeps her name and picture from the other members everywhere they
 * would appear (they see "A member"), but not from herself, the administrators, the admins and
 * leaders of the groups she belongs to, nor her discipleship partners.
 */
export function hidesProfileFrom(viewer: Viewer, row: ProfileRow): boolean {
  return (
    row.showProfileToMembers === false &&
    row.userId !== viewer.id &&
    !viewer.isAdmin &&
    !row.viewerLeadsHerGroup &&
    !row.viewerIsHerPartner
  );
}

/** Her name and picture as the viewer may see them: "A member" and nothing else where hidden. */
export function personAsSeenBy(
  viewer: Viewer,
  row: ProfileRow & { firstName: string | null; lastName: string | null; profileImageUrl: string | null },
) {
  return hidesProfileFrom(viewer, row)
    ? { firstName: HIDDEN_MEMBER_NAME, lastName: null, profileImageUrl: null }
    : { firstName: row.firstName, lastName: row.lastName, profileImageUrl: row.profileImageUrl };
}

/**
 * SQL of `hidesProfileFrom`: true where the member of the users row `table` is hidden from the
 * viewer. Only a member whose setting is off costs more than reading her row: the exceptions are
 * looked up for her alone (a CASE evaluates them in order, only then), each on indexes (her
 * memberships on cultivation_members_user_idx, then whether the viewer leads each on
 * cultivation_members_group_user_idx, the same two for local groups,
 * discipleship_connections_mentor_idx and _mentee_idx).
 */
export function profileHiddenFrom(viewer: Viewer | ViewerColumns, table = "users"): SQL {
  if (viewer.isAdmin === true) return sql`false`;
  const member = column(table, "id");
  const shownAnyway = [
    sql`${member} = ${viewer.id}`,
    ...(viewer.isAdmin === false ? [] : [viewer.isAdmin]),
    sql`exists (select 1 from cultivation_group_members seen_gm
      where seen_gm.user_id = ${member} and ${groupLedBy("cultivation", sql`seen_gm.group_id`, viewer.id)})`,
    sql`exists (select 1 from local_group_members seen_lm
      where seen_lm.user_id = ${member} and ${groupLedBy("local", sql`seen_lm.group_id`, viewer.id)})`,
    sql`exists (select 1 from discipleship_connections seen_dc
      where seen_dc.status in ('active', 'pending')
        and ((seen_dc.mentor_id = ${viewer.id} and seen_dc.mentee_id = ${member})
          or (seen_dc.mentee_id = ${viewer.id} and seen_dc.mentor_id = ${member})))`,
  ];
  return sql`(case when ${column(table, "settings")} -> 'showProfileToMembers' = 'false'::jsonb
    then not (${sql.join(shownAnyway, sql` or `)}) else false end)`;
}

/**
 * SQL of `personAsSeenBy` for the users row `table`: her first name, or "A member" where she is
 * hidden; her last name, picture and e-mail, or null. Select those the answer carries.
 */
export function personColumnsSeenBy(viewer: Viewer | ViewerColumns, table = "users") {
  const hidden = profileHiddenFrom(viewer, table);
  const unlessHidden = (name: string) =>
    sql<string | null>`(case when ${hidden} then null else ${column(table, name)} end)`;
  return {
    firstName: sql<string | null>`(case when ${hidden} then ${sql.raw(`'${HIDDEN_MEMBER_NAME}'`)}
      else ${column(table, "first_name")} end)`,
    lastName: unlessHidden("last_name"),
    profileImageUrl: unlessHidden("profile_image_url"),
    email: unlessHidden("email"),
  };
}

// Events: who may open one, and so who hears of it.

/** An event as its audience rule needs it, with what ties the viewer to it. */
export interface EventAudienceRow {
  createdBy: number | null;
  /** Its cultivation group, if it belongs to one (a local group's events are every member's). */
  groupId: number | null;
  groupIsPrivate: boolean;
  /** The viewer belongs to its cultivation group. */
  viewerInGroup: boolean;
}

/**
 * A private cultivation group's events are its members', their creator's and the administrators';
 * every other event (the ministry's, a public group's, a local group's) is every member's. Others
 * are told it does not exist (404), and the same rule, at that moment, chooses who is told of it
 * (decision 038).
 */
export function canSeeEvent(viewer: Viewer, event: EventAudienceRow): boolean {
  return (
    viewer.isAdmin ||
    event.createdBy === viewer.id ||
    event.groupId === null ||
    !event.groupIsPrivate ||
    event.viewerInGroup
  );
}

/**
 * SQL of `canSeeEvent`: a condition on the events row `table`. Each tie is a look-up on a key
 * (the group's primary key, the membership's (group, member) index): inside an OR, an EXISTS may be
 * planned as a hash of the whole table, which a list of notices or of events would build each time.
 */
export function eventVisibleTo(viewer: Viewer | ViewerColumns, table = "events"): SQL {
  if (viewer.isAdmin === true) return sql`true`;
  const groupId = column(table, "group_id");
  // Its creator's account may be gone: null is no one, and the rule answers true or false, never null.
  const seen = sql`(${groupId} is null or ${column(table, "created_by")} is not distinct from ${viewer.id}
    or coalesce((select not seen_eg.is_private from cultivation_groups seen_eg where seen_eg.id = ${groupId}), false)
    or coalesce((select true from cultivation_group_members seen_em
      where seen_em.group_id = ${groupId} and seen_em.user_id = ${viewer.id}), false))`;
  return viewer.isAdmin === false ? seen : sql`(${seen} or ${viewer.isAdmin})`;
}

/**
 * Who may change or cancel an event, read who is coming and write to them, and always has its online
 * link: its creator and the administrators.
 */
export function mayEditEvent(viewer: Viewer, event: { createdBy: number | null }): boolean {
  return viewer.isAdmin || event.createdBy === viewer.id;
}

/** SQL of `mayEditEvent`: a condition on the events row `table`. */
export function eventEditableBy(viewer: Viewer, table = "events"): SQL {
  if (viewer.isAdmin) return sql`true`;
  // Its creator's account may be gone: null is no one.
  return sql`(${column(table, "created_by")} is not distinct from ${viewer.id})`;
}

/** She belongs to the event's group, cultivation or local (a ministry event has none): on the events row `table`. */
export const inEventGroup = (viewerId: number, table = "events"): SQL => sql`(case
    when ${column(table, "group_id")} is not null then exists (select 1 from cultivation_group_members ig
      where ig.group_id = ${column(table, "group_id")} and ig.user_id = ${viewerId})
    when ${column(table, "local_group_id")} is not null then exists (select 1 from local_group_members ig
      where ig.group_id = ${column(table, "local_group_id")} and ig.user_id = ${viewerId})
    else false
  end)`;

/**
 * Where an event happens: a ministry event's place is every member's; a group's (cultivation or
 * local) is its members', and of those who may change it (`mayEditEvent`). The others see that it
 * happens and when, not where.
 */
export function canSeeEventPlace(
  viewer: Viewer,
  event: {
    createdBy: number | null;
    groupId: number | null;
    localGroupId: number | null;
    viewerInGroup: boolean;
  },
): boolean {
  return (
    mayEditEvent(viewer, event) ||
    (event.groupId === null && event.localGroupId === null) ||
    event.viewerInGroup
  );
}

/**
 * SQL of `canSeeEventPlace`: a condition on the events row `table`; `viewerInGroup`, the statement's
 * own reading of `inEventGroup` where it has one.
 */
export const eventPlaceVisibleTo = (viewer: Viewer, table = "events", viewerInGroup?: SQL): SQL =>
  sql`(${eventEditableBy(viewer, table)}
    or (${column(table, "group_id")} is null and ${column(table, "local_group_id")} is null)
    or ${viewerInGroup ?? inEventGroup(viewer.id, table)})`;

/** An event's online link: for those going to any of its dates, and those who may change it (`mayEditEvent`). */
export function canJoinEventOnline(
  viewer: Viewer,
  event: { createdBy: number | null; viewerGoing: boolean },
): boolean {
  return mayEditEvent(viewer, event) || event.viewerGoing;
}

/** SQL of `canJoinEventOnline`: a condition on the events row `table`. */
export const eventOnlineLinkOpenTo = (viewer: Viewer, table = "events"): SQL =>
  sql`(${eventEditableBy(viewer, table)} or exists (select 1 from event_rsvps og
    where og.event_id = ${column(table, "id")} and og.user_id = ${viewer.id} and og.status = 'going'))`;

/**
 * Who may create an event: the administrators, the ministry's or any group's; those who lead a group
 * (`leadsGroup`), that group's. `group` is the group it would belong to, if any.
 */
export function mayCreateEvent(viewer: Viewer, group: { viewerLeads: boolean } | null): boolean {
  return viewer.isAdmin || group?.viewerLeads === true;
}

/**
 * A member named by the column `id` of a statement (a recipient, an answer's author), as a viewer:
 * her rights read from her users row.
 */
export const memberOfStatement = (id: SQL): ViewerColumns => ({
  id,
  isAdmin: sql`coalesce((select seen_ra.role = 'admin' from users seen_ra where seen_ra.id = ${id}), false)`,
});
