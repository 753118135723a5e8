import { expect, registerMember, test } from "./support/fixtures";

// Wide enough for the member app's main navigation.
test.use({ viewport: { width: 1400, height: 900 } });

test.describe("page titles", () => {
  test("a visitor's pages are titled for what they are, as she moves between them too", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Cultivate Your Spiritual Garden · Mishpacha");
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await expect(page).toHaveTitle("Sign In · Mishpacha");
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Cultivate Your Spiritual Garden" })).toBeVisible();
    await expect(page).toHaveTitle("Cultivate Your Spiritual Garden · Mishpacha");
    await page.goto("/forgot-password");
    await expect(page).toHaveTitle("Forgot Your Password · Mishpacha");
  });

  test("a member's pages are titled when opened and as she moves between them", async ({ page }) => {
    await registerMember(page);
    await page.goto("/");
    await expect(page).toHaveTitle("Home · Mishpacha");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Videos" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Video Library" })).toBeVisible();
    await expect(page).toHaveTitle("Video Library · Mishpacha");
    await page.locator('main a[href^="/video/"]').first().click();
    await expect(page).toHaveURL(/\/video\/\d+$/);
    await expect(page).toHaveTitle("Video · Mishpacha");
    await nav.getByRole("link", { name: "Community" }).click();
    await expect(page).toHaveTitle("Community · Mishpacha");
    await page.goBack();
    await expect(page).toHaveTitle("Video · Mishpacha");
    await page.goto("/discipleship");
    await expect(page).toHaveTitle("Discipleship · Mishpacha");
    await page.goto("/profile");
    await expect(page).toHaveTitle("Profile · Mishpacha");
  });
});

test.describe("pages that are not there", () => {
  test("an unknown path answers 404 with the friendly page, for a visitor and a member", async ({
    page,
    allowedConsoleErrors,
  }) => {
    // The browser reports the page's own 404, which is the point here.
    allowedConsoleErrors.push(/status of 404/);
    const visitor = await page.goto("/no/such/page");
    expect(visitor?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await expect(page).toHaveTitle("Page Not Found · Mishpacha");

    await registerMember(page);
    const member = await page.goto("/videos/999999");
    expect(member?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page).toHaveTitle("Page Not Found · Mishpacha");
    expect((await page.request.get("/groups/999999")).status()).toBe(404);
  });

  test("a missing item's page answers 404 and still says, kindly, that it is not there", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/status of 404/);
    await registerMember(page);
    const event = await page.goto("/events/999999");
    expect(event?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Event not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page Not Found · Mishpacha");
    const video = await page.goto("/video/999999");
    expect(video?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Video Not Found" })).toBeVisible();
    expect((await page.request.get("/cultivation-groups/999999")).status()).toBe(404);
    // What is there answers 200.
    expect((await page.request.get("/community")).status()).toBe(200);
  });
});
