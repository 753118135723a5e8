import { type SQL, sql } from "drizzle-orm";
import { SEARCH_KINDS, type SearchKind, TITLED_SEARCH_KINDS } from "../../../core/search/schemas";
import {
  column,
  eventVisibleTo,
  groupPostVisibleTo,
  hasBlocked,
  messageReadableBy,
  noteVisibleTo,
  prayerRequestVisibleTo,
  type Viewer,
} from "../../auth/policies";
import type { Db } from "../../db/client";

// Searching search_items (decision 072; the table, its folding and its triggers are migration 0051's).
// Who may see a row is decided here by the rules of auth/policies, applied to the row's own columns,
// which carry the names those rules read (`user_id`, `hidden_at`, `is_private`, `group_id`…), and
// to the current state of everything else they read (blocks, memberships, suspensions).
//
// Each kind is read apart, on its own index, and only its newest matches she may see are ranked
// (`RANKED`), looked for first among its newest rows (`RECENT_ROWS`): a common word reads at most
// a kind's newest rows, however many there are; a word rare there reads its few matches in the
// whole kind.

/** What a search asks: her rights, and whether she opens patron teaching (core/patron-teaching.ts). */
export interface Searcher extends Viewer {
  opensPatronTeaching: boolean;
}

/** How results were found: by their words, or (when the words match nothing) by a title's likeness. */
export type SearchMode = "words" | "likeness";

/** The newest matches of a kind that are ranked: the best few come from these, and its pages go this far. */
export const RANKED = 200;

/** The position of a result in its kind's order, and the next page's start. */
export interface Position {
  mode: SearchMode;
  /** Its score, as PostgreSQL writes the real number (exact). */
  score: string;
  /** Its date, in microseconds since 1970. */
  atMicros: string;
  id: string;
  /** Where its kind's newest rows began when its first page was read (`recentSince`). */
  since: string | null;
}

export interface FoundRow extends Record<string, unknown> {
  id: string;
  source: string;
  source_id: number;
  kind: SearchKind;
  title: string;
  snippet: string;
  /** A timestamp as the driver gives it (its text, in a raw statement). */
  at: Date | string;
  score: string;
  at_micros: string;
  group_kind: string | null;
  conversation_id: number | null;
  video_id: number | null;
  seconds: number | null;
  title_only: boolean;
}

/** Who may see a row of `kind` (the row `s`): its rule; teaching, articles, courses, lessons and groups are every member's. */
function visibleTo(kind: SearchKind, viewer: Viewer): SQL {
  switch (kind) {
    case "prayer":
      return prayerRequestVisibleTo(viewer, "s");
    case "post":
      return groupPostVisibleTo(viewer, "s");
    case "event":
      return eventVisibleTo(viewer, "s");
    case "note":
      return noteVisibleTo(viewer, "s");
    case "message":
      return sql`(${messageReadableBy(viewer.id, "s")} and not ${hasBlocked(viewer.id, column("s", "user_id"))})`;
    default:
      return sql`true`;
  }
}

/** The kinds that hold patron teaching, which shows only its title to one who does not open it. */
const PATRON_KINDS: readonly SearchKind[] = ["teaching", "course"];
const withheld = (kind: SearchKind, searcher: Searcher) =>
  PATRON_KINDS.includes(kind) && !searcher.opensPatronTeaching;

/** Whether she may see only the row's title (and so is searched only by it). */
const titleOnly = (kind: SearchKind, searcher: Searcher): SQL =>
  withheld(kind, searcher) ? sql`s.patron_only` : sql`false`;

/** The words of the row `s` she may search: all of them, or its title's (weight A). */
const searchedVector = (kind: SearchKind, searcher: Searcher): SQL =>
  withheld(kind, searcher)
    ? sql`(case when s.patron_only then ts_filter(s.vector, '{a}') else s.vector end)`
    : sql`s.vector`;

