import fs from "node:fs";

/** Debian's Chromium (never a browser downloaded by a tool); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

export const chromiumInstalled = () => fs.existsSync(chromiumPath());

/**
 * How every headless Chromium here starts: the browser tests, the page-weight and Lighthouse
 * benchmarks. No sandbox (containers), no GPU, no QUIC, and none of the browser's own traffic
 * (first-run pages, updates, sync) in the measurements.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
