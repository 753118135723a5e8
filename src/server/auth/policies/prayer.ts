import { type SQL, sql } from "drizzle-orm";
import { canSeeMemberContent, hasBlocked, type ModeratedRow, memberContentVisibleTo } from "./member-content";
import { column, type Viewer, type ViewerColumns } from "./viewer";

// Prayer requests and responses: private, anonymous, the patrons' list.

/**
 * A member she blocked may not answer her requests nor pray for them: true when the author of the
 * prayer_requests row `table` blocked the viewer, who is told only that the request is not there.
 * Not where the author is hidden from the viewer (an anonymous request): that refusal would name
 * its author. There she may answer; the author's block keeps her reply and its notice away from
 * the author (`canSeeMemberContent`, `notify`).
 */
export const blockedByPrayerAuthor = (viewer: Viewer | ViewerColumns, table = "prayer_requests"): SQL =>
  sql`(not ${prayerAuthorHiddenFrom(viewer, table)} and ${hasBlocked(column(table, "user_id"), viewer.id)})`;

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
