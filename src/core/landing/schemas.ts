import { z } from "zod";

/**
 * The smallest figure the Join dialog names: below it a new ministry's site claims no number, only
 * what is true of any size ("Grow in faith alongside other women").
 */
export const MEMBER_FIGURE_MIN = 100;

/**
 * The round figure a member count is "more than": the largest multiple of 100 (of 1,000 past 10,000)
 * strictly below it, so "more than 1,200" is true of 1,201 and never of 1,200; null while that
 * figure is under `MEMBER_FIGURE_MIN`. Worked out on the server: the exact count never leaves it.
 */
export function membersMoreThan(count: number): number | null {
  const step = count > 10_000 ? 1000 : 100;
  const figure = Math.floor((count - 1) / step) * step;
  return figure >= MEMBER_FIGURE_MIN ? figure : null;
}

/** `GET /api/public-stats`: what the landing page may say of the community, and nothing more. */
export const publicStats = z.object({
  /** "Join more than {n} women": a round figure below her confirmed members, or null for no claim. */
  membersMoreThan: z.number().int().nullable(),
});
export type PublicStats = z.infer<typeof publicStats>;
