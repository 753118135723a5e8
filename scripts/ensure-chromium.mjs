// Browser tests drive the system Chromium (Debian's package; see lib/debian-package.mjs).
import { ensureDebianPackage } from "./lib/debian-package.mjs";

ensureDebianPackage({
  path: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  pkg: "chromium",
  override: "CHROMIUM_PATH",
  what: "Chromium",
});
