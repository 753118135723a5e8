import { opensPatronTeaching } from "../../../core/patron-teaching";
import {
  SEARCH_MESSAGES,
  SEARCH_PER_KIND,
  SEARCH_SUGGESTIONS,
  type SearchQuery,
  type SearchResult,
  type SearchSuggestion,
  type SuggestQuery,
} from "../../../core/search/schemas";
import type { SessionUser } from "../../auth/sessions";
import type { Db } from "../../db/client";
import { badRequest } from "../../http/errors";
import * as q from "./queries";
import { snippetsOf } from "./snippets";

// One search across everything she may see (decision 072): the best few of each kind, or a page of
// one kind continued by its cursor, and titles as she types.

type Result = Omit<SearchResult, "at"> & { at: Date };

/** The page where an item lives, at the exact place: a note's moment in its video. */
export function urlOf(row: {
  source: string;
  source_id: number;
  conversation_id: number | null;
  video_id: number | null;
  seconds: number | null;
}): string {
  const id = row.source_id;
  switch (row.source) {
    case "videos":
      return `/video/${id}`;
    case "articles":
      return `/articles#article-${id}`;
    case "courses":
      return `/courses/${id}`;
    case "lessons":
      return `/lessons/${id}`;
    case "prayer_requests":
      return `/community#prayer-${id}`;
    case "cultivation_groups":
      return `/cultivation-groups/${id}`;
    case "local_groups":
      return `/local-communities/${id}`;
    case "events":
      return `/events/${id}`;
    case "group_posts":
      return `/group-posts/${id}`;
    case "video_notes":
      if (row.video_id === null) return "/video-notes";
      return row.seconds === null ? `/video/${row.video_id}` : `/video/${row.video_id}?t=${row.seconds}`;
    case "direct_messages":
      return `/messages/${row.conversation_id}`;
    default:
      throw new Error(`search_items holds rows of an unknown source: ${row.source}`);
  }
}

// A cursor is its result's place in its kind's order, opaque to the browser: how the results were
// found, the score, the date in microseconds and the row's id; in base64url.
const CURSOR = /^(w|l):(\d{1,20}(?:\.\d{1,20})?(?:e[-+]?\d{1,3})?):(-?\d{1,19}):(\d{1,19})$/;

function cursorOf(mode: q.SearchMode, row: q.FoundRow): string {
  const text = `${mode === "words" ? "w" : "l"}:${row.score}:${row.at_micros}:${row.id}`;
  return Buffer.from(text).toString("base64url");
}

/** A cursor this server wrote, or a 400: it was changed, cut, or is from elsewhere. */
function positionOf(cursor: string): q.Position {
  const match = CURSOR.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match || Buffer.from(match[0]).toString("base64url") !== cursor)
    throw badRequest(SEARCH_MESSAGES.staleCursor);
  const [, mode, score, atMicros, id] = match as unknown as string[] as [
    string,
    string,
    string,
    string,
    string,
  ];
  return { mode: mode === "w" ? "words" : "likeness", score, atMicros, id };
}

const resultOf = (mode: q.SearchMode, row: q.FoundRow, snippet: string): Result => ({
  kind: row.kind,
  id: row.source_id,
  title: row.title,
  snippet,
  url: urlOf(row),
  at: new Date(row.at),
  cursor: cursorOf(mode, row),
  patronOnly: row.title_only,
});

/** Each row's snippet, marking what the statement says to mark. */
const snippetsOfRows = (db: Db, rows: q.FoundRow[]) =>
  snippetsOf(
    db,
    rows.map((row) => row.body),
    rows.find((row) => row.marks !== null)?.marks ?? "",
  );

const searcherOf = (viewer: SessionUser): q.Searcher => ({
  id: viewer.id,
  isAdmin: viewer.isAdmin,
  opensPatronTeaching: opensPatronTeaching(viewer),
});

/**
 * `GET /api/search`. Her words first; only when they find nothing she may see (of the kind she
 * asked for) are titles that look like what she typed offered instead, unless she said how her
 * words go together (a phrase, a word left out). A next page keeps the way its first was found.
 */
export async function search(db: Db, viewer: SessionUser, query: SearchQuery): Promise<Result[]> {
  const position = query.before === undefined ? undefined : positionOf(query.before);
  // A cursor continues one kind's results; a search of every kind starts from the best.
  const after = query.kind ? position : undefined;
  const searcher = searcherOf(viewer);
  const { kind } = query;
  const find = async (mode: q.SearchMode): Promise<Result[]> => {
    const rows = kind
      ? await q.pageOfKind(db, searcher, mode, query.q, kind, query.limit, after, SEARCH_PER_KIND)
      : await q.bestOfEachKind(db, searcher, mode, query.q, SEARCH_PER_KIND);
    const snippets = await snippetsOfRows(db, rows);
    return rows.map((row, i) => resultOf(mode, row, snippets[i]!));
  };
  if (after) return find(after.mode);
  const found = await find("words");
  if (found.length > 0) return found;
  // Only stop words or punctuation find nothing; a phrase or a word left out says how her words go.
  const terms = await q.termsOf(db, query.q);
  if (!terms.words || !terms.plain) return [];
  return find("likeness");
}

/** `GET /api/search/suggest`: titles she may see, a word of which starts with each word she typed. */
export async function suggest(db: Db, viewer: SessionUser, query: SuggestQuery): Promise<SearchSuggestion[]> {
  const rows = await q.suggestions(db, viewer, query.q, SEARCH_SUGGESTIONS);
  return rows.map((row) => ({ kind: row.kind, id: row.source_id, title: row.title, url: urlOf(row) }));
}
