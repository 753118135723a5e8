import { DEMO_ADMIN, DEMO_MEMBER } from "./support/demo";
import { fakeStripeJs, setConfirmResult } from "./support/fake-stripe";
import { expect, expectAccessible, registerMember, signIn, test } from "./support/fixtures";
import { deliverCoursePayment } from "./support/stripe-events";

test.describe("courses", () => {
  test("a member buys a priced course: the card form, then enrolled once Stripe confirms it", async ({
    page,
  }) => {
    await fakeStripeJs(page);
    await registerMember(page);
    const me = (await (await page.request.get("/api/auth/user")).json()) as { id: number };
    await page.goto("/courses");
    await expect(page.getByRole("heading", { level: 1, name: "Spiritual Courses" })).toBeVisible();
    for (const promise of ["Interactive Learning", "Community Support", "Lifetime Access"]) {
      await expect(page.getByRole("heading", { name: promise })).toBeVisible();
    }

    const card = page.getByRole("article", { name: "Walking Through the Feasts of the Lord" });
    await expect(card.getByText("Available Now")).toBeVisible();
    await expect(card.getByText("$49")).toBeVisible();
    await expect(card.getByText("Free for patrons")).toBeVisible();
    await expect(card.getByText("7 weeks")).toBeVisible();
    await expect(card.getByText("3 enrolled")).toBeVisible();
    await expect(card.getByRole("list", { name: "Topics" }).getByRole("listitem")).toHaveCount(3);

    const answered = page.waitForResponse(
      (r) => r.url().endsWith("/enroll") && r.request().method() === "POST",
    );
    await card.getByRole("button", { name: "Enroll Now" }).click();
    const { clientSecret, courseId } = (await (await answered).json()) as {
      clientSecret: string;
      courseId: number;
    };
    const dialog = page.getByRole("dialog", { name: "Enroll in Walking Through the Feasts of the Lord" });
    await expect(dialog.getByText("$49", { exact: true })).toBeVisible();
    await expect(dialog.getByTestId("payment-element")).toBeVisible();
    await expectAccessible(page);

    await setConfirmResult(page, { paymentIntent: { id: "pi_test", status: "succeeded" } });
    await dialog.getByRole("button", { name: "Pay $49" }).click();
    // Paid, but not enrolled until Stripe's webhook says so.
    await expect(dialog.getByText("Thank you! Your payment is being confirmed")).toBeVisible();
    await expect(page.getByText("Enrolled Successfully", { exact: true })).toHaveCount(0);

    await deliverCoursePayment(page, { clientSecret, courseId, userId: me.id, cents: 4900 });
    await expect(page.getByText("Enrolled Successfully", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const continueLink = card.getByRole("link", { name: /Continue Course/ });
    await expect(continueLink).toHaveAttribute(
      "href",
      "https://learn.example.org/courses/feasts-of-the-lord",
    );
    await expect(continueLink).toHaveAttribute("target", "_blank");
    await expect(continueLink).toHaveAttribute("rel", "noopener noreferrer");
    await expect(card.getByText("4 enrolled")).toBeVisible();

    await page.reload();
    await expect(
      page
        .getByRole("article", { name: "Walking Through the Feasts of the Lord" })
        .getByRole("link", { name: /Continue Course/ }),
    ).toBeVisible();
  });

  test("a free course enrolls her at once", async ({ page }) => {
    await registerMember(page);
    await page.goto("/courses");
    const card = page.getByRole("article", { name: "Foundations of Grace" });
    await card.getByRole("button", { name: "Enroll Now" }).click();
    await expect(page.getByText("Enrolled Successfully", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: /Continue Course/ })).toHaveAttribute(
      "href",
      "https://learn.example.org/courses/foundations-of-grace",
    );
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a course kept for patrons shows a lock and the way to become one, not Enroll Now", async ({
    page,
  }) => {
    // The patron page it leads to loads Stripe.js, which the browser cannot reach here.
    await fakeStripeJs(page);
    await registerMember(page);
    await page.goto("/courses");
    const card = page.getByRole("article", { name: "The Names of God" });
    await expect(card.getByText("For patrons")).toBeVisible();
    await expect(card.getByText("This course is for our patrons. Become a patron to enroll.")).toBeVisible();
    await expect(card.getByRole("button", { name: "Enroll Now" })).toHaveCount(0);
    await card.getByRole("link", { name: "Become a Patron" }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
  });

  test("the demo member already enrolled sees Continue Course", async ({ page }) => {
    await signIn(page, DEMO_MEMBER);
    await page.goto("/courses");
    const card = page.getByRole("article", { name: "Foundations of Grace" });
    await expect(card.getByRole("link", { name: /Continue Course/ })).toHaveAttribute(
      "href",
      "https://learn.example.org/courses/foundations-of-grace",
    );
    await expect(card.getByRole("button", { name: "Enroll Now" })).toHaveCount(0);
  });

  test("a failed enrolment says so", async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/500/);
    await registerMember(page);
    await page.route("**/api/courses/*/enroll", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"down"}' }),
    );
    await page.goto("/courses");
    const card = page.getByRole("article", { name: "Foundations of Grace" });
    await card.getByRole("button", { name: "Enroll Now" }).click();
    await expect(page.getByText("Enrollment Failed", { exact: true })).toBeVisible();
    await expect(page.getByText("Please try again later.", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: "Enroll Now" })).toBeEnabled();
  });

  test("a priced course on a site that takes no payments says so honestly, not as a failure", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/status of 503/);
    await registerMember(page);
    // The server's answer when STRIPE_* are unset (the test's server has a Stripe stand-in).
    await page.route("**/api/courses/*/enroll", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ message: "Online payments are not set up yet." }),
      }),
    );
    await page.goto("/courses");
    const card = page.getByRole("article", { name: "Walking Through the Feasts of the Lord" });
    await card.getByRole("button", { name: "Enroll Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Enroll in Walking Through the Feasts of the Lord" });
    await expect(dialog.getByRole("heading", { name: "Online payments are not set up yet." })).toBeVisible();
    await expect(
      dialog.getByText("This course can be bought here as soon as card payments are set up."),
    ).toBeVisible();
    await expect(page.getByText("Enrollment Failed", { exact: true })).toHaveCount(0);
    await expect(page.getByText("Please try again later.", { exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Close", exact: true }).first().click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole("button", { name: "Enroll Now" })).toBeEnabled();
  });

  test("filters and search narrow the list", async ({ page }) => {
    await registerMember(page);
    await page.goto("/courses");
    const filters = page.getByRole("group", { name: "Filter courses" });
    await filters.getByRole("button", { name: "Coming Soon" }).click();
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Enroll Now" })).toHaveCount(0);
    await filters.getByRole("button", { name: "Available Now" }).click();
    await expect(page.getByRole("button", { name: "Learn More" })).toHaveCount(0);
    await filters.getByRole("button", { name: "All Courses" }).click();
    await page.getByLabel("Search courses").fill("daniel");
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article", { name: "Prophecy Without Fear" })).toBeVisible();
    await page.getByLabel("Search courses").fill("nothing matches this");
    await expect(page.getByText("No courses found")).toBeVisible();
  });

  test("notify me when a coming-soon course is ready", async ({ page }) => {
    await registerMember(page);
    await page.goto("/courses");
    const card = page.getByRole("article", { name: "Prophecy Without Fear" });
    await expect(card.getByText("Coming Soon")).toBeVisible();
    await card.getByRole("button", { name: "Learn More" }).click();
    const dialog = page.getByRole("dialog", { name: "Prophecy Without Fear" });
    await expect(dialog.getByText("Coming Soon", { exact: true })).toBeVisible();
    await expect(dialog.getByText("6 weeks")).toBeVisible();
    await expect(dialog.getByText(/Prophecy was given to comfort God's people/)).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Notify Me When Ready" }).click();
    await expect(page.getByText("We'll Keep You Posted!", { exact: true })).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: /Notifications/ })
        .getByText("You'll be notified when this course is ready."),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    await card.getByRole("button", { name: "Learn More" }).click();
    await expect(page.getByRole("dialog").getByRole("button", { name: "Notify Me When Ready" })).toHaveCount(
      0,
    );
    await expect(
      page.getByRole("dialog").getByText("You'll be notified when this course is ready."),
    ).toBeVisible();
  });
});

