import {
  anotherMember,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  registerMember,
  signIn,
  test,
} from "./support/fixtures";

/** A day some days ahead, as a date field takes it. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe("events", () => {
  test("an administrator creates an event; members answer, the last place goes to one and the next waits", async ({
    page,
    browser,
  }) => {
    test.slow();
    const title = `Shabbat dinner ${Date.now().toString(36)}`;
    await signIn(page, DEMO_ADMIN);
    await page.goto("/community?tab=events");
    await expect(page.getByRole("tab", { name: "Events", selected: true })).toBeVisible();

    await page.getByRole("button", { name: "New Event" }).click();
    const dialog = page.getByRole("dialog", { name: "New Event" });
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByText("Choose a date")).toBeVisible();

    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description (Optional)").fill("Candles, challah and a song.");
    await dialog.getByLabel("Date").fill(dayAhead(10));
    await dialog.getByLabel("Starts").fill("19:00");
    await dialog.getByLabel("Ends").fill("18:00");
    await dialog.getByRole("combobox", { name: "Time Zone" }).fill("Jerusal");
    await dialog.getByRole("option", { name: /^Jerusalem, Israel/ }).click();
    await dialog.getByLabel("Place (Optional)").fill("The olive grove hall");
    await dialog.getByLabel("Places (Optional)").fill("1");
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect(dialog.getByText("The end must be after the start")).toBeVisible();
    await dialog.getByLabel("Ends").fill("21:30");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Create Event" }).click();

    await expect(page.getByText("Event created", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("7:00 PM in Jerusalem").first()).toBeVisible();
    await expect(page.getByText("The olive grove hall")).toBeVisible();
    const eventUrl = page.url();

    // A member says she is going and takes the only place.
    const ruth = await anotherMember(browser, { firstName: "Ruth" });
    await ruth.page.goto(eventUrl);
    await expect(ruth.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expectAccessible(ruth.page);
    await ruth.page.getByRole("button", { name: "Going", exact: true }).click();
    await expect(ruth.page.getByRole("button", { name: "Going", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(ruth.page.getByText("1 of 1 going")).toBeVisible();

    // The next one waits in line.
    const leah = await anotherMember(browser, { firstName: "Leah" });
    await leah.page.goto(eventUrl);
    await leah.page.getByRole("button", { name: "Going", exact: true }).click();
    await expect(leah.page.getByText("You're on the waitlist", { exact: true })).toBeVisible();
    await expect(leah.page.getByText("You're number 1 on the waitlist")).toBeVisible();
    // Waiting is its own state, with her place: she is not shown as going.
    await expect(leah.page.getByText("On the waitlist · #1", { exact: true })).toBeVisible();
    await expect(leah.page.getByRole("button", { name: "Going", exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await expectAccessible(leah.page);

    // Ruth cannot go after all: Leah moves up.
    await ruth.page.getByRole("button", { name: "Can't go" }).click();
    await expect(ruth.page.getByRole("button", { name: "Can't go" })).toHaveAttribute("aria-pressed", "true");
    await leah.page.reload();
    await expect(leah.page.getByRole("button", { name: "Going", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // Her Events tab lists it under "Going".
    await leah.page.goto("/community?tab=events");
    await leah.page.getByRole("button", { name: "Going", exact: true }).click();
    const list = leah.page.getByRole("region", { name: "Upcoming events" });
    await expect(list.getByRole("article", { name: title })).toBeVisible();
    await expect(
      list.getByRole("article", { name: title }).getByText("Going", { exact: true }),
    ).toBeVisible();
    await expectAccessible(leah.page);

    // Her calendar feed has an address of its own, which she can change.
    await leah.page.getByRole("button", { name: "Calendar feed" }).click();
    const feed = leah.page.getByRole("dialog", { name: "Your calendar feed" });
    const address = feed.getByLabel("Feed address");
    await expect(address).toHaveValue(/\/api\/calendar-feed\/[A-Za-z0-9_-]{43}$/);
    const first = await address.inputValue();
    // One tap to subscribe in the common calendar apps.
    const webcal = first.replace(/^https?:\/\//, "webcal://");
    await expect(feed.getByRole("link", { name: "Subscribe in Apple Calendar" })).toHaveAttribute(
      "href",
      webcal,
    );
    await expect(feed.getByRole("link", { name: "Subscribe in Google Calendar" })).toHaveAttribute(
      "href",
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    );
    await expect(feed.getByRole("link", { name: "Subscribe in Outlook" })).toHaveAttribute(
      "href",
      `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(first)}&name=${encodeURIComponent("Mishpacha events")}`,
    );
    await expectAccessible(leah.page);
    await feed.getByRole("button", { name: "Reset address" }).click();
    await expect(leah.page.getByText("New address made", { exact: true })).toBeVisible();
    await expect(address).not.toHaveValue(first);

    // The administrator sees who is coming.
    await page.reload();
    await page.getByRole("button", { name: "Show who's coming" }).click();
    await expect(page.getByText("Going (1)")).toBeVisible();

    // And writes to those coming: Leah, who moved up.
    await page.getByRole("button", { name: "Message those coming" }).click();
    const message = page.getByRole("dialog", { name: "Message Those Coming" });
    await message.getByRole("button", { name: "Send Message" }).click();
    await expect(message.getByText("Write a message to send")).toBeVisible();
    await message.getByLabel("Your message").fill("We light the candles at 7 sharp.");
    await expectAccessible(page);
    await message.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message sent", { exact: true })).toBeVisible();
    await expect(page.getByText("Told 1 person", { exact: true })).toBeVisible();
    await expect(message).toBeHidden();
    await leah.page.goto("/notifications");
    await expect(
      leah.page.getByText(`wrote about ${title}: We light the candles at 7 sharp.`, { exact: false }),
    ).toBeVisible();
    await ruth.context.close();
    await leah.context.close();
  });

  test("a group's admin plans a gathering on the group's page", async ({ page }) => {
    test.slow();
    await registerMember(page, { firstName: "Miriam" });
    const name = `Daughters of Zion ${Date.now().toString(36)}`;
    const created = await page.request.post("/api/cultivation-groups", {
      data: { name, description: "We study the feasts together.", category: "cultural" },
      headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const group = (await created.json()) as { id: number };

    await page.goto(`/cultivation-groups/${group.id}?tab=events`);
    await expect(page.getByText("No gatherings planned yet.")).toBeVisible();
    await page.getByRole("button", { name: "New Event" }).click();
    const dialog = page.getByRole("dialog", { name: "New Event" });
    await dialog.getByLabel("Title").fill("Feast of Tabernacles study");
    await dialog.getByLabel("Date").fill(dayAhead(4));
    await dialog.getByLabel("Repeats").selectOption("weekly");
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect(dialog.getByText("Choose when the repetition ends")).toBeVisible();
    await dialog.getByLabel("Until").fill(dayAhead(20));
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect(page.getByText("Event created", { exact: true })).toBeVisible();
    // The series is one entry, at its next date.
    const series = page.getByRole("article", { name: "Feast of Tabernacles study" });
    await expect(series).toHaveCount(1);
    await expect(series).toContainText("Weekly · next");

    // She answers once for every date, then cancels one date of the series on its own.
    await page.getByRole("link", { name: "Feast of Tabernacles study" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Feast of Tabernacles study" })).toBeVisible();
    await page.getByRole("button", { name: "Going to every date" }).click();
    await expect(page.getByText("Thank you for answering", { exact: true })).toBeVisible();
    const dates = page.getByRole("group", { name: "Your answer", exact: true });
    await expect(dates).toHaveCount(3);
    for (const date of await dates.all()) {
      await expect(date.getByRole("button", { name: "Going", exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
    }
    await page.getByRole("button", { name: "Cancel date" }).nth(1).click();
    await page
      .getByRole("dialog", { name: "Cancel this date?" })
      .getByRole("button", { name: "Cancel Date" })
      .click();
    await expect(page.getByText("Date cancelled", { exact: true })).toBeVisible();
    await expect(dates).toHaveCount(2);
    await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();

    // And moves the last date to the evening, on its own.
    await page.getByRole("button", { name: "Move date" }).last().click();
    const move = page.getByRole("dialog", { name: "Move This Date" });
    await move.getByLabel("Starts").fill("20:00");
    await move.getByLabel("Ends").fill("19:00");
    await move.getByRole("button", { name: "Move Date" }).click();
    await expect(move.getByText("The end must be after the start")).toBeVisible();
    await expectAccessible(page);
    await move.getByLabel("Ends").fill("21:30");
    await move.getByRole("button", { name: "Move Date" }).click();
    await expect(page.getByText("Date moved", { exact: true })).toBeVisible();
    await expect(move).toBeHidden();
    await expect(dates.last()).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: /8:00\sPM/ })).toHaveCount(1);
    await expectAccessible(page);
  });
});
