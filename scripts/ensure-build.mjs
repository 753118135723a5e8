// Builds the app when the build is missing or older than its sources (`npm start`, `npm run backup`).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const STAMP = "dist/.build-stamp";
const INPUTS = ["src", "public", "index.html", "vite.config.ts", "package-lock.json"];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

/** Builds unless dist/ is current; `say` tells why it builds (the backup commands print to stderr). */
export function ensureBuild(say = console.log) {
  const stamp = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
  if (stamp === 0 || Math.max(...INPUTS.map(newest)) > stamp) {
    say(stamp === 0 ? "Building the app (first run)..." : "Sources changed; rebuilding...");
    execFileSync("node", ["scripts/build.mjs"], { stdio: ["ignore", "inherit", "inherit"] });
  }
}
