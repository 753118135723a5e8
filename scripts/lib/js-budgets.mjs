// The JavaScript each page needs before it answers a press, gzipped: the entry's files, and for a
// member's page the member app's and its own, with everything they import (the build manifest's
// static imports; what a page loads later, on demand, is not counted), and each page's budget.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { memberPages } from "../../src/core/member-pages.ts";

const KiB = 1024;

/**
 * Budgets in KiB, gzipped: each page's size when the budget was set, and 3% more. They only come
 * down (decision 073 took 56 KiB off every page).
 */
export const BUDGETS = {
  landing: 45,
  "sign-in": 103,
  "/": 93,
  "/videos": 89,
  "/video/:id": 121,
  "/video-notes": 109,
  "/articles": 112,
  "/courses": 111,
  "/courses/:id": 119,
  "/lessons/:id": 119,
  "/admin/articles": 88,
  "/community": 125,
  "/discipleship": 116,
  "/intercessors": 85,
  "/cultivation-groups": 112,
  "/cultivation-groups/:id": 134,
  "/group-posts/:id": 120,
  "/events/:id": 115,
  "/local-communities": 118,
  "/local-communities/:id": 133,
  "/messages": 88,
  "/search": 87,
  "/messages/:id": 116,
  "/notifications": 113,
  "/profile": 166,
  "/profile/giving/:year": 116,
  "/subscribe": 123,
  "/donate": 122,
  "/admin": 152,
};

/** Every page's JavaScript in KiB, gzipped, beside its budget, from the build in `dist` (web/ inside). */
export function pageScripts(dist = process.env.DIST_DIR ?? "dist") {
  const web = path.join(dist, "web");
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
  return pages.map(([name, modules]) => ({ name, kib: weigh(modules) / KiB, budget: BUDGETS[name] }));
}