/** A kind as a literal, so that PostgreSQL picks the kind's own index. */
const kindLiteral = (kind: SearchKind) => {
  if (!SEARCH_KINDS.includes(kind)) throw new Error(`not a kind: ${kind}`);
  return sql.raw(`'${kind}'`);
};

/** The titled kinds, as the condition of their indexes. */
const titledKinds = sql`s.kind in (${sql.join(TITLED_SEARCH_KINDS.map(kindLiteral), sql`, `)})`;
const isTitled = (kind: SearchKind) => (TITLED_SEARCH_KINDS as readonly SearchKind[]).includes(kind);

const kindOrder = sql.raw(`array[${SEARCH_KINDS.map((k) => `'${k}'`).join(", ")}]::text[]`);

/**
 * What she typed, worked out once a search (src/server/db/migrations/0051_search.sql): the text-search
 * query of her words, and her text as trigrams read it.
 */
export interface Terms {
  query: string;
  typed: string;
  /** It holds a word to search for (not only stop words or punctuation). */
  words: boolean;
  /** It is only words: no phrase in quotes, no -word left out. */
  plain: boolean;
}

export async function termsOf(db: Db, text: string): Promise<Terms> {
  const { rows } = await db.execute<Terms & Record<string, unknown>>(
    sql`select query::text as query, search_trigrams(${text}) as typed, numnode(query) > 0 as words,
        query::text !~ '[!<]' as plain
      from (select search_query(${text}) as query) q`,
  );
  return rows[0]!;
}

const queryOf = (terms: Terms) => sql`${terms.query}::tsquery`;
const typedOf = (terms: Terms) => sql`${terms.typed}::text`;

/** Who may see the row `s`, whatever its kind: each kind's rule. */
const visibleAsItsKind = (viewer: Viewer) =>
  sql`(case s.kind ${sql.join(
    SEARCH_KINDS.map((kind) => sql`when ${kindLiteral(kind)} then ${visibleTo(kind, viewer)}`),
    sql` `,
  )} else false end)`;

/** The newest rows of a kind a search reads first (`recentSince`). */
export const RECENT_ROWS = 2000;
/** How long an instance keeps where each kind's newest rows begin: it moves as rows arrive, slowly. */
const WINDOW_MS = 30_000;

/** Where each kind's newest `RECENT_ROWS` begin (microseconds since 1970), or null where it holds fewer. */
export type Windows = Record<SearchKind, string | null>;

const windowsKept = new WeakMap<Db, { at: number; windows: Windows }>();

/**
 * Where each kind's newest `RECENT_ROWS` begin: an index-only read of each kind's newest entries on
 * search_items_kind_recent_idx, kept a while per database.
 */
export async function recentSince(db: Db, now = Date.now()): Promise<Windows> {
  const kept = windowsKept.get(db);
  if (kept && now - kept.at < WINDOW_MS) return kept.windows;
  const { rows } = await db.execute<{ kind: SearchKind; since: string | null }>(sql`select k.kind,
      (select ((extract(epoch from s.at) * 1000000)::bigint)::text from search_items s where s.kind = k.kind
        order by s.at desc, s.id desc offset ${RECENT_ROWS - 1} limit 1) as since
    from unnest(${kindOrder}) as k(kind)`);
  const windows = Object.fromEntries(rows.map((r) => [r.kind, r.since])) as Windows;
  windowsKept.set(db, { at: now, windows });
  return windows;
}

/**
 * The rows of `kind` she may see that `mode` finds, each scored: by its words (ranked, titles above
 * bodies), or by its title's likeness to what she typed (trigram word similarity). By words, the
 * newest `window` of those among the kind's newest rows (from `since`) are ranked, or, when those
 * rows hold fewer than `enough` of them, the newest `window` of the whole kind: a common word costs
 * what a rare one does, however many rows there are.
 */
