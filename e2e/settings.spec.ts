import type { Page } from "@playwright/test";
import { expect, expectAccessible, signInAsAdministrator, test } from "./support/fixtures";

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Puts a setting back to the server's own value (the site is shared by every spec). */
async function putBack(page: Page, body: Record<string, null>) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await page.request.patch("/api/admin/settings", { data: body, headers: { Origin: origin } });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe("the administrators' Settings tab", () => {
  // A visitor who came before has the app's shell in her service worker.
  test.use({ serviceWorkers: "allow" });

  test("changes the welcome line and the site name, and visitors see them on the landing page", async ({
    page,
    browser,
  }) => {
    const stamp = Date.now().toString(36);
    const siteName = `Garden ${stamp}`;
    const welcome = `There is room at the table for you (${stamp}).`;
    // A visitor who came before: her browser keeps the app's shell in its service worker.
    const visitor = await browser.newContext();
    const landing = await visitor.newPage();
    await landing.goto("/");
    await landing.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await landing.reload();
    expect(await landing.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await signInAsAdministrator(page);
    try {
      await page.goto("/admin?tab=settings");
      await expect(page.getByRole("tab", { name: "Settings", selected: true })).toBeVisible();
      const name = page.getByLabel("Site name");
      await expect(name).toBeEditable();
      await expectAccessible(page);

      // A value the tab refuses is said under its field, and nothing is sent.
      await name.fill("");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByText("Give the site a name of 1 to 60 characters, on one line.")).toBeVisible();
      await expect(name).toHaveAttribute("aria-invalid", "true");

      await name.fill(siteName);
      await page.getByLabel("Welcome line").fill(welcome);
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
      await expect(page.getByText(/Last changed .* by Naomi/)).toBeVisible();

      // The visitor, coming back through her service worker, sees both on the landing page, and
      // an installed app would carry the new name.
      await landing.reload();
      await expect(landing.getByText(welcome)).toBeVisible();
      await expect(
        landing.getByText(`Founded by Miriam, ${siteName} is a family`, { exact: false }),
      ).toBeVisible();
      await expect(landing).toHaveTitle(new RegExp(siteName));
      const manifest = await landing.request.get("/manifest.webmanifest");
      expect(await manifest.json()).toMatchObject({ name: siteName, short_name: siteName });
    } finally {
      await visitor.close();
      await putBack(page, { siteName: null, welcomeLine: null });
    }
  });

  test("fits a phone, each field labelled and reachable", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdministrator(page);
    await page.goto("/admin?tab=settings");
    await expect(page.getByLabel("Founder's name")).toBeVisible();
    for (const label of [
      "Site name",
      "Welcome line",
      "Contact e-mail address",
      "Time zone",
      "Who may join",
    ]) {
      await expect(page.getByLabel(label)).toBeVisible();
    }
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const save = page.getByRole("button", { name: "Save settings" });
    await save.scrollIntoViewIfNeeded();
    const box = await save.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await expectAccessible(page);
  });
});
