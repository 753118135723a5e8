import type { Locator, Page } from "@playwright/test";
import { DEMO_ADMIN, expect, expectAccessible, signIn, test } from "./support/fixtures";

/** Presses Tab until `target` has the focus, as someone at a keyboard does; fails past `max` presses. */
async function tabTo(page: Page, target: Locator, max = 150) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

const writeHeaders = () => ({
  Origin: new URL(test.info().project.use.baseURL!).origin,
  "Idempotency-Key": `lessons-admin-${Date.now()}-${Math.random()}`,
});

/** An administrators' API call that makes something; its answer. */
async function create(page: Page, path: string, data: object): Promise<{ id: number }> {
  const res = await page.request.post(path, { data, headers: writeHeaders() });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

/** A course of the test's own, made through the administrators' API, so the demo courses stay as they are. */
async function courseOfItsOwn(page: Page, title: string) {
  return create(page, "/api/admin/courses", {
    title,
    description: "A short course made for trying the lesson editor.",
    status: "active",
    estimatedDuration: "",
    price: "",
    courseUrl: "",
    tags: "",
    patronOnly: false,
    includedForPatrons: false,
  });
}

/** The titles of a module's lessons, in the order shown. */
const lessonTitles = (page: Page, module: string) =>
  page.getByRole("list", { name: `Lessons of ${module}` }).getByRole("listitem");

test.describe("the lesson editor", () => {
  test("an administrator builds a module with the keyboard alone, and its order holds", async ({ page }) => {
    test.slow();
    const course = `Keyboard Course ${Date.now().toString(36)}`;
    await signIn(page, DEMO_ADMIN);
    await courseOfItsOwn(page, course);
    await page.goto("/admin?tab=courses");

    const tab = page.getByRole("tabpanel");
    await tabTo(page, tab.getByRole("button", { name: `Lessons of ${course}` }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: `Lessons of ${course}` })).toBeFocused();
    await expect(page.getByText("No modules yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Preview as a Member" })).toHaveAttribute(
      "href",
      /^\/courses\/\d+$/,
    );
    await expect(
      page.getByRole("region", { name: "How far members got" }).getByText("Enrolled"),
    ).toBeVisible();

    // A module.
    await tabTo(page, tab.getByRole("button", { name: "Add Module" }).first());
    await page.keyboard.press("Enter");
    const moduleDialog = page.getByRole("dialog", { name: "Add Module" });
    await tabTo(page, moduleDialog.getByLabel("Module title"));
    await page.keyboard.type("Week One");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Module Added", { exact: true })).toBeVisible();
    await expect(moduleDialog).toBeHidden();
    await expect(page.getByRole("heading", { name: "Week One" })).toBeVisible();

    // A reading.
    await tabTo(page, page.getByRole("button", { name: "Add a lesson to Week One" }));
    await page.keyboard.press("Enter");
    let dialog = page.getByRole("dialog", { name: "Add Lesson" });
    await tabTo(page, dialog.getByLabel("Title"));
    await page.keyboard.type("The Name Above Every Name");
    await tabTo(page, dialog.getByRole("textbox", { name: "Reading (Markdown)" }));
    await page.keyboard.type("# A strong tower\n\n> The name of the LORD is a strong tower.");
    await expect(dialog.getByText("59 / 50,000 characters")).toBeVisible();
    await tabTo(page, dialog.getByRole("button", { name: "Add Lesson" }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("Lesson Saved", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    // A quiz with two questions.
    await tabTo(page, page.getByRole("button", { name: "Add a lesson to Week One" }));
    await page.keyboard.press("Enter");
    dialog = page.getByRole("dialog", { name: "Add Lesson" });
    await tabTo(page, dialog.getByLabel("Title"));
    await page.keyboard.type("What His Names Tell Us");
    await tabTo(page, dialog.getByRole("radio", { name: "Reading" }));
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("radio", { name: "Quiz" })).toBeChecked();
    await expect(dialog.getByLabel("Pass mark (%)")).toHaveValue("80");

    await tabTo(page, dialog.getByLabel("Question 1 words"));
    await page.keyboard.type("What does El Shaddai mean?");
    await tabTo(page, dialog.getByLabel("Answer 1 to question 1"));
    await page.keyboard.type("The Lord my shepherd");
    await tabTo(page, dialog.getByLabel("Answer 2 to question 1"));
    await page.keyboard.type("God Almighty");
    await tabTo(page, dialog.getByRole("radio", { name: "Answer 1 is right" }).first());
    await page.keyboard.press("ArrowDown");
    await expect(dialog.getByRole("radio", { name: "Answer 2 is right" }).first()).toBeChecked();

    await tabTo(page, dialog.getByRole("button", { name: "Add Question" }));
    await page.keyboard.press("Enter");
    await tabTo(page, dialog.getByLabel("Question 2 words"));
    await page.keyboard.type("Who called God El Roi?");
    await tabTo(page, dialog.getByLabel("Answer 1 to question 2"));
    await page.keyboard.type("Hagar");
    await tabTo(page, dialog.getByLabel("Answer 2 to question 2"));
    await page.keyboard.type("Sarah");
    await expectAccessible(page);
    await tabTo(page, dialog.getByRole("button", { name: "Add Lesson" }));
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();

    const rows = lessonTitles(page, "Week One");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("The Name Above Every Name");
    await expect(rows.nth(0)).toContainText("Reading");
    await expect(rows.nth(0)).toContainText("At once");
    await expect(rows.nth(1)).toContainText("What His Names Tell Us");
    await expect(rows.nth(1)).toContainText("Quiz");

    // The quiz above the reading, said to a screen reader.
    const up = page.getByRole("button", { name: "Move What His Names Tell Us up" });
    await tabTo(page, up);
    await page.keyboard.press("Enter");
    await expect(page.getByText("What His Names Tell Us moved to position 1 of 2")).toBeAttached();
    await expect(page.getByText("Order Saved", { exact: true })).toBeVisible();
    await expect(rows.nth(0)).toContainText("What His Names Tell Us");
    await expect(up).toBeFocused();
    await expectAccessible(page);

    // The order holds after a reload.
    await page.reload();
    await tabTo(page, page.getByRole("tabpanel").getByRole("button", { name: `Lessons of ${course}` }));
    await page.keyboard.press("Enter");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("What His Names Tell Us");
    await expect(rows.nth(1)).toContainText("The Name Above Every Name");

    // A phone's width: nothing runs off the side.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rows.nth(0)).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  });

  test("a lesson dragged by its handle keeps its place, and a refused order goes back", async ({
    page,
    allowedConsoleErrors,
  }) => {
    // The refused order, on purpose.
    allowedConsoleErrors.push(/status of 400 .*\/order\)$/);
    const course = `Drag Course ${Date.now().toString(36)}`;
    await signIn(page, DEMO_ADMIN);
    const { id } = await courseOfItsOwn(page, course);
    const module = await create(page, `/api/admin/courses/${id}/modules`, { title: "Week One" });
    const lessons: Record<string, number> = {};
    for (const title of ["Abraham", "Isaac", "Jacob"]) {
      lessons[title] = (
        await create(page, `/api/admin/modules/${module.id}/lessons`, {
          title,
          kind: "reading",
          body: `The God of ${title}.`,
        })
      ).id;
    }
    const openEditor = async () => {
      await page.goto("/admin?tab=courses");
      await page
        .getByRole("tabpanel")
        .getByRole("button", { name: `Lessons of ${course}` })
        .click();
    };
    await openEditor();
    const rows = lessonTitles(page, "Week One");
    await expect(rows).toHaveCount(3);

    await rows.nth(2).scrollIntoViewIfNeeded();
    const handle = rows.nth(2).locator('[title="Drag to move"]');
    const from = (await handle.boundingBox())!;
    const to = (await rows.nth(0).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByText("Jacob moved to position 1 of 3")).toBeAttached();
    await expect(page.getByText("Order Saved", { exact: true })).toBeVisible();
    await expect(rows.nth(0)).toContainText("Jacob");

    await openEditor();
    await expect(rows.nth(0)).toContainText("Jacob");
    await expect(rows.nth(1)).toContainText("Abraham");
    await expect(rows.nth(2)).toContainText("Isaac");

    // Someone else removed Isaac meanwhile: this page's order no longer fits the course.
    const removed = await page.request.delete(`/api/admin/lessons/${lessons.Isaac}`, {
      headers: writeHeaders(),
    });
    expect(removed.status()).toBe(204);
    await page.getByRole("button", { name: "Move Jacob down" }).click();
    await expect(
      page.getByText("The order was not saved, so it is back as it was. Please try again.", { exact: true }),
    ).toBeVisible();
    await expect(rows.nth(0)).toContainText("Jacob");
    await expect(rows.nth(1)).toContainText("Abraham");
    // Then the course as it stands now.
    await expect(rows).toHaveCount(2);
  });

  test("the lesson dialog says what is missing, under each field", async ({ page }) => {
    const course = `Checked Course ${Date.now().toString(36)}`;
    await signIn(page, DEMO_ADMIN);
    const { id } = await courseOfItsOwn(page, course);
    await create(page, `/api/admin/courses/${id}/modules`, { title: "Week One" });
    await page.goto("/admin?tab=courses");
    await page
      .getByRole("tabpanel")
      .getByRole("button", { name: `Lessons of ${course}` })
      .click();
    await page.getByRole("button", { name: "Add a lesson to Week One" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Lesson" });

    await dialog.getByText("Video", { exact: true }).click();
    await dialog.getByText("On a date").click();
    await dialog.getByRole("button", { name: "Add Lesson" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByText("Choose the video for this lesson")).toBeVisible();
    await expect(dialog.getByText("Choose a date (YYYY-MM-DD)")).toBeVisible();

    await dialog.getByText("Quiz", { exact: true }).click();
    await dialog.getByText("Some days after she enrolls").click();
    await dialog.getByLabel("Days after enrolling").fill("-1");
    await dialog.getByLabel("Pass mark (%)").fill("120");
    await dialog.getByRole("button", { name: "Add Lesson" }).click();
    await expect(dialog.getByText("Each question needs its words")).toBeVisible();
    await expect(dialog.getByText("Days must be a whole number of 0 or more")).toBeVisible();
    await expect(dialog.getByText("The pass mark is a percentage from 1 to 100")).toBeVisible();
    await expect(dialog.getByLabel("Days after enrolling")).toHaveAttribute("aria-invalid", "true");
  });
});