function candidates(
  searcher: Searcher,
  mode: SearchMode,
  terms: Terms,
  kind: SearchKind,
  { window, since, enough }: { window: number; since: string | null; enough: number },
): SQL {
  const found =
    mode === "words"
      ? sql`s.vector @@ ${queryOf(terms)}${
          withheld(kind, searcher) ? sql` and ${searchedVector(kind, searcher)} @@ ${queryOf(terms)}` : sql``
        }`
      : sql`${titledKinds} and ${typedOf(terms)} <% s.title_trigrams`;
  const score =
    mode === "words"
      ? sql`ts_rank_cd(${searchedVector(kind, searcher)}, ${queryOf(terms)}, 1)`
      : sql`word_similarity(${typedOf(terms)}, s.title_trigrams)`;
  const rows = (among: SQL) => sql`select s.id, s.source, s.source_id, s.kind, s.title, s.body, s.at,
        s.group_kind, s.conversation_id, s.video_id, s.seconds, s.patron_only, s.vector, s.title_trigrams,
        ${titleOnly(kind, searcher)} as title_only
      from search_items s
      where s.kind = ${kindLiteral(kind)} and ${found} and ${visibleTo(kind, searcher)} ${among}
      order by s.at desc, s.id desc
      limit ${sql.raw(String(Math.trunc(window)))}`;
  const chosen =
    mode === "words" && since !== null
      ? sql`with recent as materialized (${rows(sql`and s.at >= to_timestamp(${since}::bigint / 1000000.0)`)})
        select * from recent
        union all
        (${rows(sql`and (select count(*) from recent) < ${enough}`)})`
      : rows(sql``);
  return sql`select s.*, ${score} as score from (${chosen}) s`;
}

/** About 30 words around what matched, its words between the marks of core/search, in its own letters. */
const snippetOf = (terms: Terms) =>
  sql`case when f.title_only then '' else btrim(search_display(regexp_replace(ts_headline('english', search_fold(f.body), ${queryOf(terms)},
    'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', MaxWords=30, MinWords=20, ShortWord=2, MaxFragments=1, FragmentDelimiter=" … "'),
    '\\s+', ' ', 'g'))) end`;

/** The columns every result reads from the scored rows `f`. */
const resultColumns = (terms: Terms) => sql`f.id::text as id, f.source, f.source_id, f.kind, f.title,
  ${snippetOf(terms)} as snippet, f.at, f.score::text as score,
  ((extract(epoch from f.at) * 1000000)::bigint)::text as at_micros,
  f.group_kind, f.conversation_id, f.video_id, f.seconds, f.title_only`;

const bestFirst = sql`score desc, at desc, id desc`;

/** Titles scored when looking for those like a mistyped search. */
const LIKELY_TITLES = 500;

/** The similarity a title's word needs to be found by likeness (pg_trgm's default is 0.6). */
const LIKENESS_THRESHOLD = "0.5";

