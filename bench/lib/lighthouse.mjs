import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS, chromiumPath } from "../../e2e/support/chromium.ts";

/**
 * Puts the member's cookies in the browser's own jar (the page reads `signed_in`, so a header is not
 * enough), with the time zone a browser that signed in has told the server (`rememberTimeZone`), as
 * the sign-in form does: without it, every run would be a browser's very first page after signing in.
 */
async function addCookies(port, origin, cookie) {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const { hostname } = new URL(origin);
  const zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
  await browser.contexts()[0].addCookies(
    [...cookie.split("; "), `tz=${zone}`].map((pair) => {
      const [name, ...rest] = pair.split("=");
      return { name, value: rest.join("="), domain: hostname, path: "/" };
    }),
  );
  await browser.close();
}

const emptyScores = () => ({
  performance: [],
  accessibility: [],
  bestPractices: [],
  totalBlockingTime: [],
  largestContentfulPaint: [],
  benchmarkIndex: [],
});
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A run on a faster machine than the targets are set for: it would flatter every page. */
export const FASTEST_BENCHMARK_INDEX = 1400;

/**
 * Lighthouse's mobile preset in the system Chromium, three counted runs per page, median figures.
 * `pages` are `[name, path, signedIn]`. A run whose CPU benchmark index is above
 * FASTEST_BENCHMARK_INDEX (the machine was having a fast moment) is not counted and is run again;
 * when the machine stays fast, the page's figures are of the runs it had, and say so.
 */
export async function lighthouseScores(base, cookie, pages, runs = 3) {
  const { default: lighthouse } = await import("lighthouse");
  const { launch } = await import("chrome-launcher");
  const origin = base.replace("127.0.0.1", "localhost");
  const results = [];
  for (const [name, pagePath, signedIn] of pages) {
    const scores = emptyScores();
    const fast = emptyScores();
    // A run whose trace Lighthouse could not read (it says so: NO_NAVSTART and the like) measured
    // nothing; it is run again, as a fast run is, up to twice as many runs in all, rather than counted as a zero.
    for (let i = 0, attempts = 0; i < runs && attempts < runs * 2; attempts += 1) {
      const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lh-"));
      const chrome = await launch({
        chromePath: chromiumPath(),
        userDataDir,
        chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
      });
      try {
        if (signedIn) await addCookies(chrome.port, origin, cookie);
        const result = await lighthouse(origin + pagePath, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices"],
          // Resetting storage would clear the cookies; the profile is new, so the cache is cold anyway.
          disableStorageReset: signedIn,
        });
        if (process.env.LIGHTHOUSE_REPORTS) {
          fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
          fs.writeFileSync(
            path.join(process.env.LIGHTHOUSE_REPORTS, `${name.replaceAll(" ", "-")}-${attempts}.json`),
            result.report,
          );
        }
        if (result.lhr.runtimeError) {
          console.log(
            `  Lighthouse could not measure ${name} (${result.lhr.runtimeError.code}); running it again`,
          );
          continue;
        }
        const ended = new URL(result.lhr.finalDisplayedUrl);
        if (ended.pathname + ended.search !== pagePath) {
          throw new Error(`Lighthouse ended on ${result.lhr.finalDisplayedUrl}, not ${pagePath}`);
        }
        const c = result.lhr.categories;
        const a = result.lhr.audits;
        // Lighthouse's measure of this machine's CPU during the run: its mobile preset's 4× slowdown
        // assumes about 1,500 (a fast desktop); a slower machine makes the same page score lower.
        const index = result.lhr.environment.benchmarkIndex;
        const counted = index <= FASTEST_BENCHMARK_INDEX ? scores : fast;
        if (counted === scores) i += 1;
        counted.performance.push(Math.round(c.performance.score * 100));
        counted.accessibility.push(Math.round(c.accessibility.score * 100));
        counted.bestPractices.push(Math.round(c["best-practices"].score * 100));
        counted.totalBlockingTime.push(a["total-blocking-time"].numericValue);
        counted.largestContentfulPaint.push(a["largest-contentful-paint"].numericValue);
        counted.benchmarkIndex.push(index);
      } finally {
        await chrome.kill();
        fs.rmSync(userDataDir, { recursive: true, force: true });
      }
    }
    const used = scores.performance.length ? scores : fast;
    results.push({
      page: name,
      runs: used.performance.length,
      onlyFastRuns: used === fast,
      ...Object.fromEntries(Object.entries(used).map(([key, values]) => [key, median(values)])),
    });
  }
  return results;
}

/**
 * What the browser itself costs on this machine, for the Lighthouse rows to be read against: a page
 * of one heading, and the member's home page as the server draws it with every script taken out (its
 * stylesheet, fonts and images as they are). Lighthouse's phone multiplies the main thread's time by
 * four, so a new renderer's start and a page's first layout are long tasks even with no script at
 * all; what a page's figure has above these is the app's script.
 * Served here on a port of its own: `/floor`, and `/` from the app with the member's cookie, stripped.
 */
export async function serveBrowserFloor(appBase, cookie) {
  const http = await import("node:http");
  const floor =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>One heading</title>' +
    '<meta name="description" content="A page of one heading and one paragraph."></head>' +
    "<body><main><h1>One heading</h1><p>And one paragraph.</p></main></body></html>";
  const server = http.createServer(async (req, res) => {
    try {
      if (req.url === "/floor") {
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.end(floor);
        return;
      }
      const page = req.url === "/";
      const answer = await fetch(appBase + req.url, { headers: page ? { cookie } : {} });
      res.statusCode = answer.status;
      for (const name of ["content-type", "cache-control"]) {
        const value = answer.headers.get(name);
        if (value) res.setHeader(name, value);
      }
      if (page) {
        const html = await answer.text();
        res.end(html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<link[^>]*modulepreload[^>]*>/g, ""));
      } else {
        res.end(Buffer.from(await answer.arrayBuffer()));
      }
    } catch (error) {
      res.statusCode = 502;
      res.end(String(error));
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
