// Development aid: screenshots of pages at desktop and phone widths.
//   node scripts/screenshot.mjs http://localhost:3000 /,/sign-in out-dir [email password]
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";

const [base = "http://localhost:3000", paths = "/", out = ".tmp/shots", email, password] =
  process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking"],
});
for (const [name, viewport] of [
  ["desktop", { width: 1366, height: 900 }],
  ["mobile", { width: 390, height: 844 }],
]) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  await context.addInitScript(() => localStorage.setItem("install-prompt-dismissed-at", String(Date.now())));
  const page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && console.log(`[${name}] console error: ${m.text()}`));
  if (email) {
    const res = await page.request.post(`${base}/api/auth/login`, {
      data: { email, password },
      headers: { Origin: base },
    });
    if (!res.ok()) console.log("login failed", res.status(), await res.text());
  }
  for (const p of paths.split(",")) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    await page.waitForTimeout(300);
    const file = `${out}/${p.replace(/\W+/g, "_") || "root"}-${name}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