/** Runs a search statement, with the likeness threshold set for its own transaction. */
async function run(db: Db, mode: SearchMode, statement: SQL): Promise<FoundRow[]> {
  if (mode === "words") return (await db.execute<FoundRow>(statement)).rows;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${LIKENESS_THRESHOLD}, true)`,
    );
    return (await tx.execute<FoundRow>(statement)).rows;
  });
}

/** The best `perKind` of each kind she may see, kinds in the order of SEARCH_KINDS. */
export function bestOfEachKind(
  db: Db,
  searcher: Searcher,
  mode: SearchMode,
  terms: Terms,
  perKind: number,
  windows: Windows,
): Promise<FoundRow[]> {
  const order = sql`order by array_position(${kindOrder}, f.kind), f.score desc, f.at desc, f.id desc`;
  if (mode === "likeness") {
    // The titled kinds' titles at once, on their trigram index. A common misspelt word may look
    // like thousands of titles: the first `LIKELY_TITLES` the index gives are scored, whatever
    // their order, so the work stays bounded.
    const titleOnlyOfKind = searcher.opensPatronTeaching
      ? sql`false`
      : sql`(s.kind in (${sql.join(PATRON_KINDS.map(kindLiteral), sql`, `)}) and s.patron_only)`;
    return run(
      db,
      mode,
      sql`select ${resultColumns(terms)} from (
        select c.*, row_number() over (partition by c.kind order by ${bestFirst}) as n from (
          select s.*, ${titleOnlyOfKind} as title_only, word_similarity(${typedOf(terms)}, s.title_trigrams) as score
          from (
            select s.* from search_items s
            where ${titledKinds} and ${typedOf(terms)} <% s.title_trigrams and ${visibleAsItsKind(searcher)}
            limit ${sql.raw(String(LIKELY_TITLES))}
          ) s
        ) c
      ) f where f.n <= ${perKind}
      ${order}`,
    );
  }
  const branches = SEARCH_KINDS.map(
    (kind) => sql`(select * from (${candidates(searcher, mode, terms, kind, {
      window: RANKED,
      since: windows[kind],
      enough: perKind,
    })}) b
      order by ${bestFirst} limit ${perKind})`,
  );
  return run(
    db,
    mode,
    sql`select ${resultColumns(terms)} from (${sql.join(branches, sql` union all `)}) f ${order}`,
  );
}

/** A page of one kind, best first, after `after` when given. */
export function pageOfKind(
  db: Db,
  searcher: Searcher,
  mode: SearchMode,
  terms: Terms,
  kind: SearchKind,
  limit: number,
  after: Position | undefined,
  since: string | null,
  enough: number,
): Promise<FoundRow[]> {
  if (mode === "likeness" && !isTitled(kind)) return Promise.resolve([]);
  const cursor = after
    ? sql`where (b.score, (extract(epoch from b.at) * 1000000)::bigint, b.id)
        < (${after.score}::real, ${after.atMicros}::bigint, ${after.id}::bigint)`
    : sql``;
  return run(
    db,
    mode,
    sql`select ${resultColumns(terms)} from (
      select * from (${candidates(searcher, mode, terms, kind, { window: RANKED, since, enough })}) b ${cursor}
      order by ${bestFirst} limit ${limit}
    ) f
    order by f.score desc, f.at desc, f.id desc`,
  );
}

export interface SuggestionRow extends Record<string, unknown> {
  source: string;
  source_id: number;
  kind: SearchKind;
  title: string;
  group_kind: string | null;
  conversation_id: number | null;
  video_id: number | null;
  seconds: number | null;
}

/** The newest titles read first for suggestions. */
const RECENT_TITLES = 500;

/**
 * Titles she may see (of the titled kinds) with a word starting with each word she typed, best
 * first: among the newest titles when enough of them match (a common start), else among all that
 * match (a rare one), so that either way little is read.
 */
export async function suggestions(db: Db, viewer: Viewer, text: string, limit: number) {
  const query = sql`search_prefix_query(${text})`;
  const matching = sql`s.title_vector @@ ${query} and ${visibleAsItsKind(viewer)}`;
  const { rows } = await db.execute<SuggestionRow>(sql`with recent as materialized (
      select s.* from (
        select s.* from search_items s where ${titledKinds} order by s.at desc, s.id desc
        limit ${sql.raw(String(RECENT_TITLES))}
      ) s
      where ${matching}
    ),
    enough as materialized (select count(*) >= ${limit} as enough from recent)
    select c.source, c.source_id, c.kind, c.title, c.group_kind, c.conversation_id, c.video_id, c.seconds
    from (
      select r.* from recent r, enough where enough.enough
      union all
      select s.* from search_items s, enough where not enough.enough and ${titledKinds} and ${matching}
    ) c
    order by ts_rank(c.title_vector, ${query}) desc, c.at desc, c.id desc
    limit ${limit}`);
  return rows;
}
