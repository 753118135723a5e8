import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { DEMO_MEMBER, expect, signIn, test } from "./support/fixtures";

const webRoot = path.resolve(process.env.DIST_DIR ?? "dist", "web");
const KiB = 1024;

/** Gzipped size of every script of our own the page loaded (the files the server sends precompressed). */
async function scriptWeight(page: Page, url: string) {
  const scripts = new Set<string>();
  const thirdParty: string[] = [];
  page.on("request", (req) => {
    const u = new URL(req.url());
    if (/stripe\.com|youtube\.com|ytimg\.com/.test(u.host)) thirdParty.push(u.href);
    if (req.resourceType() === "script" && u.pathname.startsWith("/assets/")) scripts.add(u.pathname);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  let bytes = 0;
  for (const p of scripts) {
    const file = path.join(webRoot, p);
    bytes += fs.existsSync(`${file}.gz`)
      ? fs.statSync(`${file}.gz`).size
      : gzipSync(fs.readFileSync(file)).length;
  }
  return { bytes, thirdParty, scripts: [...scripts] };
}

test.describe("page weight budgets", () => {
  test("the landing page loads at most 80 KiB of gzipped JavaScript and no third-party scripts", async ({
    page,
  }) => {
    const { bytes, thirdParty } = await scriptWeight(page, "/");
    expect(bytes, `${(bytes / KiB).toFixed(1)} KiB`).toBeLessThanOrEqual(80 * KiB);
    expect(thirdParty).toEqual([]);
  });

  test("the signed-in home page loads at most 110 KiB of gzipped JavaScript and no player or payment script", async ({
    page,
  }) => {
    await signIn(page, DEMO_MEMBER);
    const { bytes, thirdParty } = await scriptWeight(page, "/");
    await expect(page.getByRole("heading", { name: /Ruth/ })).toBeVisible();
    expect(bytes, `${(bytes / KiB).toFixed(1)} KiB`).toBeLessThanOrEqual(110 * KiB);
    expect(thirdParty).toEqual([]);
  });

  for (const [pathname, heading] of [
    ["/videos", "Video Library"],
    ["/community", "Community"],
    ["/articles", "Articles"],
  ] as const) {
    test(`${pathname} opens without the form library, which only pages with a form on screen need`, async ({
      page,
    }) => {
      await signIn(page, DEMO_MEMBER);
      const { scripts } = await scriptWeight(page, pathname);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      expect(scripts.filter((s) => /\/forms-/.test(s))).toEqual([]);
    });
  }
});
