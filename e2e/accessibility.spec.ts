import { expect, expectAccessible, test } from "./support/fixtures";
import {
  dashboardScreens,
  fellowshipScreens,
  managementScreens,
  teachingScreens,
  visitorScreens,
  walk,
} from "./support/screens";

/**
 * axe on every screen (e2e/support/screens.ts), as each kind of person sees it, in English; the
 * Hebrew pass (hebrew.spec.ts) scans them right to left. Screens are grouped by who sees them, one
 * browser page per group, so the file costs a few sign-ins rather than one per screen.
 */
test.describe("accessibility: no serious or critical axe violation on any screen", () => {
  // A dozen screens a test, each loaded, settled and scanned: about two minutes on a slow machine.
  test.describe.configure({ timeout: 240_000 });
  const scan = (page: Parameters<typeof expectAccessible>[0]) => expectAccessible(page);

  test("a visitor's screens", async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 404 .*\/no-such-page\)$/);
    await walk(page, visitorScreens, scan);

    await test.step("/sign-in (Create account tab)", async () => {
      await page.goto("/sign-in");
      await page.getByRole("tab", { name: "Create account" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Join the family" })).toBeVisible();
      await expectAccessible(page);
    });
  });

  test("a member's screens: home, teaching, prayer, and what is not hers", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/status of 404 .*\/no-such-page\)$/);
    await walk(page, await teachingScreens(page), scan);
  });

  test("a member's screens: groups, discipleship, messages, profile, giving", async ({ page, browser }) => {
    await walk(page, await fellowshipScreens(page, browser), scan);
  });

  // The dashboard in two halves, so each has its time: the API reference alone is a long page to scan.
  test("an administrator's screens: the dashboard's figures, teaching and members", async ({ page }) => {
    await walk(page, await dashboardScreens(page), scan);
  });

  test("an administrator's screens: revenue, courses, moderation, the API, and the articles", async ({
    page,
  }) => {
    await walk(page, await managementScreens(page), scan);
  });
});
