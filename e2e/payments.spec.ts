import { fakeStripeJs, setConfirmResult } from "./support/fake-stripe";
import { DEMO_ADMIN, expect, expectAccessible, registerMember, signIn, test } from "./support/fixtures";

test.describe("donate page", () => {
  test("offers $25, $50 and $100 with $25 chosen, and refuses amounts under $1", async ({ page }) => {
    const stripeLoads = await fakeStripeJs(page);
    await registerMember(page);
    await page.goto("/donate");
    await expect(page.getByRole("heading", { name: "Give to the Ministry" })).toBeVisible();
    for (const preset of ["$25", "$50", "$100"]) {
      await expect(page.getByRole("button", { name: preset, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "$25", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const custom = page.getByLabel("Or enter a custom amount");
    await expect(custom).toHaveAttribute("min", "1");
    await expect(custom).toHaveAttribute("step", "0.01");

    await custom.fill("0.5");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page.getByText("Invalid Amount", { exact: true })).toBeVisible();
    await expect(page.getByText("Please enter an amount of at least $1.", { exact: true })).toBeVisible();
    await expect(page.getByTestId("payment-element")).toHaveCount(0);

    await custom.fill("0");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page.getByText("Please enter an amount of at least $1.", { exact: true })).toBeVisible();

    // Nothing was set up with Stripe for an invalid amount, and the presets still work.
    await custom.fill("");
    await expect(page.getByRole("button", { name: "Continue with $25" })).toBeVisible();
    await expectAccessible(page);
    expect(stripeLoads.length).toBeLessThanOrEqual(1);
  });

  test("takes a custom amount to the card form; a decline says why, then a payment is thanked", async ({
    page,
  }) => {
    await fakeStripeJs(page);
    await registerMember(page);
    await page.goto("/donate");
    await page.getByLabel("Or enter a custom amount").fill("19.99");
    await expect(page.getByRole("button", { name: "$25", exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await page.getByRole("button", { name: "Continue with $19.99" }).click();

    await expect(page.getByRole("heading", { name: "Your gift of $19.99" })).toBeVisible();
    await expect(page.getByTestId("payment-element")).toBeVisible();
    const donate = page.getByRole("button", { name: "Donate $19.99" });
    await expect(donate).toBeEnabled();

    await donate.click();
    await expect(page.getByText("Payment Failed", { exact: true })).toBeVisible();
    await expect(page.getByText("Your card was declined.", { exact: true })).toBeVisible();

    await setConfirmResult(page, { paymentIntent: { id: "pi_test", status: "succeeded" } });
    await donate.click();
    await expect(page.getByText("Thank You!", { exact: true })).toBeVisible();
    await expect(page.getByText("Thank you! Your gift of $19.99 was received.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue with $25" })).toBeVisible();
  });

  test("says clearly when online payments are not set up", async ({ page }) => {
    const stripeLoads = await fakeStripeJs(page);
    await registerMember(page);
    // The same app with no publishable key in its embedded settings (and so drawn in the browser,
    // since the server drew it with one).
    await page.route("**/donate", async (route) => {
      const response = await route.fetch();
      const html = (await response.text())
        .replace(/"stripeKey":"[^"]*"/, '"stripeKey":null')
        .replace(" data-prerendered", "");
      await route.fulfill({ response, body: html });
    });
    await page.goto("/donate");
    await expect(page.getByText("Online payments are not set up yet.")).toBeVisible();
    await expect(page.getByRole("button", { name: "$25", exact: true })).toHaveCount(0);
    expect(stripeLoads).toEqual([]);
  });
});

test.describe("subscribe page", () => {
  test("shows the patron benefits and the card form; payment welcomes the new patron", async ({ page }) => {
    await fakeStripeJs(page);
    await registerMember(page);
    await page.goto("/subscribe");
    await expect(page.getByRole("heading", { name: "Become a Mishpacha Patron" })).toBeVisible();
    for (const benefit of [
      "Exclusive teaching content",
      "Priority discipleship access",
      "Prayer support network",
    ]) {
      await expect(page.getByText(benefit)).toBeVisible();
    }
    await expect(page.getByText("$15", { exact: true })).toBeVisible();
    await expect(page.getByTestId("payment-element")).toBeVisible();
    await expectAccessible(page);

    await setConfirmResult(page, { paymentIntent: { id: "pi_test", status: "succeeded" } });
    await page.getByRole("button", { name: "Subscribe for $15/month" }).click();
    await expect(page.getByText("Welcome to Mishpacha Patron!").first()).toBeVisible();
    // The tier only changes when Stripe's webhook says so.
    await expect(page.getByText("Your patron benefits open as soon as Stripe confirms it.")).toBeVisible();
  });

  test("tells a member who already has a subscription that she is a patron, with no card form", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/status of 409/);
    await fakeStripeJs(page);
    await registerMember(page);
    await page.route("**/api/create-subscription", (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({ message: "This account already has an active subscription." }),
      }),
    );
    await page.goto("/subscribe");
    await expect(page.getByRole("heading", { name: "You're already a Mishpacha Patron" })).toBeVisible();
    await expect(page.getByTestId("payment-element")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Subscribe for/ })).toHaveCount(0);
  });

  test("a patron is thanked instead of offered the upgrade", async ({ page }) => {
    const stripeLoads = await fakeStripeJs(page);
    await signIn(page, DEMO_ADMIN);
    await page.goto("/subscribe");
    await expect(page.getByRole("heading", { name: "You're a Mishpacha Patron" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "You're already a Mishpacha Patron" })).toBeVisible();
    // The demo patron was made one by hand: no Stripe customer, so no portal to open.
    await expect(
      page.getByText("Your patron membership was arranged with the ministry directly."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Become a Mishpacha Patron" })).toHaveCount(0);
    expect(stripeLoads).toEqual([]);
  });

  test("says so when no payment secret comes back", async ({ page }) => {
    await fakeStripeJs(page);
    await registerMember(page);
    await page.route("**/api/create-subscription", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ clientSecret: null }),
      }),
    );
    await page.goto("/subscribe");
    await expect(
      page.getByText("Unable to set up subscription at this time. Please try again later."),
    ).toBeVisible();
  });
});

test("Stripe.js loads only on the payment pages", async ({ page }) => {
  const stripeLoads = await fakeStripeJs(page);
  await registerMember(page);
  for (const path of ["/", "/profile", "/profile?tab=membership"]) {
    await page.goto(path);
    await expect(page.getByRole("main")).toBeVisible();
  }
  await page.waitForLoadState("networkidle");
  expect(stripeLoads).toEqual([]);
  await page.goto("/donate");
  await expect(page.getByRole("heading", { name: "Give to the Ministry" })).toBeVisible();
});
