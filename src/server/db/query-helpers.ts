import { type AnyColumn, sql } from "drizzle-orm";
import { prayerRequests, users } from "./schema";

/** `%text%` for ILIKE, with the pattern characters in the member's text (`\`, `%`, `_`) taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/**
 * `(a || ' ' || b) ILIKE %text%`: the expression of the tables' trigram search indexes
 * (`…_search_trgm_idx`), so the index serves it. Name the columns the index names, in its order.
 */
export const searchMatches = (a: AnyColumn, b: AnyColumn, text: string) =>
  sql`(${a} || ' ' || ${b}) ilike ${containsPattern(text)}`;

/** A counter moved by `delta` (likes, members), never below zero. */
export const shiftedCounter = (counter: AnyColumn, delta: number) => sql`greatest(${counter} + ${delta}, 0)`;

/** A member as others see her beside what she wrote or joined: never her e-mail. Join `users`. */
export const personColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
};

/** A member's account as the administrators and billing see it: her address and her tier. */
export const accountColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  membershipTier: users.membershipTier,
};

/** A prayer request's own columns, as the wall and the home page show them. */
export const prayerRequestColumns = {
  id: prayerRequests.id,
  userId: prayerRequests.userId,
  content: prayerRequests.content,
  createdAt: prayerRequests.createdAt,
  isPrivate: prayerRequests.isPrivate,
  isAnonymous: prayerRequests.isAnonymous,
  prayerCount: prayerRequests.prayerCount,
  isAnswered: prayerRequests.isAnswered,
  praiseNote: prayerRequests.praiseNote,
  answeredAt: prayerRequests.answeredAt,
};
