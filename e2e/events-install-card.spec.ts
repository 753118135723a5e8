import type { Locator, Page } from "@playwright/test";
import { cameBackTwice, DEMO_ADMIN, expect, expectAccessible, signIn, test } from "./support/fixtures";

/** The days she came on, once the page has counted this one. */
const visitDays = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("install-prompt-visit-days") ?? "[]").length as number);

/** Whether two boxes on the screen share any area. */
const overlap = (a: NonNullable<Awaited<ReturnType<Locator["boundingBox"]>>>, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe("the install card", () => {
  test.use({ allowInstallPrompt: true, viewport: { width: 390, height: 844 } });

  test("is not offered on a first visit, and is on her third day", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const card = page.getByRole("region", { name: "Install App" });
    await expect.poll(() => visitDays(page)).toBe(1);
    await page.clock.fastForward(10_000);
    await expect(card).toBeHidden();

    await cameBackTwice(page);
    await page.reload();
    await expect.poll(() => visitDays(page)).toBe(3);
    await page.clock.fastForward(10_000);
    await expect(card).toBeVisible();
  });

  test("never covers an event's answers at 390 px, and leaves room to scroll the page up from under it", async ({
    page,
  }) => {
    await cameBackTwice(page);
    await page.clock.install();
    await signIn(page, DEMO_ADMIN);
    const startsAt = new Date(Date.now() + 9 * 86_400_000);
    const created = await page.request.post("/api/events", {
      data: {
        title: `Evening of psalms ${Date.now().toString(36)}`,
        description: "We sing the psalms of ascent together, then share bread and pray for one another.",
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 7_200_000).toISOString(),
        timeZone: "UTC",
      },
      headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    const event = (await created.json()) as { id: number };
    const card = page.getByRole("region", { name: "Install App" });

    // On her home page it is offered, and the page ends above it once scrolled to the bottom.
    await page.goto("/");
    await expect.poll(() => visitDays(page)).toBe(3);
    await page.clock.fastForward(10_000);
    await expect(card).toBeVisible();
    // Scrolled again on each look: parts of the page that arrive later make it longer.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const end = await page.locator("main > *").last().boundingBox();
        const top = (await card.boundingBox())?.y ?? 0;
        return end !== null && end.y + end.height <= top;
      })
      .toBe(true);
    await expectAccessible(page);

    // On the event's page, her answers are never under it, wherever they are on the screen.
    await page.goto(`/events/${event.id}`);
    const answers = page.getByRole("group", { name: "Your answer", exact: true }).getByRole("button");
    await expect(answers).toHaveCount(3);
    await page.clock.fastForward(10_000);
    for (const scroll of ["top", "answers"] as const) {
      if (scroll === "answers") await answers.last().scrollIntoViewIfNeeded();
      const cardBox = (await card.isVisible()) ? await card.boundingBox() : null;
      for (const button of await answers.all()) {
        await expect(button).toBeVisible();
        const box = (await button.boundingBox())!;
        expect(
          cardBox !== null && overlap(box, cardBox),
          `the card covers "${await button.textContent()}"`,
        ).toBe(false);
      }
    }
    await expect(card).toBeHidden();

    // Back on a page without such an action, it is offered again.
    await page.getByRole("link", { name: "Community" }).first().click();
    await expect(card).toBeVisible();
  });
});
