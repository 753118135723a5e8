import { z } from "zod";

/**
 * Every kind of line in the activity log, and the values its sentence needs. A row keeps these, not
 * the sentence: the dashboard writes it when it is read, in the administrator's language (words.ts).
 * Names and titles are kept as they were when it happened.
 */

/** A member's name; null when she gave none (or is gone): the line says "A member". */
const name = z.string().nullable();

export const ACTIVITY_PARAMS = {
  /** `ministry`: she was the first administrator, and set the site up under that name. */
  member_joined: z.object({ name, ministry: z.string().optional() }),
  video_added: z.object({ title: z.string() }),
  course_added: z.object({ title: z.string() }),
  group_created: z.discriminatedUnion("type", [
    z.object({ type: z.literal("cultivation"), name, group: z.string() }),
    z.object({ type: z.literal("local"), name, group: z.string(), location: z.string() }),
  ]),
  prayer_shared: z.object({ name, isPrivate: z.boolean() }),
  patron_started: z.object({ name }),
  donation_received: z.object({ name, cents: z.number().int(), currency: z.string() }),
  course_purchased: z.object({ name, title: z.string() }),
  /** `source`: the newsletter's name at the time (NEWSLETTER_NAME). */
  articles_synced: z.object({ added: z.number().int(), updated: z.number().int(), source: z.string() }),
} satisfies Record<string, z.ZodType<Record<string, unknown>>>;

export type ActivityKind = keyof typeof ACTIVITY_PARAMS;
export type ActivityParams<K extends ActivityKind = ActivityKind> = z.infer<(typeof ACTIVITY_PARAMS)[K]>;

/** One line as a writer gives it: a kind with the values of that kind, never another's. */
export type ActivityEntry = { [K in ActivityKind]: { kind: K; params: ActivityParams<K> } }[ActivityKind];

/**
 * What a row from before the values were kept holds when its sentence matched none of the shapes the
 * migration knew: the sentence itself, shown as it was written.
 */
export const LEGACY_ACTIVITY = z.object({ text: z.string() });
