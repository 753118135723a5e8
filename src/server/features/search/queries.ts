import { type SQL, sql } from "drizzle-orm";
import { SEARCH_KINDS, type SearchKind, TITLED_SEARCH_KINDS } from "../../../core/search/schemas";
import {
  column,
  eventVisibleTo,
  groupPostVisibleTo,
  hasBlocked,
  messageReadableBy,
  noteVisibleTo,
  postInGroupIdsOf,
  prayerRequestVisibleTo,
  statementViewer,
  type Viewer,
  type ViewerColumns,
} from "../../auth/policies";
import type { Db } from "../../db/client";
import { genericPlanStatement, preparedStatement, statementsBy, statementText } from "../../db/prepared";
import { OWNED_SEARCH_KINDS } from "../../db/schema/search";

// Searching search_items (decision 072; the table, its folding and its triggers are migration 0051's).
// Who may see a row is decided here by the rules of auth/policies, applied to the row's own columns,
// which carry the names those rules read (`user_id`, `hidden_at`, `is_private`, `group_id`…), and
// to the current state of everything else they read (blocks, memberships, suspensions).
//
// Each kind is read apart, on its own indexes, and only its newest matches she may see are ranked
// (`RANKED`), looked for first among its newest rows (`recent`, on an index of those alone): a
// common word reads a kind's newest rows' matches, however many rows there are; a word rare there
// reads its few matches in the whole kind. Her notes, messages and groups' posts are read on
// indexes of whose they are (`OWNED_SEARCH_KINDS`), which hold her few among everyone's.
//
// Every statement has a fixed text for each shape (her rights written in, her values as
// parameters: $1 her id, $2 what she typed, then a page's cursor), and runs by name on connections
// that plan it once for any values (`genericPlanPool`): planning twenty sub-selects costs more than
// running them. What she typed is worked out once, in the statement (`terms`), and each use reads
// it from there.

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
}

