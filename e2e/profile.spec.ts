import { fakeStripeJs } from "./support/fake-stripe";
import { expect, expectAccessible, registerMember, test } from "./support/fixtures";

test.describe("profile", () => {
  test("shows her details, edits them, keeps blank fields, and the header follows", async ({ page }) => {
    const member = await registerMember(page, { firstName: "Hadassah", lastName: "Stone" });
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Hadassah Stone" })).toBeVisible();
    await expect(page.getByText("Free Member", { exact: true })).toBeVisible();
    await expect(page.getByText(`Member since ${new Date().getFullYear()}`)).toBeVisible();
    await expect(page.getByText("Tell the community a little about yourself.")).toBeVisible();

    await page.getByRole("button", { name: "Edit Profile" }).click();
    await expect(page.getByLabel("First Name")).toHaveValue("Hadassah");
    await page.getByLabel("First Name").fill("Esther");
    await page.getByLabel("Last Name").fill("");
    await page.getByLabel("About Me").fill("Learning to rest in grace.");
    await page.getByRole("button", { name: "Save Changes" }).click();

    await expect(page.getByText("Profile Updated", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit Profile" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Esther Stone" })).toBeVisible();
    await expect(page.getByText("Learning to rest in grace.")).toBeVisible();

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Esther Stone" })).toBeVisible();
    await expect(page.getByText("Learning to rest in grace.")).toBeVisible();
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menu").getByText("Esther Stone")).toBeVisible();
    await page.keyboard.press("Escape");

    // An invalid address is caught before sending; Cancel leaves everything as it was.
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Email").fill("not-an-address");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Please enter a valid e-mail address")).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText(member.email).first()).toBeVisible();
  });

  test("explains a taken e-mail address", async ({ page, browser, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 409/);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const taken = await registerMember(otherPage);
    await other.close();

    const member = await registerMember(page);
    await page.goto("/profile");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Email").fill(taken.email);
    await page.getByLabel("Current password").fill(member.password);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Another account already uses this e-mail address." }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
  });

  test("settings are saved as they change and persist after reload", async ({ page }) => {
    await registerMember(page);
    await page.goto("/profile?tab=settings");
    const prayerWall = page.getByRole("switch", { name: "Show my name on the prayer wall" });
    const profileShown = page.getByRole("switch", { name: "Show my profile to other members" });
    await expect(prayerWall).toBeChecked();
    await expect(profileShown).toBeChecked();

    const saved = page.waitForResponse((r) => r.url().endsWith("/api/profile/settings") && r.ok());
    await prayerWall.click();
    await saved;
    const savedProfile = page.waitForResponse((r) => r.url().endsWith("/api/profile/settings") && r.ok());
    await profileShown.click();
    await savedProfile;
    await expect(prayerWall).not.toBeChecked();

    await page.reload();
    await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("switch", { name: "Show my name on the prayer wall" })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: "Show my profile to other members" })).not.toBeChecked();
    // What reaches her is chosen per kind on the notifications page, not by switches that do nothing.
    await expect(page.getByRole("switch", { name: "E-mail notifications" })).toHaveCount(0);
    await page.getByRole("link", { name: "Notification preferences" }).click();
    await expect(page).toHaveURL(/\/notifications\?tab=preferences$/);
    await expect(page.getByRole("tab", { name: "Preferences" })).toHaveAttribute("aria-selected", "true");
    await page.goBack();
    await expect(page.getByRole("link", { name: "Sign Out" })).toHaveAttribute("href", "/api/logout");
    await expectAccessible(page);
  });

  test("tabs open from the address; membership offers the upgrade", async ({ page }) => {
    await fakeStripeJs(page);
    await registerMember(page);
    await page.goto("/profile?tab=membership");
    await expect(page.getByRole("heading", { name: "Current Plan: Free Member" })).toBeVisible();
    await page.getByRole("link", { name: "Upgrade" }).click();
    await expect(page).toHaveURL(/\/subscribe$/);

    await page.goto("/profile?tab=reflections");
    await expect(page.getByText("No reflections yet")).toBeVisible();
    await page.getByRole("tab", { name: "Overview" }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await page.goto("/profile?tab=saved");
    await expect(page.getByRole("heading", { name: "Saved Videos", exact: true })).toBeInViewport();
    await expect(page.getByText("No saved videos yet")).toBeVisible();
  });

  test("downloads her data and deletes her account after confirming", async ({ page }) => {
    const member = await registerMember(page, { firstName: "Joanna" });
    await page.goto("/profile?tab=settings");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my data" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^mishpacha-my-data-\d{4}-\d{2}-\d{2}\.json$/);

    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    const confirm = dialog.getByRole("button", { name: "Delete my account" });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
    await confirm.click();
    await expect(page.getByRole("heading", { name: "Cultivate Your Spiritual Garden" })).toBeVisible();

    const res = await page.request.post("/api/auth/login", {
      data: { email: member.email, password: member.password },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(res.status()).toBe(401);
  });
});
