import { NEW_MEMBER_MESSAGES } from "../../../core/schemas/new-members";
import type { NewMemberLimits } from "../../config";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared";
import { tooManyRequests } from "../../http/errors";

/**
 * In her account's first 24 hours a member shares at most `NEW_MEMBER_PRAYER_LIMIT` prayer requests
 * and `NEW_MEMBER_POST_LIMIT` posts (prayer responses, video reflections and article comments,
 * counted together); past that she hears 429 with a kind message. Administrators are exempt.
 *
 * Checked before the write is handed to its (batched) insert: one counting query, and none at all
 * for an administrator or an account older than a day, which is nearly every request. Two posts
 * sent at the same instant may both pass the count; the write rate limit bounds what that lets by.
 */

export type NewMemberLimit = keyof NewMemberLimits;

/** Who is posting, as her session carries it. */
export interface Poster {
  id: number;
  isAdmin: boolean;
  /** When her account was created (users.created_at). */
  createdAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const LAST_DAY = "created_at > now() - interval '24 hours'";

type Count = { n: number };

// Each count reads her rows through an index that starts with user_id; a new member has few rows.
const counts: Record<NewMemberLimit, (db: Db, userId: number) => Promise<Count[]>> = {
  prayerRequests: preparedStatement<Count, [number]>(
    "new_member_prayer_requests",
    `select count(*)::int as n from prayer_requests where user_id = $1 and ${LAST_DAY}`,
  ),
  posts: preparedStatement<Count, [number]>(
    "new_member_posts",
    `select ((select count(*) from prayer_responses where user_id = $1 and ${LAST_DAY})
       + (select count(*) from discussions where user_id = $1 and ${LAST_DAY})
       + (select count(*) from article_discussions where user_id = $1 and ${LAST_DAY}))::int as n`,
  ),
};

/** Whether the first-day limits apply to her at `now`: not to administrators, not after her first day. */
export const isNewMember = (poster: Poster, now = Date.now()) =>
  !poster.isAdmin && now - poster.createdAt.getTime() < DAY_MS;

/**
 * Refuses with 429 and a kind message when she has already shared `limits[kind]` of that kind in her
 * first day; call it before the insert.
 */
export async function checkNewMemberLimit(
  db: Db,
  limits: NewMemberLimits,
  poster: Poster,
  kind: NewMemberLimit,
): Promise<void> {
  if (!isNewMember(poster)) return;
  const [row] = await counts[kind](db, poster.id);
  const limit = limits[kind];
  if ((row?.n ?? 0) >= limit) throw tooManyRequests(NEW_MEMBER_MESSAGES[kind](limit));
}