export interface FoundRow extends Record<string, unknown> {
  id: string;
  source: string;
  source_id: number;
  kind: SearchKind;
  title: string;
  /** Its body as kept (folded), or null where she may see only its title. */
  body: string | null;
  /** The query a snippet marks words by (on one row of a statement's, null on the others). */
  marks: string | null;
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
function visibleTo(kind: SearchKind, viewer: ViewerColumns): SQL {
  switch (kind) {
    case "prayer":
      return prayerRequestVisibleTo(viewer, "s");
    case "post":
      // Her groups' posts are read on their index by group (`postInGroupIdsOf`); the rule decides.
      return sql`(${postInGroupIdsOf(viewer.id, "s")} and ${groupPostVisibleTo(viewer, "s")})`;
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

/** What a statement's text is written for: her rights. Her id is its first parameter. */
interface Shape {
  isAdmin: boolean;
  opensPatronTeaching: boolean;
}

const viewerOf = (shape: Shape): ViewerColumns => statementViewer(shape.isAdmin);

/** The kinds that hold patron teaching, which shows only its title to one who does not open it. */
const PATRON_KINDS: readonly SearchKind[] = ["teaching", "course"];
const withheld = (kind: SearchKind, shape: Shape) =>
  PATRON_KINDS.includes(kind) && !shape.opensPatronTeaching;

/** Whether she may see only the row's title (and so is searched only by it). */
const titleOnly = (kind: SearchKind, shape: Shape): SQL =>
  withheld(kind, shape) ? sql`s.patron_only` : sql`false`;

/** The words of the row `s` she may search: all of them, or its title's (weight A). */
const searchedVector = (kind: SearchKind, shape: Shape): SQL =>
  withheld(kind, shape)
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
 * What she typed ($2), worked out once a statement (src/server/db/migrations/0051_search.sql, 0052):
 * the text-search query of her words and her text as trigrams read it. Each use reads it by a
 * sub-select, run once before the rows, which an index scan takes as its key. It names her id ($1)
 * too, which a statement of kinds open to every member reads nowhere else.
 */
const TERMS = sql`terms as materialized (
  select search_query($2::text) as query, search_trigrams($2::text) as typed, $1::int as viewer_id)`;
const QUERY = sql`(select t.query from terms t)`;
const TYPED = sql`(select t.typed from terms t)`;
/**
 * The query a snippet marks words by (snippets.ts): her Hebrew words also behind each prefix, so
 * the very word is marked. Written on one row of the results only: it is the same for all of them.
 */
const MARKS = sql`case when row_number() over () = 1 then (select search_hebrew_forms(t.query) from terms t)::text end`;

/** What a search's words are, asked when they found nothing. */
export interface Terms {
  /** It holds a word to search for (not only stop words or punctuation). */
  words: boolean;
  /** It is only words: no phrase in quotes, no -word left out. */
  plain: boolean;
}

const termsStatement = preparedStatement<Terms & Record<string, unknown>, [string]>(
  "search_terms",
  `select numnode(query) > 0 as words, query::text !~ '[!<]' as plain from (select search_query($1) as query) q`,
);

export async function termsOf(db: Db, text: string): Promise<Terms> {
  return (await termsStatement(db, text))[0]!;
}

/** The settings of the connections searches run on: the likeness a title needs (`<%`). */
const SETTINGS = { "pg_trgm.word_similarity_threshold": "0.5" };

/** A search statement of fixed text, run by name on its generic plan. */
const searchStatement = <Row extends Record<string, unknown>, Values extends unknown[]>(
  name: string,
  statement: SQL,
) => genericPlanStatement<Row, Values>(name, statementText(statement), SETTINGS);

/** Who may see the row `s`, whatever its kind: each kind's rule. */
const visibleAsItsKind = (viewer: ViewerColumns) =>
  sql`(case s.kind ${sql.join(
    SEARCH_KINDS.map((kind) => sql`when ${kindLiteral(kind)} then ${visibleTo(kind, viewer)}`),
    sql` `,
  )} else false end)`;

/**
 * The newest rows of each kind a search reads first, which the upkeep keeps apart (migration 0059's
 * `search_keep_recent`, run every few minutes: `keepRecentRows`).
 */
export const RECENT_ROWS = 2000;

/** Moves the rows newer ones have passed out of their kind's newest (and back any moved forward). */
export async function keepRecentRows(db: Db): Promise<number> {
  const { rows } = await db.execute<{ moved: string }>(
    sql`select search_keep_recent(${RECENT_ROWS}) as moved`,
  );
  return Number(rows[0]!.moved);
}

/**
 * The rows of `kind` she may see that `mode` finds, each scored: by its words (ranked, titles above
 * bodies), or by its title's likeness to what she typed (trigram word similarity). By words, the
 * newest `window` of those among the kind's newest rows are ranked, or, when those rows hold fewer
 * than `enough` of them, the newest `window` of the whole kind: a common word costs what a rare one
 * does, however many rows there are.
 */
function candidates(
  shape: Shape,
  mode: SearchMode,
  kind: SearchKind,
  { window, enough }: { window: number; enough: number },
): SQL {
  // A row the kind's index found matches her words; only a patron row withheld from her is read
  // again, by its title's words alone: reading every row's words again (its vector taken from the
  // heap and decompressed) cost a Hebrew search about a seventh of its time.
  const patronTitle = withheld(kind, shape)
    ? sql` and (not s.patron_only or ts_filter(s.vector, '{a}') @@ ${QUERY})`
    : sql``;
  const found =
    mode === "words"
      ? sql`s.vector @@ ${QUERY}${patronTitle}`
      : sql`${titledKinds} and ${TYPED} <% s.title_trigrams`;
  const score =
    mode === "words"
      ? sql`ts_rank_cd(${searchedVector(kind, shape)}, ${QUERY}, 1)`
      : sql`word_similarity(${TYPED}, s.title_trigrams)`;
  const visible = visibleTo(kind, viewerOf(shape));
  const ofKind = sql`s.kind = ${kindLiteral(kind)}`;
  const columns = sql`s.id, s.source, s.source_id, s.kind, s.title, s.body, s.at,
        s.group_kind, s.conversation_id, s.video_id, s.seconds, s.patron_only, s.vector, s.title_trigrams,
        ${titleOnly(kind, shape)} as title_only`;
  const limit = sql.raw(String(Math.trunc(window)));
  const newestFirst = sql`order by s.at desc, s.id desc limit ${limit}`;
  let chosen: SQL;
  if (mode === "words") {
    // Matches are read kept narrow (where each row is, and its date) while they are put in order,
    // however many there are; then the rows chosen are read whole by where they are.
    let matches: SQL;
    if (OWNED_SEARCH_KINDS.includes(kind)) {
      matches = sql`select s.ctid as place from search_items s where ${ofKind} and ${found} and ${visible} ${newestFirst}`;
    } else {
      // The newest rows' matches, on their own index; when too few, the whole kind's, on both
      // indexes at once (each arm of the OR names one index's rows), read only then.
      const few = sql`(select count(*) from recent) < ${sql.raw(String(Math.trunc(enough)))}`;
      matches = sql`with recent as materialized (
          select s.ctid as place from search_items s
          where ${ofKind} and s.recent and ${found} and ${visible} ${newestFirst})
        select r.place from recent r where not ${few}
        union all
        select w.place from (
          select s.ctid as place from search_items s
          where ${ofKind} and ((s.recent and s.vector @@ ${QUERY}) or (not s.recent and s.vector @@ ${QUERY}))${patronTitle}
            and ${visible} and ${few}
          ${newestFirst}) w`;
    }
    chosen = sql`select ${columns} from search_items s where s.ctid = any(array(${matches}))`;
  } else {
    chosen = sql`select ${columns} from search_items s where ${ofKind} and ${found} and ${visible} ${newestFirst}`;
  }
  // Scored once chosen; the words and trigrams that score them go no further.
  return sql`select s.id, s.source, s.source_id, s.kind, s.title, s.body, s.at, s.group_kind,
      s.conversation_id, s.video_id, s.seconds, s.title_only, ${score} as score
    from (${chosen}) s`;
}

/** The columns every result reads from the scored rows `f`. */
const resultColumns = sql`f.id::text as id, f.source, f.source_id, f.kind, f.title,
  case when f.title_only then null else f.body end as body, ${MARKS} as marks, f.at, f.score::text as score,
  ((extract(epoch from f.at) * 1000000)::bigint)::text as at_micros,
  f.group_kind, f.conversation_id, f.video_id, f.seconds, f.title_only`;

const bestFirst = sql`score desc, at desc, id desc`;

/** Titles scored when looking for those like a mistyped search. */
const LIKELY_TITLES = 500;

const shapeName = (shape: Shape) =>
  `${shape.isAdmin ? "admin" : "member"}_${shape.opensPatronTeaching ? "opens" : "titles"}`;

/** $1 her id, $2 what she typed. */
const bestStatement = statementsBy(
  (mode: SearchMode, isAdmin: boolean, opensPatronTeaching: boolean, perKind: number) => {
    const shape = { isAdmin, opensPatronTeaching };
    const order = sql`order by array_position(${kindOrder}, f.kind), f.score desc, f.at desc, f.id desc`;
    const limit = sql.raw(String(Math.trunc(perKind)));
    let body: SQL;
    if (mode === "likeness") {
      // The titled kinds' titles at once, on their trigram index. A common misspelt word may look
      // like thousands of titles: the first `LIKELY_TITLES` the index gives are scored, whatever
      // their order, so the work stays bounded.
      const titleOnlyOfKind = opensPatronTeaching
        ? sql`false`
        : sql`(s.kind in (${sql.join(PATRON_KINDS.map(kindLiteral), sql`, `)}) and s.patron_only)`;
      body = sql`select ${resultColumns} from (
        select c.*, row_number() over (partition by c.kind order by ${bestFirst}) as n from (
          select s.*, ${titleOnlyOfKind} as title_only, word_similarity(${TYPED}, s.title_trigrams) as score
          from (
            select s.* from search_items s
            where ${titledKinds} and ${TYPED} <% s.title_trigrams and ${visibleAsItsKind(viewerOf(shape))}
            limit ${sql.raw(String(LIKELY_TITLES))}
          ) s
        ) c
      ) f where f.n <= ${limit}
      ${order}`;
    } else {
      const branches = SEARCH_KINDS.map(
        (kind) => sql`(select * from (${candidates(shape, mode, kind, { window: RANKED, enough: perKind })}) b
        order by ${bestFirst} limit ${limit})`,
      );
      body = sql`select ${resultColumns} from (${sql.join(branches, sql` union all `)}) f ${order}`;
    }
    return searchStatement<FoundRow, [viewerId: number, text: string]>(
      `search_best_${mode}_${shapeName(shape)}_${perKind}`,
      sql`with ${TERMS} ${body}`,
    );
  },
);

/** The best `perKind` of each kind she may see, kinds in the order of SEARCH_KINDS. */
export function bestOfEachKind(
  db: Db,
  searcher: Searcher,
  mode: SearchMode,
  text: string,
  perKind: number,
): Promise<FoundRow[]> {
  return bestStatement(mode, searcher.isAdmin, searcher.opensPatronTeaching, perKind)(db, searcher.id, text);
}

/**
 * $1 her id, $2 what she typed, and after the first page the cursor: its score, its date in
 * microseconds and its id ($3 to $5).
 */
const pageStatement = statementsBy(
  (
    mode: SearchMode,
    kind: SearchKind,
    isAdmin: boolean,
    opensPatronTeaching: boolean,
    first: boolean,
    limit: number,
    enough: number,
  ) => {
    const shape = { isAdmin, opensPatronTeaching };
    const cursor = first
      ? sql``
      : sql.raw(
          "where (b.score, (extract(epoch from b.at) * 1000000)::bigint, b.id) < ($3::real, $4::bigint, $5::bigint)",
        );
    return searchStatement<FoundRow, [viewerId: number, text: string, ...rest: (string | null)[]]>(
      `search_page_${mode}_${kind}_${shapeName(shape)}_${first ? "first" : "next"}_${limit}_${enough}`,
      sql`with ${TERMS} select ${resultColumns} from (
        select * from (${candidates(shape, mode, kind, { window: RANKED, enough })}) b ${cursor}
        order by ${bestFirst} limit ${sql.raw(String(Math.trunc(limit)))}
      ) f
      order by f.score desc, f.at desc, f.id desc`,
    );
  },
);

/** A page of one kind, best first, after `after` when given. */
export function pageOfKind(
  db: Db,
  searcher: Searcher,
  mode: SearchMode,
  text: string,
  kind: SearchKind,
  limit: number,
  after: Position | undefined,
  enough: number,
): Promise<FoundRow[]> {
  if (mode === "likeness" && !isTitled(kind)) return Promise.resolve([]);
  const statement = pageStatement(
    mode,
    kind,
    searcher.isAdmin,
    searcher.opensPatronTeaching,
    !after,
    limit,
    enough,
  );
  const cursor = after ? [after.score, after.atMicros, after.id] : [];
  return statement(db, searcher.id, text, ...cursor);
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

/** $1 her id, $2 what she is typing. */
const suggestionsStatement = statementsBy((isAdmin: boolean, limit: number) => {
  // Worked out once (a sub-select is run once, before the rows), not for each title read.
  const query = sql`(select t.query from typing t)`;
  const matching = sql`s.title_vector @@ ${query} and ${visibleAsItsKind(statementViewer(isAdmin))}`;
  return searchStatement<SuggestionRow, [viewerId: number, text: string]>(
    `search_suggestions_${isAdmin ? "admin" : "member"}_${limit}`,
    sql`with typing as materialized (select search_prefix_query($2::text) as query),
    recent as materialized (
      select s.* from (
        select s.* from search_items s where ${titledKinds} order by s.at desc, s.id desc
        limit ${sql.raw(String(RECENT_TITLES))}
      ) s
      where ${matching}
    ),
    enough as materialized (select count(*) >= ${sql.raw(String(Math.trunc(limit)))} as enough from recent)
    select c.source, c.source_id, c.kind, c.title, c.group_kind, c.conversation_id, c.video_id, c.seconds
    from (
      select r.* from recent r, enough where enough.enough
      union all
      select s.* from search_items s, enough where not enough.enough and ${titledKinds} and ${matching}
    ) c
    order by ts_rank(c.title_vector, ${query}) desc, c.at desc, c.id desc
    limit ${sql.raw(String(Math.trunc(limit)))}`,
  );
});

/**
 * Titles she may see (of the titled kinds) with a word starting with each word she typed, best
 * first: among the newest titles when enough of them match (a common start), else among all that
 * match (a rare one), so that either way little is read.
 */
export function suggestions(db: Db, viewer: Viewer, text: string, limit: number) {
  return suggestionsStatement(viewer.isAdmin, limit)(db, viewer.id, text);
}
