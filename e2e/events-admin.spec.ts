import type { Page } from "@playwright/test";
import { DEMO_ADMIN, expect, expectAccessible, signIn, test } from "./support/fixtures";

const DAY = 86_400_000;

/** An event the signed-in administrator makes through the API, `days` from now (before, if negative). */
async function makeEvent(page: Page, title: string, days: number, extra: Record<string, unknown> = {}) {
  const startsAt = new Date(Date.now() + days * DAY);
  // On one day, as the form shows an event: never across midnight (in UTC, the event's zone).
  if (startsAt.getUTCHours() >= 21) startsAt.setTime(startsAt.getTime() - 4 * 3_600_000);
  const res = await page.request.post("/api/events", {
    data: {
      title,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
      timeZone: "UTC",
      ...extra,
    },
    headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

test.describe("the administrators' Events tab", () => {
  test("lists every event with its group, date and answers, and opens, edits and cancels one", async ({
    page,
  }) => {
    test.slow();
    const stamp = Date.now().toString(36);
    const title = `Elders' breakfast ${stamp}`;
    const pastTitle = `Harvest thanksgiving ${stamp}`;
    await signIn(page, DEMO_ADMIN);
    // Soon, so it leads the list of those to come.
    const event = await makeEvent(page, title, 0.5, { capacity: 6 });
    await makeEvent(page, pastTitle, -0.5, { pastGathering: true });

    await page.goto("/admin?tab=events");
    await expect(page.getByRole("tab", { name: "Events", selected: true })).toBeVisible();
    const upcoming = page.getByRole("region", { name: "Upcoming events" });
    const card = upcoming.getByRole("article", { name: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Ministry-wide");
    await expect(card).toContainText("0 of 6 going");
    await expect(card.locator("time")).toBeVisible();
    await expect(card.getByRole("link", { name: `Open ${title}` })).toHaveAttribute(
      "href",
      `/events/${event.id}`,
    );
    await expectAccessible(page);

    // Edit, in the event's own form.
    await card.getByRole("button", { name: `Edit ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Event" });
    await expect(dialog.getByLabel("Title")).toHaveValue(title);
    await dialog.getByLabel("Title").fill(`${title}, with prayer`);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Event updated", { exact: true })).toBeVisible();
    const renamed = upcoming.getByRole("article", { name: `${title}, with prayer` });
    await expect(renamed).toBeVisible();

    // Cancel, after asking.
    await renamed.getByRole("button", { name: `Cancel ${title}, with prayer` }).click();
    await page
      .getByRole("dialog", { name: "Cancel this event?" })
      .getByRole("button", { name: "Cancel Event" })
      .click();
    await expect(page.getByText("Event cancelled", { exact: true })).toBeVisible();
    await expect(renamed.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(renamed.getByRole("button", { name: /^Cancel / })).toHaveCount(0);

    // Past events, the most recent first.
    await page.getByRole("button", { name: "Past", exact: true }).click();
    const past = page.getByRole("region", { name: "Past events" });
    await expect(past.getByRole("article", { name: pastTitle })).toBeVisible();
    await expect(past.getByRole("article", { name: pastTitle })).toContainText("0 going");
    await expectAccessible(page);

    // Open goes to the event's page.
    await past.getByRole("link", { name: `Open ${pastTitle}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: pastTitle })).toBeVisible();
  });
});
