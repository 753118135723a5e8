import { type SQL, sql } from "drizzle-orm";
import type { Locale } from "../../../core/i18n";
import { NEW_MEMBER_MESSAGES } from "../../../core/moderation/new-member-messages";
import type { NewMemberLimits } from "../../config";
import type { Db, Tx } from "../../db/client";
import { tooManyRequests } from "../../http/errors";
import { inLocale } from "../../i18n";

/**
 * In her account's first 24 hours a member shares at most `NEW_MEMBER_PRAYER_LIMIT` prayer requests
 * and `NEW_MEMBER_POST_LIMIT` posts (prayer responses, video reflections and article comments,
 * counted together), and starts at most `NEW_MEMBER_CONVERSATION_LIMIT` private conversations; past
 * that she hears 429 with a kind message. Administrators are exempt.
 *
 * What she shares is counted as she shares it (`new_member_counts`), not read back from what is
 * still there: deleting a request gives no place back. Taking a place is one conditional update of
 * her counter row, so posts sent at the same instant queue on its lock and exactly the limit pass;
 * a write that then fails gives its place back. One statement for a new member, none at all for an
 * administrator or an account older than a day, which is nearly every request.
 */

export type NewMemberLimit = keyof NewMemberLimits;

/** Who is posting, as her session carries it. */
export interface Poster {
  id: number;
  isAdmin: boolean;
  /** When her account was created (users.created_at). */
  createdAt: Date;
  /** The language she chose, which the refusal is said in; English when she chose none. */
  locale?: Locale | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const COLUMNS: Record<NewMemberLimit, SQL> = {
  prayerRequests: sql.raw("prayer_requests"),
  posts: sql.raw("posts"),
  conversations: sql.raw("conversations"),
};

/** Whether the first-day limits apply to her at `now`: not to administrators, not after her first day. */
export const isNewMember = (poster: Poster, now = Date.now()) =>
  !poster.isAdmin && now - poster.createdAt.getTime() < DAY_MS;

/**
 * Takes one of her first-day places of that kind, or refuses with 429 and a kind message when none
 * is left. Inside the transaction of the write, whose rollback gives the place back; otherwise
 * use `withinNewMemberLimit`.
 */
export async function takeNewMemberPlace(
  db: Db | Tx,
  limits: NewMemberLimits,
  poster: Poster,
  kind: NewMemberLimit,
): Promise<void> {
  if (!isNewMember(poster)) return;
  const limit = limits[kind];
  const column = COLUMNS[kind];
  // The first place makes her row; every later one moves it only while it is under the limit.
  const { rows } = await db.execute(sql`insert into new_member_counts as c (user_id, ${column})
    values (${poster.id}, 1)
    on conflict (user_id) do update set ${column} = c.${column} + 1 where c.${column} < ${limit}
    returning 1`);
  if (rows.length === 0) {
    throw tooManyRequests(inLocale(poster.locale ?? "en", () => NEW_MEMBER_MESSAGES[kind](limit)));
  }
}

/**
 * Runs `write` (the insert of what she shares) once she has taken a place of that kind
 * (`takeNewMemberPlace`); should the write fail, its place is given back before its error goes on.
 */
export async function withinNewMemberLimit<T>(
  db: Db,
  limits: NewMemberLimits,
  poster: Poster,
  kind: NewMemberLimit,
  write: () => Promise<T>,
): Promise<T> {
  if (!isNewMember(poster)) return write();
  await takeNewMemberPlace(db, limits, poster, kind);
  try {
    return await write();
  } catch (err) {
    const column = COLUMNS[kind];
    await db.execute(sql`update new_member_counts set ${column} = ${column} - 1
      where user_id = ${poster.id} and ${column} > 0`);
    throw err;
  }
}
