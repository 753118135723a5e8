import { anotherMember, expect, expectAccessible, registerMember, test } from "./support/fixtures";

test.describe("discipleship", () => {
  test("a mentee and a mentor are matched and the mentor accepts", async ({ page, browser }) => {
    test.slow();
    // A focus area nobody else has, so the demo mentor waiting on "prayer" is not the match.
    const focus = `fasting ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

    const mentor = await anotherMember(browser, { firstName: "Elisheva", lastName: "Mentor" });
    const mentorPage = mentor.page;

    await mentorPage.goto("/discipleship?tab=find");
    await mentorPage.getByText("Become a mentor").click();
    await expect(mentorPage.getByLabel("Experience level").locator("option")).toHaveText([
      "Select your experience level",
      "Seasoned Believer",
      "Ministry Leader",
      "Bible Teacher",
    ]);
    await mentorPage.getByLabel("Experience level").selectOption({ label: "Bible Teacher" });
    await mentorPage.getByLabel("Focus areas").fill(`${focus}, hospitality`);
    await mentorPage.getByRole("button", { name: "Offer to Mentor" }).click();
    await expect(mentorPage.getByText("Request submitted", { exact: true })).toBeVisible();
    await expect(mentorPage.getByRole("tab", { name: "My Connections" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(mentorPage.getByRole("heading", { name: "Offering to mentor" })).toBeVisible();
    await expect(mentorPage.getByText("Waiting", { exact: true })).toBeVisible();

    await registerMember(page, { firstName: "Noa", lastName: "Mentee" });
    await page.goto("/discipleship");
    await expect(page.getByRole("heading", { level: 1, name: "Discipleship Hub" })).toBeVisible();
    await expect(page.getByText("No connections yet")).toBeVisible();
    await page.getByRole("tab", { name: "Find Mentorship" }).click();
    // The form arrives with its tab (its module loads when the tab is first opened).
    await expect(page.getByLabel("Experience level").locator("option")).toHaveText([
      "Select your experience level",
      "New Believer",
      "Growing in Faith",
      "Mature Believer",
    ]);
    // What is missing is said beside each field, as every form says it, and not in a toast.
    await page.getByRole("button", { name: "Request a Mentor" }).click();
    const level = page.getByLabel("Experience level");
    const focusAreas = page.getByLabel("Focus areas");
    await expect(level).toHaveAccessibleDescription("Please fill in all required fields.");
    await expect(focusAreas).toHaveAccessibleDescription("Please fill in all required fields.");
    await expect(level).toHaveAttribute("aria-invalid", "true");
    await expect(level).toBeFocused();
    await expect(page.getByText("Missing information", { exact: true })).toHaveCount(0);
    await expectAccessible(page);

    await level.selectOption({ label: "New Believer" });
    await focusAreas.fill(" , ");
    await page.getByRole("button", { name: "Request a Mentor" }).click();
    await expect(focusAreas).toHaveAccessibleDescription("Please fill in all required fields.");
    await expect(level).toHaveAttribute("aria-invalid", "false");
    await expect(focusAreas).toBeFocused();
    await focusAreas.fill(Array.from({ length: 11 }, (_, i) => `area ${i + 1}`).join(", "));
    await page.getByRole("button", { name: "Request a Mentor" }).click();
    await expect(focusAreas).toHaveAccessibleDescription("Please choose at most 10 focus areas.");

    await page.getByLabel("Focus areas").fill(` ${focus.toUpperCase()} ,  worship `);
    await page.getByRole("button", { name: "Request a Mentor" }).click();
    await expect(page.getByText("Request submitted", { exact: true })).toBeVisible();
    const menteeCard = page.getByRole("list", { name: "My connections" }).getByRole("listitem").first();
    await expect(menteeCard.getByRole("heading", { name: "Elisheva Mentor" })).toBeVisible();
    await expect(menteeCard.getByText("Pending", { exact: true })).toBeVisible();
    await expect(menteeCard.getByText(focus.charAt(0).toUpperCase() + focus.slice(1))).toBeVisible();
    await expect(menteeCard.getByRole("button", { name: "Accept" })).toHaveCount(0);

    await mentorPage.reload();
    const mentorCard = mentorPage.getByRole("list", { name: "My connections" }).getByRole("listitem").first();
    await expect(mentorCard.getByRole("heading", { name: "Noa Mentee" })).toBeVisible();
    await expect(mentorCard.getByText("Pending", { exact: true })).toBeVisible();
    await mentorCard.getByRole("button", { name: "Accept" }).click();
    await expect(mentorPage.getByText("Connection accepted", { exact: true })).toBeVisible();
    await expect(mentorCard.getByText("Active", { exact: true })).toBeVisible();
    expect(mentor.errors).toEqual([]);
    await mentor.context.close();

    await page.reload();
    await expect(menteeCard.getByText("Active", { exact: true })).toBeVisible();
    await page.goto("/");
    await expect(page.getByText("1 discipleship partner")).toBeVisible();
    await page.goto("/discipleship");
    // Completing ends it for both of them: she is asked first, and Cancel leaves it as it was.
    await menteeCard.getByRole("button", { name: "Mark Completed" }).click();
    const confirm = page.getByRole("dialog", { name: "Mark this mentorship completed?" });
    await expect(confirm).toContainText("cannot be reopened");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(menteeCard.getByText("Active", { exact: true })).toBeVisible();
    await menteeCard.getByRole("button", { name: "Mark Completed" }).click();
    await confirm.getByRole("button", { name: "Mark Completed" }).click();
    await expect(confirm).toBeHidden();
    await expect(menteeCard.getByText("Completed", { exact: true })).toBeVisible();
  });

  test("the resources tab, with no accessibility problems", async ({ page }) => {
    test.slow();
    await registerMember(page);
    await page.goto("/discipleship");
    await expect(page.getByText("No connections yet")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("tab", { name: "Find Mentorship" }).click();
    await expect(page.getByLabel("Focus areas")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("tab", { name: "Resources" }).click();
    for (const heading of ["Discipleship Guides", "Mentor Training", "Success Stories"]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expectAccessible(page);
  });
});
