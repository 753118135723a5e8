import { z } from "zod";
import { LIMITS, PAGE_DEFAULT, PAGE_MAX } from "./constants";
import type { MessageId } from "./i18n";
import { parseTimecode, TIMECODE_MESSAGE } from "./timecode";

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

/** An optional text parameter of a query string; blank means none. */
const queryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Optional free-text search in a query string; blank means no search. */
export const searchText = queryText(LIMITS.shortText);

/** Optional tag filter in a query string (`?tag=`); blank means every tag. */
export const tagFilter = queryText(LIMITS.tag);

/** Every error answer: a message, and for a form, the message for each field that needs one. */
export const messageResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

// The messages here stay English (the server sends them too); a form shows them in the page's
// language through the catalogue, where "Must be at most 200 characters" is one entry per limit.

/**
 * Trimmed, required text with a spec message; blank (or shorter than `min`) after trimming fails
 * with the same message. It may run over several lines (a request, a post, a description); a name
 * or a title is a `requiredLine`.
 */
export const requiredText = (message: string, max: number = LIMITS.text, min = 1) =>
  z
    .string({ message })
    .trim()
    .min(min, { message })
    .max(max, { message: `Must be at most ${max} characters` });

/** Optional text, over several lines if she likes: blank becomes undefined. */
export const optionalText = (max: number = LIMITS.text) =>
  z
    .string()
    .trim()
    .max(max, { message: `Must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : undefined));

export const ONE_LINE_MESSAGE: MessageId = "Use letters, numbers and punctuation only, on one line.";

// biome-ignore lint/suspicious/noControlCharactersInRegex: naming the control characters is its purpose
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/**
 * A name, a title, a place: text on one line, whatever the screen, the mail or the log line that
 * shows it. Refuses the C0 and C1 control characters (U+0000–U+001F, U+007F–U+009F: line breaks,
 * tabs, NUL, terminal escapes). Put after `.trim()`, so a stray line break at either end is trimmed
 * rather than refused. A link says it is not a valid link instead (`message`).
 */
export const oneLine = <S extends { regex(regex: RegExp, params: { message: string }): S }>(
  text: S,
  message: string = ONE_LINE_MESSAGE,
): S => text.regex(NO_CONTROL_CHARACTERS, { message });

/** `requiredText` on one line: a name or a title. */
export const requiredLine = (message: string, max: number = LIMITS.shortText, min = 1) =>
  oneLine(z.string({ message }).trim())
    .min(min, { message })
    .max(max, { message: `Must be at most ${max} characters` });

/** `optionalText` on one line: a place, a time, a contact. */
export const optionalLine = (max: number = LIMITS.shortText) =>
  oneLine(z.string().trim())
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

/**
 * A time in whole seconds, at most `max` (a note's moment in a video, a teaching's length): as the
 * API takes it (`seconds`), and as a form field typed m:ss, blank for none (`field`).
 */
export function timecode(max: number, tooLong: string) {
  const seconds = z
    .number({ message: TIMECODE_MESSAGE })
    .int({ message: TIMECODE_MESSAGE })
    .min(0, { message: TIMECODE_MESSAGE })
    .max(max, { message: tooLong });
  const field = z
    .string()
    .transform((text, ctx) => {
      const value = parseTimecode(text);
      if (value === null) {
        ctx.addIssue({ code: "custom", message: TIMECODE_MESSAGE });
        return z.NEVER;
      }
      return value ?? null;
    })
    .pipe(seconds.nullable());
  return { seconds, field };
}
