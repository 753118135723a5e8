import { DEMO_ADMIN, expect, expectAccessible, registerMember, signIn, test } from "./support/fixtures";

const NEWSLETTER = "https://miriamsgarden.substack.com/p";

test.describe("articles", () => {
  test("a member finds an article by topic and search, and discusses it", async ({ page }) => {
    test.slow();
    await registerMember(page, { firstName: "Tabitha" });
    await page.goto("/articles");
    await expect(page.getByRole("heading", { level: 1, name: "Miriam's Articles" })).toBeVisible();

    const card = page.getByRole("article", { name: "Grace in the Wilderness Seasons" });
    await expect(card.getByText("Article", { exact: true })).toBeVisible();
    await expect(card.getByText("6 min read")).toBeVisible();
    await expect(card.getByRole("list", { name: "Topics" }).getByRole("listitem")).toHaveCount(3);
    const read = card.getByRole("link", { name: /Read on Substack/ });
    await expect(read).toHaveAttribute("href", `${NEWSLETTER}/grace-in-the-wilderness`);
    await expect(read).toHaveAttribute("target", "_blank");
    await expect(read).toHaveAttribute("rel", "noopener noreferrer");

    const topics = page.getByRole("group", { name: "Topics" });
    await topics.getByRole("button", { name: "Proverbs" }).click();
    await expect(topics.getByRole("button", { name: "Proverbs" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article", { name: "The Woman of Valor Is Not a Checklist" })).toBeVisible();
    await topics.getByRole("button", { name: "All Topics" }).click();

    await page.getByLabel("Search articles").fill("el roi");
    await expect(page.getByRole("article")).toHaveCount(1);
    await page.getByLabel("Search articles").fill("no article says this");
    await expect(page.getByText("No articles found")).toBeVisible();
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(card).toBeVisible();

    await card.getByRole("button", { name: /^Discuss/ }).click();
    const dialog = page.getByRole("dialog", { name: "Grace in the Wilderness Seasons" });
    await expect(dialog.getByText("El Roi. I needed that name today more than I can say.")).toBeVisible();
    await expect(dialog.getByText("Esther", { exact: true })).toBeVisible();
    const box = dialog.getByLabel("Your thoughts");
    await expect(box).toHaveAttribute("rows", "3");
    const share = dialog.getByRole("button", { name: "Share Thought" });
    await expect(share).toBeDisabled();
    await box.fill("   ");
    await expect(share).toBeDisabled();
    await box.fill("He sees me in the dry places too.");
    await share.click();
    await expect(page.getByText("Discussion Added", { exact: true })).toBeVisible();
    await expect(dialog.getByText("He sees me in the dry places too.")).toBeVisible();
    await expect(dialog.getByText("Tabitha", { exact: true })).toBeVisible();
    await expect(box).toHaveValue("");
    await expectAccessible(page);

    // Stored, not just shown: it is there after a reload.
    await page.reload();
    await page
      .getByRole("article", { name: "Grace in the Wilderness Seasons" })
      .getByRole("button", { name: /^Discuss/ })
      .click();
    await expect(page.getByRole("dialog").getByText("He sees me in the dry places too.")).toBeVisible();
  });

  test("an article nobody discussed invites the first thought; a failed post says so", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/500/);
    await registerMember(page);
    await page.goto("/articles");
    await page
      .getByRole("article", { name: "Hope That Waits: Advent Through Jewish Eyes" })
      .getByRole("button", { name: /^Discuss/ })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("Be the first to share your thoughts on this article!")).toBeVisible();

    await page.route("**/api/article-discussions", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"down"}' })
        : route.continue(),
    );
    await dialog.getByLabel("Your thoughts").fill("Waiting with hope.");
    await dialog.getByRole("button", { name: "Share Thought" }).click();
    await expect(
      page.getByText("Failed to add discussion. Please try again.", { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByLabel("Your thoughts")).toHaveValue("Waiting with hope.");
  });

  test("the admin syncs articles from the newsletter", async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    await page.goto("/admin/articles");
    await expect(page.getByRole("heading", { level: 1, name: "Article Management" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Current Articles \(\d+\)$/ })).toBeVisible();
    // The feed is set (the test's newsletter): the hourly sync is a promise the server keeps.
    await expect(page.getByText(/They sync on their own every hour/)).toBeVisible();
    await expect(page.getByText("No newsletter feed is set")).toHaveCount(0);
    const row = page.getByRole("listitem").filter({ hasText: "Rest Is Not a Reward" });
    await expect(row.getByText("7 min read")).toBeVisible();
    await expect(row.getByText("214 views")).toBeVisible();
    await expect(row.getByRole("link", { name: /Open “Rest Is Not a Reward/ })).toHaveAttribute(
      "href",
      `${NEWSLETTER}/rest-is-not-a-reward`,
    );

    // The answer is held until the busy state has been seen.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route("**/api/admin/articles/sync", async (route) => {
      await answered;
      await route.continue();
    });
    await page.getByRole("button", { name: "Sync from Substack" }).click();
    await expect(page.getByRole("button", { name: "Syncing..." })).toBeDisabled();
    answer();
    await expect(page.getByText("Sync Complete", { exact: true })).toBeVisible();
    await expect(page.getByText(/^\d+ new articles? added/)).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Seeds of Shalom: Finding Peace in Anxious Days" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Current Articles \(9\)$/ })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/articles");
    await expect(
      page.getByRole("article", { name: "Seeds of Shalom: Finding Peace in Anxious Days" }),
    ).toBeVisible();
    await expect(
      page.getByRole("group", { name: "Topics" }).getByRole("button", { name: "Peace" }),
    ).toBeVisible();
  });

  test("a failed sync shows the reason", async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/502/);
    await signIn(page, DEMO_ADMIN);
    await page.route("**/api/admin/articles/sync", (route) =>
      route.fulfill({
        status: 502,
        contentType: "application/json",
        body: JSON.stringify({ message: "The Substack feed is larger than 5 MB." }),
      }),
    );
    await page.goto("/admin/articles");
    await page.getByRole("button", { name: "Sync from Substack" }).click();
    await expect(page.getByText("Sync Failed", { exact: true })).toBeVisible();
    await expect(page.getByText("The Substack feed is larger than 5 MB.", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sync from Substack" })).toBeEnabled();
  });

  test("without a newsletter feed the page says so and leads to Settings, promising no hourly sync", async ({
    page,
  }) => {
    await signIn(page, DEMO_ADMIN);
    // The page as the server draws it when NEWSLETTER_FEED_URL is unset: its answer (the test's
    // server has a feed) says no feed, and the page is drawn again in the browser from it.
    await page.route(
      (url) => url.pathname === "/admin/articles",
      async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        expect(html).toContain('"feedConfigured":true');
        await route.fulfill({
          response,
          body: html
            .replace('"feedConfigured":true', '"feedConfigured":false')
            .replace(" data-prerendered", ""),
        });
      },
    );
    await page.goto("/admin/articles");
    await expect(page.getByRole("heading", { level: 1, name: "Article Management" })).toBeVisible();
    await expect(
      page.getByText("Articles come from your Substack newsletter, but no feed is set yet"),
    ).toBeVisible();
    await expect(page.getByText(/They sync on their own every hour/)).toHaveCount(0);
    const notice = page.getByRole("status").filter({ hasText: "No newsletter feed is set" });
    await expect(notice).toContainText("Give the address of your Substack feed in Settings.");
    await expect(notice.getByRole("link", { name: "Settings" })).toHaveAttribute(
      "href",
      "/admin?tab=settings",
    );
    await expect(page.getByRole("button", { name: "Sync from Substack" })).toBeDisabled();
    await expectAccessible(page);
  });

  test("members who are not administrators are turned away", async ({ page }) => {
    await registerMember(page);
    await page.goto("/admin/articles");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You don't have permission to access the article management.")).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText("@");
    await expect(page.getByRole("button", { name: /Sync from/ })).toHaveCount(0);
    const res = await page.request.post("/api/admin/articles/sync", {
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(res.status()).toBe(403);
  });
});

test.describe("articles on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("cards and the discuss dialog fit the screen", async ({ page }) => {
    await registerMember(page);
    await page.goto("/articles");
    const card = page.getByRole("article", {
      name: "Rest Is Not a Reward: Rediscovering the Gift of Shabbat",
    });
    await expect(card).toBeVisible();
    const box = await card.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await card.getByRole("button", { name: /^Discuss/ }).click();
    await expect(page.getByRole("dialog").getByText("Hannah", { exact: true })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
  });
});
