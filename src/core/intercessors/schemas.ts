import { z } from "zod";
import { dateTime, idSchema, pageQuery } from "../common-schemas";

export const INTERCESSOR_MESSAGES = {
  notFound: "This request is not on the patrons' prayer list",
  intercessorsOnly: "The patrons' prayer list is for the intercessors.",
} as const;

/** Newest requests first; `before` is the id of the last request shown. */
export const prayerListQuery = pageQuery;
export type PrayerListQuery = z.infer<typeof prayerListQuery>;

export const prayerListParams = z.object({ requestId: idSchema });

/**
 * A patron's request as the intercessors pray for it: her first name (so they pray for her by name),
 * or "Anonymous" when she shared it anonymously; never her last name, picture or e-mail.
 */
export const patronPrayer = z.object({
  id: z.number(),
  content: z.string(),
  createdAt: dateTime,
  /** A private request she chose to share with the intercessors. */
  isPrivate: z.boolean(),
  isAnswered: z.boolean(),
  patronName: z.string(),
  /** The signed-in intercessor has marked it "prayed this week". */
  prayedThisWeek: z.boolean(),
  /** How many intercessors prayed for it this week. */
  intercessorsThisWeek: z.number(),
});
export type PatronPrayer = z.input<typeof patronPrayer>;

export const prayedThisWeekResult = z.object({
  id: z.number(),
  prayedThisWeek: z.literal(true),
  /** The Monday (UTC) of the week the mark belongs to, as YYYY-MM-DD. */
  weekOf: z.string(),
  intercessorsThisWeek: z.number(),
});
export type PrayedThisWeekResult = z.input<typeof prayedThisWeekResult>;
