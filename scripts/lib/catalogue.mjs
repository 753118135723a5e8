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
