/**
 * Debian's Chromium headless shell, which the browser tests drive: the headless browser Playwright
 * itself runs tests in, with the same engine as Chromium but none of its windowing, about half the
 * CPU a test (decision 075). Never a browser downloaded by a tool; CHROMIUM_PATH overrides.
 */
export function testBrowserPath(): string {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
}

/** Debian's Chromium, the browser members run: Lighthouse's audits and the page weights. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

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
