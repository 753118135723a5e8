import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, chromiumPath } from "../../e2e/support/chromium.ts";

/** The build measured (`DIST_DIR`, as bench/run.mjs takes it). */
const webRoot = path.resolve(process.env.DIST_DIR ?? "dist", "web");
const THIRD_PARTY = /js\.stripe\.com|youtube\.com\/iframe_api|youtube\.com\/s\/player|ytimg\.com\/.*\.js/;

function gzippedSize(urlPath) {
  const file = path.join(webRoot, urlPath);
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

async function weigh(browser, url, cookie) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  if (cookie) {
    const { hostname } = new URL(url);
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name, value] = pair.split("=");
        return { name, value, domain: hostname, path: "/" };
      }),
    );
  }
  const page = await context.newPage();
  const scripts = new Set();
  const thirdParty = [];
  page.on("request", (req) => {
    const u = new URL(req.url());
    if (THIRD_PARTY.test(req.url())) thirdParty.push(u.host + u.pathname);
    if (req.resourceType() === "script" && u.origin === new URL(url).origin) scripts.add(u.pathname);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await context.close();
  let bytes = 0;
  for (const p of scripts) bytes += gzippedSize(p);
  return { bytes, thirdParty };
}

/** Gzipped JavaScript the landing page and the signed-in home page load, and any third-party player or payment script. */
export async function pageWeights(base, cookie) {
  const browser = await launchChromium();
  try {
    const landing = await weigh(browser, `${base.replace("127.0.0.1", "localhost")}/`);
    const home = await weigh(browser, `${base.replace("127.0.0.1", "localhost")}/`, cookie);
    return {
      landing: landing.bytes,
      home: home.bytes,
      thirdParty: [...landing.thirdParty, ...home.thirdParty],
    };
  } finally {
    await browser.close();
  }
}