test.describe("managing courses", () => {
  test("the admin adds a course, opens it, edits it and archives it", async ({ page }) => {
    test.slow();
    await signIn(page, DEMO_ADMIN);
    await page.goto("/admin?tab=courses");
    const tab = page.getByRole("tabpanel");
    await expect(tab.getByRole("heading", { name: "Courses", exact: true })).toBeVisible();
    const women = tab.getByRole("listitem").filter({ hasText: "Women of the Bible" }).first();
    await expect(women.getByText("3 interested")).toBeVisible();

    await tab.getByRole("button", { name: "Add Course" }).click();
    const form = page.getByRole("dialog", { name: "Add Course" });
    await form.getByRole("button", { name: "Add Course" }).click();
    await expect(form.getByText("Title is required")).toBeVisible();
    await expect(form.getByText("Description must be at least 10 characters")).toBeVisible();
    await form.getByLabel("Title").fill("Psalms for Every Season");
    await form
      .getByLabel("Description", { exact: true })
      .fill("Praying through the Psalms, one season at a time.");
    await form.getByLabel("Status").selectOption("active");
    await form.getByLabel("Estimated duration (optional)").fill("5 weeks");
    await form.getByLabel("Price in dollars (optional)").fill("abc");
    await form.getByLabel("Course link (optional)").fill("javascript:alert(1)");
    await form.getByRole("button", { name: "Add Course" }).click();
    await expect(form.getByText("Price must be a dollar amount of 0 or more")).toBeVisible();
    await expect(form.getByText("Must be a valid URL (starting with https://)")).toBeVisible();
    await form.getByLabel("Price in dollars (optional)").fill("19.50");
    await form.getByLabel("Course link (optional)").fill("https://learn.example.org/psalms");
    await form.getByLabel("Tags (optional)").fill("Psalms, Prayer");
    await form.getByRole("button", { name: "Add Course" }).click();
    await expect(page.getByText("Course Created", { exact: true })).toBeVisible();
    await expect(form).toBeHidden();
    const row = tab.getByRole("listitem").filter({ hasText: "Psalms for Every Season" }).first();
    await expect(row.getByText("Available Now")).toBeVisible();
    await expect(row.getByText("$19.50")).toBeVisible();

    await row.getByRole("button", { name: "Edit Psalms for Every Season" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Course" });
    await expect(edit.getByLabel("Title")).toHaveValue("Psalms for Every Season");
    await edit.getByLabel("Price in dollars (optional)").fill("25");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Course Updated", { exact: true })).toBeVisible();
    await expect(row.getByText("$25")).toBeVisible();

    await page.goto("/courses");
    await expect(page.getByRole("article", { name: "Psalms for Every Season" })).toBeVisible();

    await page.goto("/admin?tab=courses");
    const again = page
      .getByRole("tabpanel")
      .getByRole("listitem")
      .filter({ hasText: "Psalms for Every Season" })
      .first();
    await again.getByRole("button", { name: "Archive Psalms for Every Season" }).click();
    await page
      .getByRole("dialog", { name: "Archive this course?" })
      .getByRole("button", { name: "Archive Course" })
      .click();
    await expect(page.getByText("Course Archived", { exact: true })).toBeVisible();
    await expect(again.getByText("Archived", { exact: true })).toBeVisible();

    await page.goto("/courses");
    await expect(page.getByRole("heading", { level: 1, name: "Spiritual Courses" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Foundations of Grace" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Psalms for Every Season" })).toHaveCount(0);
  });
});

test.describe("courses on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the filters and cards fit the screen", async ({ page }) => {
    await registerMember(page);
    await page.goto("/courses");
    await expect(page.getByRole("article", { name: "Foundations of Grace" })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await expect(
      page.getByRole("group", { name: "Filter courses" }).getByRole("button", { name: "Coming Soon" }),
    ).toBeInViewport();
  });
});
