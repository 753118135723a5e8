import { z } from "zod";
import { LIMITS, PAGE_DEFAULT, PAGE_MAX } from "../constants";

/** Numeric path id: "/video/12". Non-numeric, negative or huge ids are a 400, never a 500. */
export const idSchema = z.coerce
  .number({ message: "Invalid id" })
  .int({ message: "Invalid id" })
  .positive({ message: "Invalid id" })
  .max(2_147_483_647, { message: "Invalid id" });

export const idParams = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParams>;

/** `?limit=&before=`: bounded page size and a keyset cursor (the id of the last item shown). */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT),
  before: idSchema.optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Optional free-text search in a query string; blank means no search. */
export const searchText = z
  .string()
  .trim()
  .max(LIMITS.shortText)
  .optional()
  .transform((v) => (v ? v : undefined));

/** Every error answer: a message, and for a form, the message for each field that needs one. */
export const messageResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** Trimmed, required text with a spec message; blank after trimming fails with the same message. */
export const requiredText = (message: string, max: number = LIMITS.text) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `Must be at most ${max} characters` });

/** Optional text: blank becomes undefined. */
export const optionalText = (max: number = LIMITS.text) =>
  z
    .string()
    .trim()
    .max(max, { message: `Must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : undefined));

/**
 * A timestamp: a Date on the server, an ISO-8601 string on the wire and in the browser.
 * Response schemas encode with it, so handlers return Dates straight from the database.
 */
export const dateTime = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (s) => new Date(s),
  encode: (d) => d.toISOString(),
});
