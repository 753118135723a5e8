// The JavaScript each page needs before it answers a press, gzipped: the entry's files, and for a
// member's page the member app's and its own, with everything they import (the build manifest's
// static imports; what a page loads later, on demand, is not counted). Each page has a budget; the
// build fails when a page outgrows it, naming the page, its size and its budget.
//
//   node --import tsx scripts/check-js-budgets.mjs [--print]
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { memberPages } from "../src/core/member-pages.ts";

const web = path.join(process.env.DIST_DIR ?? "dist", "web");
const KiB = 1024;

/**
 * Budgets in KiB, gzipped: each page's size when the budget was set, and 3% more. They only come
 * down. The targets are lower (the landing page 80 KiB, the member home 110 KiB): the framework
 * alone (React and React DOM) is 68 KiB of every page.
 */
const BUDGETS = {
  landing: 103,
  "sign-in": 161,
  "/": 152,
  "/videos": 147,
  "/video/:id": 223,
  "/video-notes": 211,
  "/articles": 170,
  "/courses": 169,
  "/courses/:id": 221,
  "/lessons/:id": 221,
  "/admin/articles": 146,
  "/community": 184,
  "/discipleship": 218,
  "/intercessors": 144,
  "/cultivation-groups": 214,
  "/cultivation-groups/:id": 237,
  "/group-posts/:id": 179,
  "/events/:id": 173,
  "/local-communities": 221,
  "/local-communities/:id": 236,
  "/messages": 146,
  "/search": 146,
  "/messages/:id": 175,
  "/notifications": 199,
  "/profile": 224,
  "/profile/giving/:year": 174,
  "/subscribe": 182,
  "/donate": 180,
  "/admin": 211,
};

const manifest = JSON.parse(fs.readFileSync(path.join(web, ".vite", "manifest.json"), "utf8"));
const closure = (key, out) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (out.has(chunk.file)) return out;
  out.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, out);
  return out;
};
const gzipped = (file) => {
  const p = path.join(web, file);
  return fs.existsSync(`${p}.gz`) ? fs.statSync(`${p}.gz`).size : gzipSync(fs.readFileSync(p)).length;
};
const weigh = (modules) => {
  const files = new Set();
  for (const module of modules) closure(module, files);
  return [...files].filter((f) => f.endsWith(".js")).reduce((sum, f) => sum + gzipped(f), 0);
};

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const pages = [
  ["landing", [entry]],
  ["sign-in", [entry, "src/web/features/auth/sign-in-page.tsx"]],
  ...memberPages.map((page) => [page.path, [entry, "src/web/member-app.tsx", page.module]]),
];
const over = [];
for (const [name, modules] of pages) {
  const size = weigh(modules) / KiB;
  const budget = BUDGETS[name];
  if (budget === undefined)
    throw new Error(`${name} has no JavaScript budget: give it one in scripts/check-js-budgets.mjs`);
  if (process.argv.includes("--print"))
    console.log(`${name.padEnd(28)} ${size.toFixed(1)} KiB (budget ${budget})`);
  if (size > budget)
    over.push(`${name}: ${size.toFixed(1)} KiB of JavaScript, over its budget of ${budget} KiB`);
}
if (over.length > 0) {
  console.error(
    `Pages over their JavaScript budget (gzipped, scripts/check-js-budgets.mjs):\n  ${over.join("\n  ")}`,
  );
  process.exit(1);
}
