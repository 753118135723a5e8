import { DEMO_MEMBER, expect, signIn, test } from "./support/fixtures";

// The server names, in a returning member's HTML, the files and first answers her page needs. A
// hint the page does not use is wasted bandwidth, and one that does not match the page's own
// request makes the browser download the answer twice: each must be fetched exactly once.
const pages = [
  ["/", ["/api/auth/user", "/api/dashboard"]],
  ["/videos", ["/api/auth/user", "/api/videos?limit=24"]],
  ["/community", ["/api/auth/user", "/api/prayer-requests?limit=20", "/api/prayer-requests/defaults"]],
  ["/articles", ["/api/auth/user", "/api/articles?limit=24", "/api/articles/tags"]],
  [
    "/courses",
    ["/api/auth/user", "/api/courses?limit=24", "/api/course-interests", "/api/course-enrollments"],
  ],
] as const;

test.describe("a returning member's first page", () => {
  test.use({ serviceWorkers: "block" });

  for (const [pathname, answers] of pages) {
    test(`${pathname} announces its answers and chunks, and fetches each once`, async ({ page }) => {
      await signIn(page, DEMO_MEMBER);
      const html = await (await page.request.get(pathname)).text();
      for (const url of answers) {
        expect(html).toContain(`<link rel="preload" as="fetch" href="${url}" crossorigin="use-credentials">`);
      }
      expect(html).toContain('rel="modulepreload" crossorigin href="/assets/member-app-');

      const fetched = new Map<string, number>();
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/") && !url.pathname.startsWith("/api/thumbnails/")) {
          const key = url.pathname + url.search;
          fetched.set(key, (fetched.get(key) ?? 0) + 1);
        }
      });
      await page.goto(pathname, { waitUntil: "networkidle" });
      await expect(
        page
          .getByRole("navigation", { name: "Main" })
          .or(page.getByRole("navigation", { name: "Quick" }))
          .first(),
      ).toBeVisible();
      // Exactly the announced answers, each once: a request the page adds later must be announced too.
      expect(Object.fromEntries(fetched)).toEqual(Object.fromEntries(answers.map((url) => [url, 1])));
    });
  }

  test("the video library announces its first thumbnails, and each is downloaded once", async ({ page }) => {
    await signIn(page, DEMO_MEMBER);
    const html = await (await page.request.get("/videos")).text();
    const announced = [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map((m) => m[1]);
    expect(announced.length).toBeGreaterThan(0);
    const fetched = new Map<string, number>();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/thumbnails/")) {
        fetched.set(url.pathname + url.search, (fetched.get(url.pathname + url.search) ?? 0) + 1);
      }
    });
    await page.goto("/videos", { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1, name: "Video Library" })).toBeVisible();
    // The first cards show exactly the announced stills.
    const shown = await page
      .locator("main img")
      .evaluateAll((imgs) =>
        imgs
          .slice(0, 3)
          .map(
            (img) =>
              new URL((img as HTMLImageElement).src).pathname + new URL((img as HTMLImageElement).src).search,
          ),
      );
    expect(shown.slice(0, announced.length)).toEqual(announced);
    for (const url of announced) expect(fetched.get(url!), url).toBe(1);
  });

  test("the sign-in page announces its own chunk to a visitor", async ({ page }) => {
    const html = await (await page.request.get("/sign-in")).text();
    expect(html).toMatch(/rel="modulepreload" crossorigin href="\/assets\/sign-in-page-[^"]+\.js"/);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    expect(requested.filter((p) => p.includes("sign-in-page"))).toHaveLength(1);
  });

  test("a visitor's page carries no member hints", async ({ page }) => {
    const html = await (await page.request.get("/community")).text();
    expect(html).not.toContain('modulepreload" crossorigin href="/assets/member-app-');
    expect(html).not.toContain('as="fetch"');
  });
});
