// Browser tests drive the system Chromium. Install Debian's package when it is missing and we can
// (root with apt-get); otherwise stop with a message that says exactly what to install.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
let hasApt = false;
try {
  execFileSync("apt-get", ["--version"], { stdio: "ignore" });
  hasApt = true;
} catch {}

if (!process.env.CHROMIUM_PATH && isRoot && hasApt) {
  console.log("Chromium is missing: installing Debian's chromium package (about a minute)...");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (existsSync(path)) process.exit(0);
}

console.error(
  `\nBrowser tests need Chromium at ${path}, and it is not there.\n` +
    "Install it with:  sudo apt-get install -y chromium\n" +
    "or point CHROMIUM_PATH at an existing Chromium or Chrome binary.\n",
);
process.exit(1);
