import type { Page } from "@playwright/test";
import { DEMO_MEMBER, expect, signIn, test } from "./support/fixtures";

// A server-drawn page is hydrated in turns (HydratedInTurn): the app's frame first, then the page,
// then each of its parts, one task each, so a phone answers presses between them. Each part keeps
// the elements the server drew, and a press made before its turn is made once it has come.

test.describe("a page hydrated in turns", () => {
  test("keeps every element the server drew on the home page, and draws none twice", async ({ page }) => {
    await signIn(page, DEMO_MEMBER);
    // Whatever leaves the page until it is live: hydration that drew a part again would remove the
    // server's elements.
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedBeforeLive: string[] }).removedBeforeLive = removed;
      new MutationObserver((records) => {
        if (document.documentElement.hasAttribute("data-live")) return;
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof Element) removed.push(node.outerHTML.slice(0, 80));
      }).observe(document, { childList: true, subtree: true });
    });
    const drawn = await (await page.request.get("/")).text();
    const sections = (drawn.match(/<section/g) ?? []).length;
    expect(sections).toBeGreaterThan(3);

    await page.goto("/");
    await page.locator("html[data-live]").waitFor({ state: "attached" });
    expect(
      await page.evaluate(() => (window as unknown as { removedBeforeLive: string[] }).removedBeforeLive),
    ).toEqual([]);
    await expect(page.locator("#root section")).toHaveCount(sections);
    await expect(page.getByRole("heading", { name: "Recent Teachings" })).toHaveCount(1);
  });

  test("makes a press on the page before its turn once the page is hydrated", async ({ page: signedIn }) => {
    const { page, release } = await communityAsDrawn(signedIn);
    const answered = page.getByRole("button", { name: "Answered", exact: true });
    await expect(answered).toHaveAttribute("aria-pressed", "false");
    await answered.click();
    release();
    await page.locator("html[data-live]").waitFor({ state: "attached" });
    await expect(answered).toHaveAttribute("aria-pressed", "true");
  });

  test("chooses a tab pressed before the page is hydrated once it is", async ({ page: signedIn }) => {
    const { page, release } = await communityAsDrawn(signedIn);
    const events = page.getByRole("tab", { name: "Events" });
    await expect(events).toHaveAttribute("aria-selected", "false");
    await events.click();
    release();
    await page.locator("html[data-live]").waitFor({ state: "attached" });
    await expect(events).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Upcoming events" })).toBeAttached();
  });

  test("chooses a tab pressed before the app's own module has run, once the page is live", async ({
    page: signedIn,
  }) => {
    await signIn(signedIn, DEMO_MEMBER);
    const page = await signedIn.context().newPage();
    // The page's entry, the first of the modules its loader starts, held back until `release`.
    const drawn = await (await page.request.get("/community")).text();
    const modules = /<script id="page-modules" type="application\/json">([^<]+)<\/script>/.exec(drawn);
    const [entry] = JSON.parse(modules![1]!) as string[];
    const release = await holdBack(page, (url) => url.pathname === entry);
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === entry);
    await page.goto("/community", { waitUntil: "domcontentloaded" });
    await asked;

    const events = page.getByRole("tab", { name: "Events" });
    await events.click();
    await expect(events).toHaveAttribute("aria-selected", "false");
    release();
    await page.locator("html[data-live]").waitFor({ state: "attached" });
    await expect(events).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Upcoming events" })).toBeAttached();
  });
});

/**
 * The community page as the server drew it, in a page of the member's browser that does not wait
 * for the app to hydrate before acting, as a member would not: the page's own module is held back
 * until `release`, so the app has started and waits for it to hydrate.
 */
async function communityAsDrawn(signedIn: Page) {
  await signIn(signedIn, DEMO_MEMBER);
  const page = await signedIn.context().newPage();
  const release = await holdBack(page, /\/assets\/community-page-[^/]+\.js$/);
  await page.goto("/community", { waitUntil: "load" });
  // The app's own module has run (it keeps presses from then on): importing it again waits for it.
  await page.evaluate(async () => {
    const [entry] = JSON.parse(document.getElementById("page-modules")!.textContent!) as string[];
    await import(entry!);
  });
  return { page, release };
}

/** Holds back the page's requests that `url` matches until the function it answers is called. */
async function holdBack(page: Page, url: RegExp | ((url: URL) => boolean)) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
