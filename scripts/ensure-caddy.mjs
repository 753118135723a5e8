// The HTTPS browser test puts Debian's Caddy in front of the app, as docs/deploy.md does (see
// lib/debian-package.mjs).
import { ensureDebianPackage } from "./lib/debian-package.mjs";

ensureDebianPackage({
  path: process.env.CADDY_PATH ?? "/usr/bin/caddy",
  pkg: "caddy",
  override: "CADDY_PATH",
  what: "Caddy",
  minutes: "half a minute",
});
