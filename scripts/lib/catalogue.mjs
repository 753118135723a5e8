// The Hebrew catalogue as the build reads it (src/core/i18n/he/*.json, merged), and each language's
// messages compiled for Lingui's runtime: Hebrew whole, English only where a message has placeholders,
// plurals or tags (the others are their own keys). The server does the same in src/core/i18n/compile.ts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";

export const CATALOGUE_DIR = path.resolve(import.meta.dirname, "../../src/core/i18n/he");

export function readHebrewCatalogue(onFile = (_file) => {}) {
  const hebrew = {};
  for (const file of readdirSync(CATALOGUE_DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    onFile(path.join(CATALOGUE_DIR, file));
    Object.assign(hebrew, JSON.parse(readFileSync(path.join(CATALOGUE_DIR, file), "utf8")));
  }
  return hebrew;
}

export function compileCatalogue(locale, hebrew) {
  const out = {};
  for (const [id, message] of Object.entries(hebrew)) {
    if (locale === "he") out[id] = compileMessage(message);
    else if (/[{<]/.test(id)) out[id] = compileMessage(id);
  }
  return out;
}

const LITERAL = String.raw`"((?:[^"\\\n]|\\.)*)"`;
const T_CALL = new RegExp(String.raw`(\bt\(\s*)${LITERAL}`, "g");
const TRANS_ID = new RegExp(String.raw`(<Trans\s+id=)(?:\{\s*)?${LITERAL}(?:\s*\})?`, "g");

/**
 * Source code with each message literal of `t("…")` and `<Trans id="…">` that has placeholders,
 * plurals or tags replaced by `{ id, en }`: its key and its English compiled.
 */
export function compileEnglishInline(code) {
  const inline = (literal) => {
    const id = JSON.parse(`"${literal}"`);
    if (!/[{<]/.test(id)) return undefined;
    return `{ id: ${JSON.stringify(id)}, en: ${JSON.stringify(compileMessage(id))} }`;
  };
  return code
    .replace(T_CALL, (all, call, literal) => {
      const message = inline(literal);
      return message ? `${call}${message}` : all;
    })
    .replace(TRANS_ID, (all, attribute, literal) => {
      const message = inline(literal);
      return message ? `${attribute}{${message}}` : all;
    });
}
