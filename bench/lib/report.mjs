import fs from "node:fs";

// docs/performance.md holds one table with a column for each database the bench measures: the
// embedded default `npm start` runs, and a PostgreSQL server named by BENCH_DATABASE_URL (this
// machine's, in practice). A full run writes its own column and keeps the other one from the table
// it replaces, row by row, with that column's heading (its date and CPU benchmark index): the two
// runs take an hour or more each, and a row measured on only one of them says so.

/** The two columns, in the table's order. */
export const DATABASES = ["embedded", "server"];

const HEADING = "| what | target | embedded default | PostgreSQL server |";
const RULE = "|---|---|---|---|";
const NOT_MEASURED = "not measured in this table";

/** A cell's text, safe inside a Markdown table row. */
const cell = (text) => String(text).replaceAll("|", "/").replaceAll("\n", " ");

/** A row's figure in its column: its verdict first, when it has one. */
export const figure = (r) => `${r.ok === undefined ? "" : r.ok ? "✓ " : "✗ "}${r.measured}`;

/**
 * The table in `markdown` (a docs/performance.md written by this module): the heading of each
 * database's column (what run it is) and each row's figure in each column, by the row's name.
 * Anything else (an older layout) reads as no table.
 */
export function readTable(markdown) {
  const lines = markdown.split("\n");
  const start = lines.indexOf(HEADING);
  const runs = Object.fromEntries(DATABASES.map((db) => [db, undefined]));
  const figures = new Map();
  if (start === -1) return { runs, figures };
  for (const line of lines.slice(0, start)) {
    const match = /^- \*\*(embedded|server)\*\*: (.+)$/.exec(line);
    if (match) runs[match[1]] = match[2];
  }
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("| ")) break;
    const [what, target, ...columns] = line.slice(2, -2).split(" | ");
    figures.set(what, { target, ...Object.fromEntries(DATABASES.map((db, i) => [db, columns[i]])) });
  }
  return { runs, figures };
}

/**
 * The table after a full run on `database`: this run's rows in its order, each with this run's
 * figure and the other column's from `previous` (the same row's name), and the other column's rows
 * this run did not measure after them, so that nothing measured is lost.
 */
export function writeTable(previous, database, run, rows) {
  const other = DATABASES.find((db) => db !== database);
  const runs = { ...previous.runs, [database]: run };
  const seen = new Set();
  const body = [];
  for (const r of rows) {
    if (!r.measured) continue;
    const what = cell(r.what);
    seen.add(what);
    const before = previous.figures.get(what);
    const columns = { [database]: cell(figure(r)), [other]: before?.[other] ?? NOT_MEASURED };
    body.push(`| ${what} | ${cell(r.target ?? "")} | ${DATABASES.map((db) => columns[db]).join(" | ")} |`);
  }
  for (const [what, before] of previous.figures) {
    if (seen.has(what) || !before[other] || before[other] === NOT_MEASURED) continue;
    const columns = { [database]: NOT_MEASURED, [other]: before[other] };
    body.push(`| ${what} | ${before.target} | ${DATABASES.map((db) => columns[db]).join(" | ")} |`);
  }
  const described = DATABASES.map((db) => `- **${db}**: ${runs[db] ?? "not measured yet"}`);
  return { described, table: [HEADING, RULE, ...body] };
}

/** What follows the generated part of the file (its sections, written by hand), kept as it is. */
export function writtenByHand(markdown) {
  const start = markdown.search(/^## /m);
  return start === -1 ? "" : `\n${markdown.slice(start)}`;
}

export const readReport = (file) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");
