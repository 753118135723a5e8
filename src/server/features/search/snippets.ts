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
function queryLexemes(query: string): Set<string> {
  const found = new Set<string>();
  for (const match of query.matchAll(/'((?:[^']|'')*)'/g)) found.add(match[1]!.replaceAll("''", "'"));
  return found;
}

/** Whether a character code is part of a word: a letter, mark or digit (a folded text's other characters past ASCII are spaces already). */
const isWordCode = (code: number) =>
  code > 127
    ? code !== 0x2028 && code !== 0x2029 && code !== 0x1680 && code !== 0x3000 && code !== 0xfeff
    : (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);

/**
 * A text's words (runs of letters, marks and digits), as a folded text holds them (search_fold):
 * an apostrophe or a hyphen parts two words, as PostgreSQL's parser does. `bounds` holds each
 * word's start and end; `keys`, the words that may be marked (those starting with the first letter
 * of a lexeme to mark: stemming keeps a word's first letter), by their index, in lower case;
 * `marked`, the words already known to be marked (a Hebrew word, below).
 */
interface Words {
  bounds: number[];
  keys: Map<number, string>;
  marked: Set<number>;
}

/**
 * What a text's words are marked by. The English stemmer leaves a word of Hebrew letters as it is
 * (folded text, final letters in their ordinary forms, as the query's), so such a word is marked
 * when it is one of the query's Hebrew operands, a prefixed form included, with no lexeme to ask
 * for: only the words of those operands' lengths are read. A word of Hebrew and other letters goes
 * the English way (its first letter among `firstLetters`).
 */
interface Marking {
  firstLetters: Set<number>;
  hebrew: Set<string>;
  hebrewLengths: Set<number>;
}

const isHebrewLetter = (code: number) => code >= 0x05d0 && code <= 0x05ea;

function markingOf(marks: Set<string>): Marking {
  const firstLetters = new Set<number>();
  const hebrew = new Set<string>();
  for (const lexeme of marks) {
    // A word of Hebrew and other letters whose stem is this lexeme is looked up as before.
    firstLetters.add(lexeme.charCodeAt(0));
    if ([...lexeme].every((letter) => isHebrewLetter(letter.charCodeAt(0)))) hebrew.add(lexeme);
  }
  return { firstLetters, hebrew, hebrewLengths: new Set([...hebrew].map((lexeme) => lexeme.length)) };
}

/** The words of `text`, by character codes rather than a regular expression: a search splits every result's body. */
function wordsOf(text: string, { firstLetters, hebrew, hebrewLengths }: Marking): Words {
  const bounds: number[] = [];
  const keys = new Map<number, string>();
  const marked = new Set<number>();
  const length = text.length;
  let i = 0;
  while (i < length) {
    while (i < length && !isWordCode(text.charCodeAt(i))) i++;
    if (i === length) break;
    const start = i;
    let lower = true;
    let allHebrew = true;
    while (i < length) {
      const code = text.charCodeAt(i);
      if (!isWordCode(code)) break;
      if (code <= 90 ? code >= 65 : code > 127) lower = false;
      if (!isHebrewLetter(code)) allHebrew = false;
      i++;
    }
    if (allHebrew) {
      if (hebrewLengths.has(i - start) && hebrew.has(text.slice(start, i))) marked.add(bounds.length / 2);
      bounds.push(start, i);
      continue;
    }
    // Its first letter in lower case (a Hebrew letter has none).
    const first = text.charCodeAt(start);
    const firstLower =
      first >= 65 && first <= 90
        ? first + 32
        : first > 127 && (first < 0x0590 || first > 0x05ff)
          ? text[start]!.toLowerCase().charCodeAt(0)
          : first;
    if (firstLetters.has(firstLower)) {
      const word = text.slice(start, i);
      keys.set(bounds.length / 2, lower ? word : word.toLowerCase());
    }
    bounds.push(start, i);
  }
  return { bounds, keys, marked };
}

/**
 * The window of at most `MAX_WORDS` words with the most marked words, starting a few words before
 * its first marked word (or at it, when those few would cost a marked word at its end).
 */
function bestWindow(total: number, marked: Set<number>): [number, number] {
  if (total <= MAX_WORDS || marked.size === 0) return [0, Math.min(total, MAX_WORDS)];
  const at = [...marked].sort((a, b) => a - b);
  const markedIn = (from: number) => at.filter((word) => word >= from && word < from + MAX_WORDS).length;
  // The most marked words a window holds is found among windows that end at a marked word.
  let most = 0;
  for (const word of at) most = Math.max(most, markedIn(Math.max(0, word - MAX_WORDS + 1)));
  const startAt = (word: number) => Math.max(0, Math.min(word, total - MAX_WORDS));
  for (const word of at) {
    for (const from of [startAt(word - LEAD_WORDS), startAt(word)]) {
      if (markedIn(from) === most) return [from, from + MAX_WORDS];
    }
  }
  return [0, MAX_WORDS];
}

