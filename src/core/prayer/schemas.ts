import { z } from "zod";
import { PRAISE_NOTE_MAX } from "./limits";

export { PRAISE_NOTE_MAX, PRAYER_PAGE_SIZE, PRAYER_RESPONSE_PREVIEW } from "./limits";

import { dateTime, optionalText, pageQuery, requiredText } from "../common-schemas";
import { LIMITS } from "../constants";

export const PRAYER_MESSAGES = {
  contentRequired: "Please write your prayer request.",
  responseRequired: "Please write a response.",
  onlyAuthor: "Only the member who shared this request can mark it answered.",
} as const;

export const prayerListQuery = pageQuery.extend({
  /** "true": answered requests only; "false": still waiting for an answer. */
  answered: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
});
export type PrayerListQuery = z.infer<typeof prayerListQuery>;

export const createPrayerBody = z.object({
  content: requiredText(PRAYER_MESSAGES.contentRequired, LIMITS.text),
  isPrivate: z.boolean().optional(),
  /** Omitted: the member's own default (her "show my name on the prayer wall" setting). */
  isAnonymous: z.boolean().optional(),
  /** A patron's private request that the intercessors may see on the patrons' prayer list too. */
  shareWithIntercessors: z.boolean().optional(),
});
export type CreatePrayerBody = z.infer<typeof createPrayerBody>;

export const respondBody = z.object({
  content: requiredText(PRAYER_MESSAGES.responseRequired, LIMITS.text),
  isPraying: z.boolean().default(false),
});
export type RespondBody = z.infer<typeof respondBody>;

export const answeredBody = z
  .object({ praiseNote: optionalText(PRAISE_NOTE_MAX) })
  .nullish()
  .transform((v) => ({ praiseNote: v?.praiseNote }));
export type AnsweredBody = z.infer<typeof answeredBody>;

/**
 * A member as the prayer wall shows her: never an e-mail. For an anonymous request seen by
 * another member, only `firstName: "Anonymous"` and no id.
 */
export const prayerPerson = z.object({
  id: z.number().optional(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable().optional(),
  profileImageUrl: z.string().nullable(),
});
export type PrayerPerson = z.input<typeof prayerPerson>;

export const prayerResponse = z.object({
  id: z.number(),
  content: z.string(),
  isPraying: z.boolean(),
  createdAt: dateTime,
  /** When its author last edited it ("edited" is shown). */
  editedAt: dateTime.nullable(),
  user: prayerPerson,
});
export type PrayerResponse = z.input<typeof prayerResponse>;

export const prayerRequest = z.object({
  id: z.number(),
  content: z.string(),
  createdAt: dateTime,
  isPrivate: z.boolean(),
  isAnonymous: z.boolean(),
  /** The signed-in member shared it (she may mark it answered). */
  isMine: z.boolean(),
  prayerCount: z.number(),
  prayedByMe: z.boolean(),
  isAnswered: z.boolean(),
  praiseNote: z.string().nullable(),
  answeredAt: dateTime.nullable(),
  /** When its author last edited it ("edited" is shown). */
  editedAt: dateTime.nullable(),
  user: prayerPerson,
  /** The latest responses, oldest first (at most PRAYER_RESPONSE_PREVIEW). */
  responses: z.array(prayerResponse),
  responseCount: z.number(),
});
export type PrayerRequest = z.input<typeof prayerRequest>;

export const prayerRequestList = z.array(prayerRequest);
export const prayerResponseList = z.array(prayerResponse);

export const prayResult = z.object({
  id: z.number(),
  prayerCount: z.number(),
  prayedByMe: z.boolean(),
});
export type PrayResult = z.input<typeof prayResult>;

export const answeredResult = z.object({
  id: z.number(),
  isAnswered: z.boolean(),
  praiseNote: z.string().nullable(),
  answeredAt: dateTime.nullable(),
});
export type AnsweredResult = z.input<typeof answeredResult>;

/** The share form's starting choices, from the member's settings. */
export const prayerDefaults = z.object({ isAnonymous: z.boolean() });
export type PrayerDefaults = z.input<typeof prayerDefaults>;
