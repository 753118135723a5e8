import fs from "node:fs";

/** Debian's Chromium (never a browser downloaded by a tool); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

export const chromiumInstalled = () => fs.existsSync(chromiumPath());
