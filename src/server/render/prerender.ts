import { execFile } from "node:child_process";
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { LOCALES } from "../../core/i18n";
import type { PublicConfig } from "../../core/public-config";
import { startModulesAfterPaint } from "./page-scripts";

// Runs in a short-lived child process: React's server renderer and the page components load there
// and all their memory goes back to the system when it exits; the server keeps only the HTML.
const CHILD = `
const { module, config, locales } = JSON.parse(process.env.PRERENDER_INPUT);
const m = await import(module);
const pages = {};
for (const locale of locales)
  for (const path of m.PRERENDERED_PATHS) pages[locale + " " + path] = await m.renderVisitorPage(path, config, locale);
process.stdout.write(JSON.stringify(pages));
`;

/**
 * Renders the visitor pages (landing, sign-in) in each language with the built server-side module.
 * Returns the markup of each page's #root by language and path ("he /sign-in"); empty when there is no such module (a development checkout) or the
 * render fails, and the pages are then rendered in the browser as before.
 */
export function prerenderVisitorPages(
  moduleFile: string,
  config: PublicConfig,
  onError: (message: string) => void,
  timeoutMs = 15_000,
): Promise<Map<string, string>> {
  if (!fs.existsSync(moduleFile)) return Promise.resolve(new Map());
  const input = JSON.stringify({ module: pathToFileURL(moduleFile).href, config, locales: LOCALES });
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--input-type=module", "--eval", CHILD],
      {
        env: { ...process.env, PRERENDER_INPUT: input, NODE_ENV: "production" },
        timeout: timeoutMs,
        maxBuffer: 16 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        if (err) {
          onError(`${err.message}${stderr ? `\n${stderr}` : ""}`);
          return resolve(new Map());
        }
        try {
          resolve(new Map(Object.entries(JSON.parse(stdout) as Record<string, string>)));
        } catch (parseErr) {
          onError(String(parseErr));
          resolve(new Map());
        }
      },
    );
  });
}

/**
 * The page's HTML with the rendered markup in #root (and `after` right behind it); hoisted resource
 * hints go to the head. `shell` is a page prepared for rendered markup by `renderedShell`.
 */
export function withPrerendered(shell: string, markup: string, after = ""): string {
  const hints = markup.match(/^(?:<link [^>]*\/?>)+/)?.[0] ?? "";
  const body = markup.slice(hints.length);
  return shell
    .replace("</head>", () => `${hints}</head>`)
    .replace(/<div id="root">.*$/m, () => `<div id="root" data-prerendered>${body}</div>${after}`);
}

/**
 * A page's HTML made ready for rendered markup, once per page: its scripts only hydrate a page that
 * is already rendered, so they start once it has painted (`page-scripts.ts`).
 */
export const renderedShell = startModulesAfterPaint;
