import { readHebrewCatalogue } from "../scripts/lib/catalogue.mjs";
import { DEMO_ADMIN, expect, expectAccessible, signIn, test } from "./support/fixtures";

/** A day some days from today (before it, for a negative number), as a date field takes it. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe("an event's date and zone", () => {
  // Her own zone, which the list offers first.
  test.use({ timezoneId: "America/Chicago" });

  test("finds a time zone by its city, hers first, and saves the one she chose", async ({ page }) => {
    const title = `Havdalah together ${Date.now().toString(36)}`;
    await signIn(page, DEMO_ADMIN);
    await page.goto("/community?tab=events");
    await page.getByRole("button", { name: "New Event" }).click();
    const dialog = page.getByRole("dialog", { name: "New Event" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Date").fill(dayAhead(8));

    const zone = dialog.getByRole("combobox", { name: "Time Zone" });
    await expect(zone).toHaveValue("Chicago, United States");
    await zone.click();
    const list = dialog.getByRole("listbox", { name: "Time zones" });
    await expect(list.getByRole("option").first()).toContainText("Chicago, United States · your time zone");
    await expect(zone).toHaveAttribute("aria-expanded", "true");

    await zone.fill("Jerusal");
    await expect(list.getByRole("option")).toHaveCount(1);
    await expect(list.getByRole("option", { name: /^Jerusalem, Israel/ })).toBeVisible();
    await expectAccessible(page);
    // Chosen from the keyboard: the first match is the active one.
    await zone.press("Enter");
    await expect(zone).toHaveValue("Jerusalem, Israel");
    await expect(list).toBeHidden();
    await expect(dialog.getByText("Where it happens: type a city or a country.")).toBeVisible();

    // Escape closes the list, not the form.
    await zone.press("ArrowDown");
    await expect(list).toBeVisible();
    await zone.press("Escape");
    await expect(list).toBeHidden();
    await expect(dialog).toBeVisible();

    // Words that match no zone are let go, not sent.
    await zone.fill("Atlantis");
    await expect(dialog.getByText("No time zone matches. Try a city or a country.")).toBeVisible();
    await dialog.getByLabel("Title").click();
    await expect(zone).toHaveValue("Jerusalem, Israel");

    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect(page.getByText("Event created", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("7:00 PM in Jerusalem").first()).toBeVisible();
  });

  test("refuses a start that has passed until she says she is recording a past gathering, whose page then says when it was", async ({
    page,
  }) => {
    const title = `Purim reading ${Date.now().toString(36)}`;
    await signIn(page, DEMO_ADMIN);
    await page.goto("/community?tab=events");
    await page.getByRole("button", { name: "New Event" }).click();
    const dialog = page.getByRole("dialog", { name: "New Event" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Date").fill(dayAhead(-3));
    await dialog.getByRole("button", { name: "Create Event" }).click();

    const asked = dialog.getByRole("alert").filter({ hasText: "has already passed" });
    await expect(asked).toBeVisible();
    await expect(asked).toContainText("Are you recording a gathering that already took place?");
    await expect(page.getByText("Event created", { exact: true })).toHaveCount(0);
    await expectAccessible(page);

    // "Change the Date" puts her back on the date.
    await asked.getByRole("button", { name: "Change the Date" }).click();
    await expect(asked).toBeHidden();
    await expect(dialog.getByLabel("Date")).toBeFocused();

    await dialog.getByRole("button", { name: "Create Event" }).click();
    await dialog.getByRole("button", { name: "Record Past Gathering" }).click();
    await expect(page.getByText("Event created", { exact: true })).toBeVisible();
    await expect(page.getByText("It is kept as a gathering that took place.", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    // Its page says when it took place, and that it is over.
    const day = new Date(`${dayAhead(-3)}T12:00:00Z`);
    const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][day.getUTCDay()]!;
    const month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][
      day.getUTCMonth()
    ]!;
    await expect(page.getByRole("main").locator("time").first()).toContainText(
      `${weekday}, ${month} ${day.getUTCDate()} · 7:00 PM`,
    );
    await expect(page.getByText("Took place", { exact: true })).toBeVisible();
    await expect(page.getByText("This gathering has taken place.")).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("an event's zone in Hebrew", () => {
  test.use({ locale: "he-IL", timezoneId: "America/Chicago" });
  const hebrew = readHebrewCatalogue();

  test("is named by the name of its time, where it happens and in the list she chooses from", async ({
    page,
  }) => {
    await signIn(page, DEMO_ADMIN);
    // 16:00 UTC, a week ahead: evening in Jerusalem, morning on her clock in Chicago.
    const startsAt = new Date(`${dayAhead(7)}T16:00:00Z`);
    const res = await page.request.post("/api/events", {
      data: {
        title: `Erev Shabbat ${Date.now().toString(36)}`,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
        timeZone: "Asia/Jerusalem",
      },
      headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const jerusalemHour = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Jerusalem",
      hour: "numeric",
      hourCycle: "h23",
    }).format(startsAt);

    await page.goto(`/events/${id}`);
    const when = page.getByRole("main").getByText(`${Number(jerusalemHour)}:00 לפי שעון ישראל`);
    await expect(when.first()).toBeVisible();
    await expect(page.getByRole("main").locator('[lang="en"]')).toHaveCount(0);

    await page.goto("/community?tab=events");
    await page.getByRole("button", { name: hebrew["New Event"] }).click();
    const dialog = page.getByRole("dialog", { name: hebrew["New Event"] });
    const zone = dialog.getByRole("combobox", { name: hebrew["Time Zone"] });
    await expect(zone).toHaveValue("שעון מרכז ארה״ב, ארצות הברית");
    await zone.click();
    const list = dialog.getByRole("listbox", { name: hebrew["Time zones"] });
    await expect(list.getByRole("option").first()).toContainText(
      `שעון מרכז ארה״ב, ארצות הברית · ${hebrew["your time zone"]}`,
    );
    // Found by her country's name in Hebrew, or by the city's in English.
    await zone.fill("ישראל");
    await expect(list.getByRole("option")).toHaveCount(1);
    await zone.fill("Jerusal");
    await expect(list.getByRole("option")).toHaveCount(1);
    await zone.press("Enter");
    await expect(zone).toHaveValue("שעון ישראל");
    await expectAccessible(page);
  });
});
