import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { PublicConfig } from "../../core/public-config";

// Runs in a worker thread: React's server renderer and the page components are loaded there and
// freed with it, so the server process keeps only the HTML.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
import(workerData.module)
  .then(async (m) => {
    const pages = {};
    for (const path of m.PRERENDERED_PATHS) pages[path] = await m.renderVisitorPage(path, workerData.config);
    parentPort.postMessage({ pages });
  })
  .catch((err) => parentPort.postMessage({ error: String((err && err.stack) || err) }));
`;

/**
 * Renders the visitor pages (landing, sign-in) with the built server-side module. Answers the markup
 * of each page's #root by path; empty when there is no such module (a development checkout) or the
 * render fails, and the pages are then drawn in the browser as before.
 */
export function prerenderVisitorPages(
  moduleFile: string,
  config: PublicConfig,
  onError: (message: string) => void,
  timeoutMs = 15_000,
): Promise<Map<string, string>> {
  if (!fs.existsSync(moduleFile)) return Promise.resolve(new Map());
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { module: pathToFileURL(moduleFile).href, config },
    });
    const done = (pages: Map<string, string>, error?: string) => {
      clearTimeout(timer);
      if (error) onError(error);
      resolve(pages);
      void worker.terminate();
    };
    const timer = setTimeout(() => done(new Map(), "prerendering timed out"), timeoutMs);
    worker.once("message", (msg: { pages?: Record<string, string>; error?: string }) =>
      done(new Map(Object.entries(msg.pages ?? {})), msg.error),
    );
    worker.once("error", (err) => done(new Map(), err.stack ?? String(err)));
  });
}

/** The page's HTML with the prerendered markup in #root; hoisted resource hints go to the head. */
export function withPrerendered(html: string, markup: string): string {
  const hints = markup.match(/^(?:<link [^>]*\/?>)+/)?.[0] ?? "";
  const body = markup.slice(hints.length);
  return html
    .replace("</head>", `${hints}</head>`)
    .replace(/<div id="root">.*$/m, () => `<div id="root" data-prerendered>${body}</div>`);
}
