import type { Page } from "@playwright/test";
import { fakeStripeJs, setConfirmResult } from "./support/fake-stripe";
import { expect, expectAccessible, registerMember, test } from "./support/fixtures";
import { deliverDonation } from "./support/stripe-events";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const myId = async (page: Page) =>
  ((await (await page.request.get("/api/auth/user")).json()) as { id: number }).id;

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test.describe("monthly gifts", () => {
  test("she makes her gift monthly on the donate page and is thanked for it", async ({ page }) => {
    await fakeStripeJs(page);
    await registerMember(page);
    await page.setViewportSize(PHONE);
    await page.goto("/donate");
    await expect(page.getByRole("button", { name: "One time" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Monthly" }).click();
    await expect(page.getByRole("button", { name: "Monthly" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Given each month until you stop it.")).toBeVisible();
    await page.getByLabel("Or enter a custom amount").fill("30");
    await expectAccessible(page);
    await shoot(page, "donate-monthly-390");

    await page.getByRole("button", { name: "Continue with $30 a month" }).click();
    await expect(page.getByRole("heading", { name: "Your monthly gift of $30" })).toBeVisible();
    await expect(page.getByTestId("payment-element")).toBeVisible();
    await setConfirmResult(page, { paymentIntent: { id: "pi_test", status: "succeeded" } });
    await page.getByRole("button", { name: "Give $30 monthly" }).click();
    await expect(page.getByText("Thank you! Your monthly gift of $30 has begun.")).toBeVisible();
    await page.setViewportSize(DESKTOP);
    await shoot(page, "donate-monthly-thanked-desktop");
  });
});

test.describe("my giving", () => {
  test("the statement for a year shows her gifts, the total and the ministry, and prints alone", async ({
    page,
  }) => {
    await registerMember(page, { firstName: "Hannah", lastName: "Levi" });
    const id = await myId(page);
    await deliverDonation(page, id, 2500, new Date("2025-03-10T12:00:00Z"));
    await deliverDonation(page, id, 4050, new Date("2025-11-02T12:00:00Z"));
    await deliverDonation(page, id, 700, new Date("2026-01-01T12:00:00Z"));

    await page.setViewportSize(PHONE);
    await page.goto("/profile/giving/2025");
    const statement = page.locator("#giving-statement");
    await expect(statement.getByRole("heading", { name: "Giving statement 2025" })).toBeVisible();
    for (const text of [
      "Mishpacha Women's Ministry, Inc.",
      "12 Olive Lane",
      "Nashville, TN 37201",
      "Tax ID: 12-3456789",
      "Hannah Levi",
    ]) {
      await expect(statement.getByText(text)).toBeVisible();
    }
    await expect(statement.getByRole("row")).toHaveCount(4);
    await expect(statement.getByRole("row", { name: /Total given in 2025/ })).toContainText("$65.50");
    await expect(statement.getByText("$7.00")).toHaveCount(0);
    await expectAccessible(page);
    await shoot(page, "statement-390");

    await page.setViewportSize(DESKTOP);
    await shoot(page, "statement-desktop");
    const print = page.getByRole("button", { name: "Print or save as PDF" });
    await expect(print).toBeVisible();
    await page.emulateMedia({ media: "print" });
    // On paper: the statement alone, without the app's header or the buttons.
    await expect(print).toBeHidden();
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(statement.getByRole("heading", { name: "Giving statement 2025" })).toBeVisible();
    await shoot(page, "statement-print");
    await page.emulateMedia({ media: "screen" });

    await page.goto("/profile/giving/2019");
    await expect(page.getByRole("heading", { name: "No gifts in 2019" })).toBeVisible();
  });

  test("her profile lists her giving by year and leads to the statement", async ({ page }) => {
    await registerMember(page);
    const id = await myId(page);
    await deliverDonation(page, id, 1999);
    const year = new Date().getFullYear();
    await page.goto("/profile?tab=membership");
    await expect(page.getByRole("heading", { name: "My giving" })).toBeVisible();
    await expect(page.getByRole("row", { name: /Donation/ })).toContainText("$19.99");
    await expect(page.getByRole("row", { name: new RegExp(`Total given in ${year}`) })).toContainText(
      "$19.99",
    );
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await shoot(page, "profile-giving-390");
    await page.getByRole("link", { name: `Statement for ${year}` }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/giving/${year}$`));
    await expect(page.getByRole("heading", { name: `Giving statement ${year}` })).toBeVisible();
  });
});
