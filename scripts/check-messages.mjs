// Part of `npm run build`: the Hebrew catalogue (src/core/i18n/he.json) against the code.
// - every message the code uses with t("…") or <Trans id="…"> has a Hebrew entry;
// - every message a schema or a MESSAGES table shows (translated where shown) has one too;
// - every Hebrew entry is valid ICU MessageFormat and names the same placeholders as its English key.
// A missing or broken message fails the build, naming the file and the message.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { LITERAL, parseLiteral, readHebrewCatalogue } from "./lib/catalogue.mjs";

const CATALOGUE = "src/core/i18n/he.json";
const hebrew = readHebrewCatalogue();

function* sources(dir) {
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) yield* sources(p);
    else if (/\.tsx?$/.test(p) && !p.endsWith(".d.ts")) yield p;
  }
}

const STRING = LITERAL;
const USES = [
  new RegExp(String.raw`\bt\(\s*${STRING}`, "g"),
  new RegExp(String.raw`<Trans\s+id=${STRING}`, "g"),
  new RegExp(String.raw`<Trans\s+id=\{\s*${STRING}`, "g"),
];
// What a screen shows through translateKnown: schema messages and the MESSAGES tables of src/core.
const SHOWN = [
  new RegExp(String.raw`\bmessage:\s*${STRING}`, "g"),
  new RegExp(String.raw`\{\s*message:\s*${STRING}\s*\}`, "g"),
];

const problems = [];
for (const file of sources("src")) {
  const text = readFileSync(file, "utf8");
  const patterns = file.startsWith("src/core/") && /schemas\.ts$/.test(file) ? [...USES, ...SHOWN] : USES;
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const id = parseLiteral(match[1], match[2]);
      const before = text.slice(0, match.index);
      const lineStart = before.slice(before.lastIndexOf("\n") + 1).trimStart();
      // A message named in a comment is no use of it.
      if (lineStart.startsWith("//") || lineStart.startsWith("*")) continue;
      if (!(id in hebrew)) {
        const line = before.split("\n").length;
        problems.push(`${file}:${line}: no Hebrew for "${id}"`);
      }
    }
  }
}

const placeholders = (message) => {
  const names = new Set();
  const walk = (tokens) => {
    for (const token of Array.isArray(tokens) ? tokens : [tokens]) {
      if (!Array.isArray(token)) continue;
      const [name, type, cases] = token;
      names.add(name);
      if (
        cases &&
        typeof cases === "object" &&
        (type === "plural" || type === "select" || type === "selectordinal")
      ) {
        for (const value of Object.values(cases)) walk(value);
      }
    }
  };
  walk(compileMessage(message));
  for (const [, tag] of message.matchAll(/<(\d+)\/?>/g)) names.add(`<${tag}>`);
  return [...names].sort().join(",");
};

for (const [english, translation] of Object.entries(hebrew)) {
  if (typeof translation !== "string" || !translation.trim()) {
    problems.push(`${CATALOGUE}: empty Hebrew for "${english}"`);
    continue;
  }
  try {
    if (placeholders(english) !== placeholders(translation)) {
      problems.push(
        `${CATALOGUE}: "${english}" and its Hebrew name different placeholders: "${translation}"`,
      );
    }
  } catch (error) {
    problems.push(
      `${CATALOGUE}: "${english}" or its Hebrew is not valid ICU MessageFormat: ${error.message}`,
    );
  }
}

if (problems.length) {
  console.error(
    `The Hebrew catalogue is missing or breaks ${problems.length} message(s):\n${problems.join("\n")}`,
  );
  process.exit(1);
}
console.log(
  `Messages: ${Object.keys(hebrew).length} in the Hebrew catalogue, every one the code uses among them.`,
);
