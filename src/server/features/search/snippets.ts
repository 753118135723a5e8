import { setBounded } from "../../../core/bounded-map";
import { SEARCH_MARK_END, SEARCH_MARK_START } from "../../../core/search/schemas";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared";

// A result's snippet (decision 072): about thirty of its words around what matched, the words her
// query names between the marks of core/search. A word is marked when its lexeme, as PostgreSQL's
// English dictionary gives it (the one the index reads the text with), is one of the query's: the
// rule `ts_headline` applies, without parsing and stemming every word of every result again in the
// statement, which cost a search more than half its time in the database. Each word's lexeme is
// asked of PostgreSQL once, then kept: a community writes with a vocabulary of a few thousand words.

/** The words a snippet shows at most, and the words shown before the first it marks when it can. */
const MAX_WORDS = 30;
const LEAD_WORDS = 4;

/** Lexemes known, by word as written in lower case; "" for a stop word. */
const lexemes = new Map<string, string>();
const LEXEMES_KEPT = 20_000;

const lexemesStatement = preparedStatement<{ word: string; lexeme: string }, [string[]]>(
  "search_word_lexemes",
  `select w as word, coalesce((ts_lexize('english_stem', w))[1], '') as lexeme from unnest($1::text[]) w`,
);

/** The operands of a text-search query as PostgreSQL writes it ('surgeri' & ( 'בית' | 'הבית' )). */
export function queryLexemes(query: string): Set<string> {
  const found = new Set<string>();
  for (const match of query.matchAll(/'((?:[^']|'')*)'/g)) found.add(match[1]!.replaceAll("''", "'"));
  return found;
}

/** A text's words (runs of letters, marks and digits): where each starts and ends, and whether it is marked. */
interface Words {
  starts: number[];
  ends: number[];
  marked: boolean[];
  /** The words that may be marked, as written in lower case: the key of each one's lexeme. */
  keys: Map<number, string>;
}

/**
 * The words of `text`, as a folded text holds them (its punctuation and symbols past ASCII are
 * spaces already, search_fold): an apostrophe or a hyphen parts two words, as PostgreSQL's parser
 * does. By character codes, not a regular expression: a search splits every result's body. Only a
 * word starting with the first letter of a lexeme to mark may be marked (stemming keeps a word's
 * first letter): its lexeme alone is looked up.
 */
function wordsOf(text: string, firstLetters: string): Words {
  const words: Words = { starts: [], ends: [], marked: [], keys: new Map() };
  let start = -1;
  let upper = false;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    const inWord =
      code > 127
        ? code !== 0x2028 && code !== 0x2029 && code !== 0x1680 && code !== 0x3000 && code !== 0xfeff
        : (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
    if (inWord) {
      if (start < 0) {
        start = i;
        upper = false;
      }
      if (code <= 90 ? code >= 65 : code > 127) upper = true;
    } else if (start >= 0) {
      const index = words.starts.length;
      words.starts.push(start);
      words.ends.push(i);
      words.marked.push(false);
      const first = text[start]!;
      if (firstLetters.includes(upper ? first.toLowerCase() : first)) {
        const word = text.slice(start, i);
        words.keys.set(index, upper ? word.toLowerCase() : word);
      }
      start = -1;
    }
  }
  return words;
}

/**
 * The window of at most `MAX_WORDS` words with the most marked words, starting a few words before
 * its first marked word (or at it, when those few would cost a marked word at its end).
 */
function bestWindow(marked: boolean[]): [number, number] {
  const total = marked.length;
  if (total <= MAX_WORDS) return [0, total];
  const markedIn = (from: number) => {
    let n = 0;
    for (let i = from; i < from + MAX_WORDS; i++) if (marked[i]) n++;
    return n;
  };
  let most = markedIn(0);
  let count = most;
  for (let from = 1; from + MAX_WORDS <= total; from++) {
    count += (marked[from + MAX_WORDS - 1] ? 1 : 0) - (marked[from - 1] ? 1 : 0);
    if (count > most) most = count;
  }
  if (most === 0) return [0, MAX_WORDS];
  const startAt = (word: number) => Math.max(0, Math.min(word, total - MAX_WORDS));
  for (let word = 0; word < total; word++) {
    if (!marked[word]) continue;
    for (const from of [startAt(word - LEAD_WORDS), startAt(word)]) {
      if (markedIn(from) === most) return [from, from + MAX_WORDS];
    }
  }
  return [0, MAX_WORDS];
}

