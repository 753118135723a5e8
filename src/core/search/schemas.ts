import { z } from "zod";
import { dateTime } from "../common-schemas";
import {
  SEARCH_KINDS,
  SEARCH_MESSAGES,
  SEARCH_PAGE_DEFAULT,
  SEARCH_PAGE_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_QUERY_MIN,
} from "./limits";

export * from "./limits";

const CURSOR_MAX = 200;

/** What she typed: trimmed, 2 to 200 characters. */
const searchQueryText = z
  .string({ message: SEARCH_MESSAGES.tooShort })
  .trim()
  .min(SEARCH_QUERY_MIN, { message: SEARCH_MESSAGES.tooShort })
  .max(SEARCH_QUERY_MAX, { message: SEARCH_MESSAGES.tooLong });

/** GET /api/search. */
export const searchQuery = z.object({
  q: searchQueryText,
  kind: z.enum(SEARCH_KINDS).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(SEARCH_PAGE_DEFAULT),
  /** The `cursor` of the last result shown (with `kind`): the next page. */
  before: z.string().max(CURSOR_MAX, { message: SEARCH_MESSAGES.staleCursor }).optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** GET /api/search/suggest. */
export const suggestQuery = z.object({ q: searchQueryText });
export type SuggestQuery = z.infer<typeof suggestQuery>;

export const searchResult = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number(),
  /** Plain text. */
  title: z.string(),
  /** About 30 words around what matched, its words highlighted (`splitHighlights`); empty when `patronOnly`. */
  snippet: z.string(),
  /** The page where it lives, at the exact place (a teaching at a note's moment). */
  url: z.string(),
  /** The item's date. */
  at: dateTime,
  /** Pass as `before` for the page after this result. */
  cursor: z.string(),
  /** She may see only its title: patron teaching, for a member who is not a patron. */
  patronOnly: z.boolean(),
});
export type SearchResult = z.input<typeof searchResult>;

export const searchResults = z.array(searchResult);

export const searchSuggestion = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number(),
  title: z.string(),
  url: z.string(),
});
export type SearchSuggestion = z.input<typeof searchSuggestion>;

export const searchSuggestions = z.array(searchSuggestion);
