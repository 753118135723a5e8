import { DEMO_ADMIN, DEMO_MEMBER } from "./support/demo";
import { expect, expectAccessible, registerMember, signIn, test } from "./support/fixtures";
import { stubYouTube } from "./support/youtube";

test.describe("home dashboard", () => {
  test("greets the demo member by name and shows every section, arriving drawn with its answers", async ({
    page,
  }) => {
    await signIn(page, DEMO_MEMBER);
    // Join Discussion opens a teaching, whose player readies itself when the pointer comes near.
    await stubYouTube(page);
    const apiCalls: string[] = [];
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith("/api/")) apiCalls.push(url.pathname);
    });
    await page.goto("/");

    await expect(page.getByRole("heading", { level: 1, name: "Shalom, Ruth" })).toBeVisible();
    // Where she stopped last (seeded): Daniel, 3:12 in; the discussion is the newest teaching's.
    await expect(page.getByRole("link", { name: "Continue Watching" })).toHaveAttribute(
      "href",
      /^\/video\/\d+$/,
    );
    await expect(page.getByText(/^Pick up “.+” at \d+:\d{2}\.$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Join Discussion" })).toHaveAttribute(
      "href",
      /^\/video\/\d+#reflections$/,
    );

    for (const heading of [
      "Recent Teachings",
      "Latest Articles",
      "Courses",
      "Prayer Requests",
      "Quick Actions",
    ]) {
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
    // Other tests share requests at the same time, so count them rather than read them.
    const prayers = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Prayer Requests" }) });
    await expect(prayers.getByRole("listitem")).toHaveCount(2);
    await expect(page.getByText("1 discipleship partner")).toBeVisible();
    await expect(page.getByText("Free Member")).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/subscribe");

    const teachings = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Recent Teachings" }) });
    const videos = teachings.locator('a[href^="/video/"]');
    const count = await videos.count();
    if (count === 0) await expect(page.getByText("No videos available yet. Check back soon!")).toBeVisible();
    else expect(count).toBe(3);

    await expect(page.getByRole("link", { name: "My Reflections" })).toHaveAttribute(
      "href",
      "/profile?tab=reflections",
    );
    await expect(page.getByRole("link", { name: "Find Local Group" })).toHaveAttribute(
      "href",
      "/local-communities",
    );
    await expect(page.getByRole("link", { name: "Saved Content" })).toHaveAttribute(
      "href",
      "/profile?tab=saved",
    );

    await page.waitForLoadState("networkidle");
    // The server drew the page with her dashboard: the browser asks for nothing but the stills
    // (and opens her live stream, which brings what happens next).
    expect(apiCalls.filter((p) => !p.startsWith("/api/thumbnails/") && p !== "/api/live")).toEqual([]);
    await expectAccessible(page);

    // Join Discussion opens the newest teaching at its conversation.
    const newest = await videos.first().getAttribute("href");
    await page.getByRole("link", { name: "Join Discussion" }).click();
    await expect(page).toHaveURL(`${newest}#reflections`);
    const conversation = page.getByRole("region", { name: /^Community Reflections/ });
    await expect(conversation).toBeFocused();
    await expect(conversation).toBeInViewport();

    // A prayer preview opens that request on the wall.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    const preview = page.getByRole("link", { name: /^Open .+'s request on the prayer wall$/ }).first();
    const href = (await preview.getAttribute("href"))!;
    expect(href).toMatch(/^\/community#prayer-\d+$/);
    await preview.click();
    await expect(page).toHaveURL(href);
    const request = page.locator(`#${href.split("#")[1]}`);
    await expect(request).toBeFocused();
    await expect(request).toBeInViewport();
  });

  test("a new member sees her own name and a way to find a mentor", async ({ page }) => {
    await registerMember(page, { firstName: "Hadassah", lastName: "Stone" });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Shalom, Hadassah" })).toBeVisible();
    await expect(page.getByText("0 discipleship partners")).toBeVisible();
    await expect(page.getByRole("link", { name: "Find a Mentor" })).toHaveAttribute("href", "/discipleship");
    // In no group yet: the way to one.
    const groups = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "From your groups" }) });
    await expect(groups.getByText("Nothing from your groups yet")).toBeVisible();
    await expect(groups.getByRole("link", { name: "Local Communities" })).toHaveAttribute(
      "href",
      "/local-communities",
    );
  });

  test("the newest post of her group greets her at home and opens with its replies", async ({ page }) => {
    await registerMember(page, { firstName: "Zipporah", lastName: "Reuel" });
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const name = `Well of Midian ${Date.now().toString(36)}`;
    const created = await page.request.post("/api/local-groups", {
      data: {
        name,
        description: "Shepherdesses who pray at the well each morning.",
        meetingType: "Prayer Group",
        location: "Midian",
        requiresApproval: false,
      },
      headers: { Origin: origin },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const words = "Please pray for rain on the eastern pastures this week; the wells are low.";
    const posted = await page.request.post(`/api/local-groups/${id}/posts`, {
      data: { kind: "prayer", body: words },
      headers: { Origin: origin },
    });
    expect(posted.status()).toBe(201);
    const post = (await posted.json()) as { id: number };

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const groups = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "From your groups" }) });
    const item = groups.getByRole("listitem").first();
    await expect(item.getByText(words)).toBeVisible();
    await expect(item.getByText(name, { exact: true })).toBeVisible();
    await expect(item.getByText("Prayer request")).toBeVisible();
    await expect(item.getByText("0 replies")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);

    await item.getByRole("link", { name: `Open Zipporah R.'s post in ${name}` }).click();
    await expect(page).toHaveURL(`/group-posts/${post.id}`);
    await expect(page.getByText(words)).toBeVisible();
  });

  test("a patron sees her membership instead of the upgrade prompt", async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Shalom, Naomi" })).toBeVisible();
    await expect(page.getByText("Mishpacha Patron")).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade" })).toHaveCount(0);
  });
});