const ELLIPSIS = "…";
const SENTENCE_MARKS = ".!?:;…\"”')]";

/** Whether `text` ends a sentence or a line (or is empty), where a snippet may start or stop without saying it was cut. */
function endsSentence(text: string): boolean {
  let i = text.length - 1;
  while (i >= 0 && (text[i] === " " || text[i] === "\t")) i--;
  return i < 0 || text[i] === "\n" || text[i] === "\r" || SENTENCE_MARKS.includes(text[i]!);
}

/** A Hebrew letter that has a final form, at the end of a word. */
const AT_WORD_END = /[כמנפצ](?![\u05D0-\u05EA])/g;
const FINAL_FORMS: Record<string, string> = { כ: "ך", מ: "ם", נ: "ן", פ: "ף", צ: "ץ" };

/**
 * Text of a snippet as shown: a run of spaces and line breaks is one space, and a Hebrew letter
 * that has a final form takes it where no Hebrew letter follows (search_fold wrote every final
 * letter in its ordinary form).
 */
const shown = (text: string) => {
  const spaced = /\s\s|[\t\n\r]/.test(text) ? text.replace(/\s+/g, " ") : text;
  return /[\u05D0-\u05EA]/.test(spaced)
    ? spaced.replace(AT_WORD_END, (letter) => FINAL_FORMS[letter]!)
    : spaced;
};

/** A snippet of `body` (folded, as search_items keeps it) from its words, as shown, its marked words between the marks. */
function snippetOf(body: string, { bounds, marked }: Words): string {
  const total = bounds.length / 2;
  if (total === 0) return "";
  const [from, to] = bestWindow(total, marked);
  const cutBefore = from > 0 && !endsSentence(body.slice(0, bounds[from * 2]));
  const rest = body.slice(bounds[to * 2 - 1]);
  // The window runs to the end of the text, or of its last word's sentence mark or bracket.
  const tail = to === total ? rest : /^\S*/.exec(rest)![0];
  let text = "";
  let at = from === 0 ? 0 : bounds[from * 2]!;
  for (const word of [...marked].filter((w) => w >= from && w < to).sort((a, b) => a - b)) {
    const start = bounds[word * 2]!;
    const end = bounds[word * 2 + 1]!;
    text += `${body.slice(at, start)}${SEARCH_MARK_START}${body.slice(start, end)}${SEARCH_MARK_END}`;
    at = end;
  }
  text = shown(text + body.slice(at, bounds[to * 2 - 1]) + tail).trim();
  const cutAfter = to < total && !endsSentence(text) && !/^[^\S\n]*\n/.test(rest.slice(tail.length));
  return `${cutBefore ? `${ELLIPSIS} ` : ""}${text}${cutAfter ? ` ${ELLIPSIS}` : ""}`;
}

/**
 * The snippets of results' bodies (null where only a title is shown: an empty snippet), marking
 * the operands of `query` (a text-search query's text, her Hebrew words with their prefixes).
 */
export async function snippetsOf(db: Db, bodies: (string | null)[], query: string): Promise<string[]> {
  const marks = queryLexemes(query);
  const marking = markingOf(marks);
  const split = bodies.map((body) => (body ? wordsOf(body, marking) : null));
  // Each word's lexeme as known before anything is asked: what another search asks meanwhile may push some out.
  const known = new Map<string, string>();
  const unknown = new Set<string>();
  for (const words of split) {
    for (const key of words?.keys.values() ?? []) {
      if (known.has(key)) continue;
      const lexeme = lexemes.get(key);
      if (lexeme === undefined) unknown.add(key);
      else known.set(key, lexeme);
    }
  }
  if (unknown.size > 0) {
    for (const { word, lexeme } of await lexemesStatement(db, [...unknown])) {
      known.set(word, lexeme);
      setBounded(lexemes, word, lexeme, LEXEMES_KEPT);
    }
  }
  return bodies.map((body, i) => {
    const words = split[i];
    if (!body || !words) return "";
    for (const [index, key] of words.keys) {
      const lexeme = known.get(key);
      if (lexeme && marks.has(lexeme)) words.marked.add(index);
    }
    return snippetOf(body, words);
  });
}
