// The Hebrew catalogue as the build reads it (src/core/i18n/he.json), and each language's
// messages compiled for Lingui's runtime: Hebrew whole, English only where a message has placeholders,
// plurals or tags (the others are their own keys). The server does the same in src/core/i18n/compile.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";

export const CATALOGUE_FILE = path.resolve(import.meta.dirname, "../../src/core/i18n/he.json");

export function readHebrewCatalogue(onFile = (_file) => {}) {
  onFile(CATALOGUE_FILE);
  return JSON.parse(readFileSync(CATALOGUE_FILE, "utf8"));
}

export function compileCatalogue(locale, hebrew) {
  const out = {};
  for (const [id, message] of Object.entries(hebrew)) {
    if (locale === "he") out[id] = compileMessage(message);
    else if (/[{<]/.test(id)) out[id] = compileMessage(id);
  }
  return out;
}

// A message's string literal as Biome writes it: in double quotes, or in single quotes when the text
// holds a double quote. `parseLiteral` gives its text.
export const LITERAL = String.raw`(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')`;
export const parseLiteral = (double, single) =>
  double !== undefined
    ? JSON.parse(`"${double}"`)
    : JSON.parse(`"${single.replace(/\\'/g, "'").replace(/"/g, '\\"')}"`);
const T_CALL = new RegExp(String.raw`(\bt\(\s*)${LITERAL}`, "g");
const TRANS_ID = new RegExp(String.raw`(<Trans\s+id=)(?:\{\s*)?${LITERAL}(?:\s*\})?`, "g");

/**
 * Source code with each message literal of `t("…")` and `<Trans id="…">` that has placeholders,
 * plurals or tags replaced by `{ id, en }`: its key and its English compiled.
 */
export function compileEnglishInline(code) {
  const inline = (double, single) => {
    const id = parseLiteral(double, single);
    if (!/[{<]/.test(id)) return undefined;
    return `{ id: ${JSON.stringify(id)}, en: ${JSON.stringify(compileMessage(id))} }`;
  };
  return code
    .replace(T_CALL, (all, call, double, single) => {
      const message = inline(double, single);
      return message ? `${call}${message}` : all;
    })
    .replace(TRANS_ID, (all, attribute, double, single) => {
      const message = inline(double, single);
      return message ? `${attribute}{${message}}` : all;
    });
}
