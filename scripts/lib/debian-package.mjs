// What the tests need from the system (a browser, Caddy) comes from Debian's packages, never from a
// download: installed with apt-get when it is missing and we can (root with apt-get), otherwise
// the run stops with a message that says exactly what to install.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Makes sure `path` exists, installing Debian's package `pkg` if need be. `override` names the
 * environment variable that points at another binary (then nothing is installed).
 */
export function ensureDebianPackage({ path, pkg, override, what, minutes = "a minute" }) {
  if (existsSync(path)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  let hasApt = false;
  try {
    execFileSync("apt-get", ["--version"], { stdio: "ignore" });
    hasApt = true;
  } catch {}

  if (!process.env[override] && isRoot && hasApt) {
    console.log(`${what} is missing: installing Debian's ${pkg} package (about ${minutes})...`);
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", pkg], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (existsSync(path)) return;
  }

  console.error(
    `\nThe tests need ${what} at ${path}, and it is not there.\n` +
      `Install it with:  sudo apt-get install -y ${pkg}\n` +
      `or point ${override} at an existing binary.\n`,
  );
  process.exit(1);
}
