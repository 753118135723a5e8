// Part of `npm run lint`: the interface is laid out by start and end, not left and right, so a page
// right to left (Hebrew) mirrors itself. Refuses physical Tailwind classes in src/web (ml-, pr-,
// left-, text-right, border-l, rounded-r… and their variants); their logical kin are ms-, pe-,
// start-, text-end, border-s, rounded-e.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const PHYSICAL =
  /(?<=[\s"'`:])(?:-?(?:m[lr]|p[lr]|left|right|scroll-[mp][lr])-[\w./[\]%()-]+|(?:border-[lr]|rounded-(?:[lr]|[tb][lr]))(?:-[\w./[\]%()-]+)?|(?:text|float|clear)-(?:left|right))(?=[\s"'`])/g;

function* sources(dir) {
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) yield* sources(p);
    else if (/\.tsx?$/.test(p)) yield p;
  }
}

const found = [];
for (const file of sources("src/web")) {
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, i) => {
      for (const match of line.matchAll(PHYSICAL)) found.push(`${file}:${i + 1}: ${match[0]}`);
    });
}
if (found.length) {
  console.error(
    `Physical classes (use start/end: ms- me- ps- pe- start- end- text-start text-end border-s rounded-s…):\n${found.join("\n")}`,
  );
  process.exit(1);
}
