import {
  anotherBrowser,
  anotherMember,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  signIn,
  test,
} from "./support/fixtures";

/** Lydia, a demo patron (src/server/db/seed/intercessors.ts). */
const LYDIA = { email: "lydia@example.com", password: DEMO_PASSWORD };

test.describe("the patrons' prayer list", () => {
  test("an administrator appoints an intercessor, who prays through the patrons' requests", async ({
    page,
    browser,
  }) => {
    test.slow();
    // Lydia, a patron, shares a private request with the intercessors.
    const words = `Please pray for our move across the country ${Date.now()}`;
    const patron = await anotherBrowser(browser);
    await signIn(patron.page, LYDIA);
    await patron.page.goto("/community");
    await patron.page.getByLabel("Share a prayer request").fill(words);
    await patron.page.getByRole("switch", { name: "Keep this private" }).click();
    await patron.page.getByRole("switch", { name: "Share with the intercessors" }).click();
    await patron.page.getByRole("button", { name: "Share Request" }).click();
    await expect(patron.page.getByText("Prayer Request Shared").first()).toBeVisible();
    expect(patron.errors).toEqual([]);
    await patron.context.close();

    // Tabitha is a member; the list is not hers yet.
    const { context, page: tabitha, member, errors } = await anotherMember(browser, { firstName: "Tabitha" });
    await tabitha.goto("/intercessors");
    await expect(tabitha.getByRole("heading", { name: "This list is for the intercessors" })).toBeVisible();

    await signIn(page, DEMO_ADMIN);
    await page.goto("/admin?tab=users");
    const row = page
      .getByRole("table", { name: "Members" })
      .getByRole("row")
      .filter({ hasText: member.email });
    await row.getByRole("button", { name: /^Make intercessor: Tabitha/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Make intercessor" }).click();
    await expect(page.getByText("Intercessor added").first()).toBeVisible();
    await expect(row.getByText("Intercessor", { exact: true }).first()).toBeVisible();

    await tabitha.goto("/");
    const nav = tabitha.getByRole("navigation", { name: "Main" });
    // The page may still be drawing its header: wait for one of the two ways in before choosing.
    const openMenu = tabitha.getByRole("button", { name: "Open menu" });
    await expect(nav.or(openMenu)).toBeVisible();
    if (await nav.isVisible()) await nav.getByRole("link", { name: "Prayer List" }).click();
    else {
      await openMenu.click();
      await tabitha
        .getByRole("navigation", { name: "Menu" })
        .getByRole("link", { name: "Prayer List" })
        .click();
    }
    await expect(tabitha.getByRole("heading", { name: "Patrons' prayer list" })).toBeVisible();

    const card = tabitha.getByRole("article").filter({ hasText: words });
    await expect(card.getByRole("heading", { name: "Lydia" })).toBeVisible();
    await expect(card.getByText("Shared with the intercessors")).toBeVisible();
    await expect(card.getByText("Not prayed for yet this week")).toBeVisible();
    await expectAccessible(tabitha);

    await card.getByRole("button", { name: "Mark prayed this week" }).click();
    await expect(tabitha.getByText("Thank you for praying").first()).toBeVisible();
    await expect(card.getByRole("button", { name: "Prayed this week" })).toBeDisabled();
    await expect(card.getByText("1 intercessor prayed this week")).toBeVisible();

    await tabitha.reload();
    await expect(
      tabitha
        .getByRole("article")
        .filter({ hasText: words })
        .getByRole("button", { name: "Prayed this week" }),
    ).toBeDisabled();
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a patron's membership tab shows her patronage", async ({ page }) => {
    await signIn(page, LYDIA);
    await page.goto("/profile?tab=membership");
    await expect(page.getByRole("heading", { name: "Your patronage" })).toBeVisible();
    for (const benefit of ["Priority discipleship access", "Prayer support network"]) {
      await expect(page.getByText(benefit)).toBeVisible();
    }
    await expectAccessible(page);
  });
});
