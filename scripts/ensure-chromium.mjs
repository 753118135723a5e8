// Browser tests drive Debian's Chromium headless shell, and Chromium itself where they need what
// only a browser with windows has (notifications); the benchmark audits pages in Chromium (see
// lib/debian-package.mjs).
import { ensureDebianPackage } from "./lib/debian-package.mjs";

ensureDebianPackage({
  path: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  pkg: "chromium-headless-shell",
  override: "CHROMIUM_PATH",
  what: "Chromium's headless shell",
});
ensureDebianPackage({
  path: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  pkg: "chromium",
  override: "CHROMIUM_PATH",
  what: "Chromium",
});
