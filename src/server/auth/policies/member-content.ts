import { type SQL, sql } from "drizzle-orm";
import { column, type Viewer } from "./viewer";

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
  const notBlocked = sql`not ${hasBlocked(viewer.id, author)}`;
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
 * She blocked `blocked`: what that member wrote leaves her views (`canSeeMemberContent`), nobody
 * tells her of what that member did (`notify`). Read on `member_blocks`' primary key.
 */
export const hasBlocked = (blocker: number | SQL, blocked: number | SQL): SQL =>
  sql`exists (select 1 from member_blocks mb where mb.blocker_id = ${blocker} and mb.blocked_id = ${blocked})`;

/**
 * True when either of the two members blocked the other: they are never paired (a discipleship
 * match) nor brought together by an action of one of them, which then answers as if the other
 * were not there (decision 040).
 */
export const blockedEitherWay = (a: number | SQL, b: number | SQL): SQL =>
  sql`(${hasBlocked(a, b)} or ${hasBlocked(b, a)})`;
