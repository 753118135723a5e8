import type { Page } from "@playwright/test";
import { DEMO_MEMBER, expect, signIn, test } from "./support/fixtures";

// A returning member's page arrives drawn by the server with her answers in it: the app takes it
// over without asking for them again, and without a mismatch (any would be logged as an error,
// which fails the test). Only the files the page needs are announced.
const pages = [
  ["/", "Shalom, Ruth"],
  ["/videos", "Video Library"],
  ["/community", "Community"],
  ["/articles", "Articles"],
  ["/courses", "Courses"],
] as const;

/**
 * API requests the page makes, by path and query; the video stills aside, and her live stream,
 * which brings what happens next rather than what the page was drawn with.
 */
function apiRequests(page: Page) {
  const fetched: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (
      url.pathname.startsWith("/api/") &&
      !url.pathname.startsWith("/api/thumbnails/") &&
      url.pathname !== "/api/live"
    ) {
      fetched.push(url.pathname + url.search);
    }
  });
  return fetched;
}

/** The scripts the page requests, by path, in the order it asks for them. */
function scriptRequests(page: Page) {
  const requested: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".js")) requested.push(pathname);
  });
  return requested;
}

test.describe("a returning member's first page", () => {
  for (const [pathname, heading] of pages) {
    test(`${pathname} arrives drawn with her answers and asks for none of them again`, async ({ page }) => {
      await signIn(page, DEMO_MEMBER);
      const html = await (await page.request.get(pathname)).text();
      expect(html).toContain('<div id="root" data-prerendered>');
      expect(html).toContain('<script id="page-state" type="application/json">');
      // Its scripts start once it has painted: named in the page, not fetched with it.
      expect(html).toMatch(
        /<script id="page-modules" type="application\/json">\[[^\]]*"\/assets\/member-app-/,
      );
      expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
      expect(html).not.toContain('as="fetch"');

      const fetched = apiRequests(page);
      const scripts = scriptRequests(page);
      await page.goto(pathname, { waitUntil: "networkidle" });
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      expect(fetched).toEqual([]);
      // Every announced module is asked for, the entry last: what it imports is already on its way.
      const announced: string[] = JSON.parse(
        /<script id="page-modules" type="application\/json">(.*?)<\/script>/.exec(html)![1]!,
      );
      const requested = scripts.filter((p) => announced.includes(p));
      expect([...requested].sort()).toEqual([...announced].sort());
      expect(requested.at(-1)).toBe(announced[0]);
      // Taken over, not just painted: the menu opens.
      await page.getByRole("button", { name: "Account menu" }).click();
      await expect(page.getByRole("menuitem", { name: /sign out/i })).toBeVisible();
    });
  }

  test.describe("before any script runs", () => {
    test.use({ javaScriptEnabled: false });

    test("her prayer wall already shows the requests", async ({ page }) => {
      await signIn(page, DEMO_MEMBER);
      await page.goto("/community");
      await expect(page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
      await expect(
        page.getByRole("list", { name: "Prayer requests" }).getByRole("article").first(),
      ).toBeVisible();
    });
  });

  test("the drawn video library's first stills are each downloaded once", async ({ page }) => {
    await signIn(page, DEMO_MEMBER);
    const stills = new Map<string, number>();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/thumbnails/")) {
        stills.set(url.pathname + url.search, (stills.get(url.pathname + url.search) ?? 0) + 1);
      }
    });
    await page.goto("/videos", { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1, name: "Video Library" })).toBeVisible();
    const shown = await page.locator("main img").evaluateAll((imgs) =>
      imgs.slice(0, 3).map((img) => {
        const url = new URL((img as HTMLImageElement).src);
        return url.pathname + url.search;
      }),
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const url of shown) expect(stills.get(url), url).toBe(1);
  });

  test.describe("in another time zone than the one her page was drawn in", () => {
    test.use({ timezoneId: "America/Chicago" });

    test("the page is drawn again in the browser, from the same answers, and the zone remembered", async ({
      page,
      context,
    }) => {
      await signIn(page, DEMO_MEMBER);
      const fetched = apiRequests(page);
      await page.goto("/community", { waitUntil: "networkidle" });
      await expect(page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
      await expect(page.getByRole("button", { name: /^(Pray|I prayed)$/ }).first()).toBeVisible();
      expect(fetched).toEqual([]);
      // Learned once the page is idle.
      await expect
        .poll(async () => (await context.cookies()).find((c) => c.name === "tz")?.value)
        .toBe(encodeURIComponent("America/Chicago"));

      // Her next page is drawn in her zone and taken over as it is.
      const html = await (await page.request.get("/community")).text();
      expect(html).toContain('"timeZone":"America/Chicago"');
    });
  });

  test("the sign-in page announces its own chunk to a visitor", async ({ page }) => {
    const html = await (await page.request.get("/sign-in")).text();
    expect(html).toMatch(
      /<script id="page-modules" type="application\/json">\[[^\]]*"\/assets\/sign-in-page-/,
    );
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    expect(requested.filter((p) => p.includes("sign-in-page"))).toHaveLength(1);
  });

  test("a visitor's page carries no member hints and no member's data", async ({ page }) => {
    const html = await (await page.request.get("/community")).text();
    expect(html).not.toContain("/assets/member-app-");
    expect(html).not.toContain('as="fetch"');
    expect(html).not.toContain('id="page-state"');
  });
});
