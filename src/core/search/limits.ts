// What the pages need of search without zod: its kinds, its limits, and how a snippet marks words.

/** What one search finds, in the order the results page groups them. */
export const SEARCH_KINDS = [
  "teaching",
  "article",
  "course",
  "lesson",
  "prayer",
  "group",
  "event",
  "post",
  "note",
  "message",
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * The kinds whose items have titles of their own (a request, a post, a note or a message is titled
 * by its first words): suggestions, and titles that look like a mistyped search, come from these.
 */
export const TITLED_SEARCH_KINDS = [
  "teaching",
  "article",
  "course",
  "lesson",
  "group",
  "event",
] as const satisfies readonly SearchKind[];

export const SEARCH_MESSAGES = {
  tooShort: "Type at least 2 characters to search",
  tooLong: "Search for at most 200 characters",
  staleCursor: "That page of results is no longer available",
} as const;

export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 200;
/** Results of each kind in a search of every kind. */
export const SEARCH_PER_KIND = 5;
export const SEARCH_PAGE_DEFAULT = 20;
export const SEARCH_PAGE_MAX = 50;
/** Suggestions as she types. */
export const SEARCH_SUGGESTIONS = 8;

/**
 * A snippet's highlighted words are wrapped between these two characters (STX and ETX), which
 * the server strips from what members wrote before indexing it, so no text can forge a mark.
 */
export const SEARCH_MARK_START = "\u0002";
export const SEARCH_MARK_END = "\u0003";

/** A snippet cut into its plain and its highlighted runs, in order; empty runs left out. */
export function splitHighlights(snippet: string): Array<{ text: string; marked: boolean }> {
  const parts: Array<{ text: string; marked: boolean }> = [];
  let marked = false;
  let text = "";
  const flush = () => {
    if (text) parts.push({ text, marked });
    text = "";
  };
  for (const ch of snippet) {
    if (ch === SEARCH_MARK_START) {
      flush();
      marked = true;
    } else if (ch === SEARCH_MARK_END) {
      flush();
      marked = false;
    } else text += ch;
  }
  flush();
  return parts;
}
