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

// Prayer requests: who may see one.

/**
 * A private request is shared with the administrators only: besides its author, they alone may
 * see it, pray for it or answer it. Everyone else is told it does not exist (404), never that it
 * is private.
 */
export function canSeePrayerRequest(
  viewer: Viewer,
  request: { userId: number; isPrivate: boolean },
): boolean {
  return !request.isPrivate || request.userId === viewer.id || viewer.isAdmin;
}

/**
 * The same rule as disjoint conditions on the prayer_requests row `table` (public ones; her own
 * private ones), so a list can read each on its own index: `prayer_requests_public_idx` and
 * `prayer_requests_user_idx`.
 */
function memberBranches(viewerId: number | SQL, table: string): SQL[] {
  const isPrivate = column(table, "is_private");
  return [sql`${isPrivate} = false`, sql`${column(table, "user_id")} = ${viewerId} and ${isPrivate} = true`];
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