/** The final form of each Hebrew letter that has one, by the code of its ordinary form. */
const FINAL_FORMS = new Map([
  [0x05db, "ך"],
  [0x05de, "ם"],
  [0x05e0, "ן"],
  [0x05e4, "ף"],
  [0x05e6, "ץ"],
]);
const isHebrewLetter = (code: number) => code >= 0x05d0 && code <= 0x05ea;

/**
 * A word as shown: a Hebrew letter that has a final form takes it where no Hebrew letter follows
 * (search_fold wrote every final letter in its ordinary form).
 */
function shown(body: string, start: number, end: number): string {
  let word = "";
  let from = start;
  for (let i = start; i < end; i++) {
    const final = FINAL_FORMS.get(body.charCodeAt(i));
    if (final !== undefined && !isHebrewLetter(body.charCodeAt(i + 1))) {
      word += body.slice(from, i) + final;
      from = i + 1;
    }
  }
  return from === start ? body.slice(start, end) : word + body.slice(from, end);
}

const ELLIPSIS = "…";
/** Whether `text` ends a sentence or a line, where a snippet may start or stop without saying it was cut. */
const endsSentence = (text: string) => /(^|[.!?:;…"”')\]])\s*$|\n\s*$/.test(text);

/** What stands between two words, as shown: a run of spaces and line breaks is one space. */
const between = (text: string) => (text === " " ? text : text.replace(/\s+/g, " "));

/**
 * A snippet of `body` (folded, as search_items keeps it) from its words, as shown: its marked
 * words between the marks, Hebrew words with their final letters, spaces single.
 */
function snippetOf(body: string, { starts, ends, marked }: Words): string {
  if (starts.length === 0) return "";
  const [from, to] = bestWindow(marked);
  // Cut within a sentence, a snippet says so at that end.
  let text =
    from === 0
      ? between(body.slice(0, starts[0])).trimStart()
      : endsSentence(body.slice(0, starts[from]))
        ? ""
        : `${ELLIPSIS} `;
  for (let i = from; i < to; i++) {
    if (i > from) text += between(body.slice(ends[i - 1], starts[i]));
    const word = shown(body, starts[i]!, ends[i]!);
    text += marked[i] ? SEARCH_MARK_START + word + SEARCH_MARK_END : word;
  }
  // Then to the end of the text, or of the last word's sentence mark or bracket.
  const rest = body.slice(ends[to - 1]);
  if (to === starts.length) return (text + between(rest)).trimEnd();
  const tail = /^\S*/.exec(rest)![0];
  text += tail;
  return endsSentence(text) || /^[^\S\n]*\n/.test(rest.slice(tail.length)) ? text : `${text} ${ELLIPSIS}`;
}

/**
 * The snippets of results' bodies (null where only a title is shown: an empty snippet), marking
 * the operands of `query` (a text-search query's text, her Hebrew words with their prefixes).
 */
export async function snippetsOf(db: Db, bodies: (string | null)[], query: string): Promise<string[]> {
  const marks = queryLexemes(query);
  const firstLetters = [...new Set([...marks].map((lexeme) => lexeme[0] ?? ""))].join("");
  const split = bodies.map((body) => (body ? wordsOf(body, firstLetters) : null));
  // Each word's lexeme as known before anything is asked: what another search asks meanwhile may push some out.
  const known = new Map<string, string>();
  const unknown: string[] = [];
  for (const words of split) {
    for (const key of words?.keys.values() ?? []) {
      if (known.has(key)) continue;
      const lexeme = lexemes.get(key);
      if (lexeme === undefined) {
        if (!unknown.includes(key)) unknown.push(key);
      } else known.set(key, lexeme);
    }
  }
  if (unknown.length > 0) {
    for (const { word, lexeme } of await lexemesStatement(db, unknown)) {
      known.set(word, lexeme);
      setBounded(lexemes, word, lexeme, LEXEMES_KEPT);
    }
  }
  return bodies.map((body, i) => {
    const words = split[i];
    if (!body || !words) return "";
    for (const [index, key] of words.keys) {
      const lexeme = known.get(key);
      words.marked[index] = lexeme !== undefined && lexeme !== "" && marks.has(lexeme);
    }
    return snippetOf(body, words);
  });
}
