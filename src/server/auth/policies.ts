import { type SQL, sql } from "drizzle-orm";

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
 */
export function canSeeMemberContent(viewer: Viewer, row: ModeratedRow, now = new Date()): boolean {
  if (viewer.isAdmin || row.userId === viewer.id) return true;
  if (row.authorBlockedByViewer) return false;
  return row.hiddenAt === null && !isSuspended(row.authorSuspendedUntil, now);
}

/**
 * Whether a suspension lasts at `now`. A suspension for good is stored as 'infinity', which reads
 * back as a Date that is not a number.
 */
export function isSuspended(until: Date | null, now = new Date()): boolean {
  return until !== null && (Number.isNaN(until.getTime()) || until.getTime() > now.getTime());
}

/** SQL of `canSeeMemberContent`: a condition on the row `table` (with `user_id` and `hidden_at`). */
export function memberContentVisibleTo(
  viewer: { id: number | SQL; isAdmin: boolean | SQL },
  table: string,
): SQL {
  if (viewer.isAdmin === true) return sql`true`;
  const author = column(table, "user_id");
  const shown = sql`(${author} = ${viewer.id} or (${column(table, "hidden_at")} is null
    and not exists (select 1 from users su where su.id = ${author} and su.suspended_until > now())
    and not exists (select 1 from member_blocks mb where mb.blocker_id = ${viewer.id} and mb.blocked_id = ${author})))`;
  return viewer.isAdmin === false ? shown : sql`(${shown} or ${viewer.isAdmin})`;
}

/**
 * A member she blocked may not answer her requests (nor she his): true when `authorId` blocked the
 * viewer. The blocked member is told only that the request is not there.
 */
export const blockedByAuthor = (viewer: Viewer, authorId: number | SQL): SQL =>
  sql`exists (select 1 from member_blocks mb where mb.blocker_id = ${authorId} and mb.blocked_id = ${viewer.id})`;

// Prayer requests: who may see one.

/**
 * A private request is shared with the administrators only: besides its author, they alone may
 * see it, pray for it or answer it. Everyone else is told it does not exist (404), never that it
 * is private.
 */
export function canSeePrayerRequest(viewer: Viewer, request: { isPrivate: boolean } & ModeratedRow): boolean {
  return (
    (!request.isPrivate && canSeeMemberContent(viewer, request)) ||
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
  return [
    sql`${isPrivate} = false and ${memberContentVisibleTo({ id: viewerId, isAdmin: false }, table)}`,
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
