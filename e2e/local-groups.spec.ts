import { anotherMember, expect, expectAccessible, registerMember, test } from "./support/fixtures";
import { cardTitled as card } from "./support/locators";

test.describe("local communities", () => {
  test("a member creates a local group and another joins it", async ({ page, browser }) => {
    // Two browsers: the leader and a neighbour who joins.
    test.slow();
    await registerMember(page, { firstName: "Dinah" });
    const town = `Galilee Springs ${Date.now().toString(36)}`;
    const name = `Dinah's Porch Prayer ${Date.now().toString(36)}`;

    await page.goto("/local-communities");
    await expect(page.getByRole("heading", { level: 1, name: "Local Communities" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Discover Local Groups" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Groups" })).toHaveCount(0);

    await page.getByRole("button", { name: "Create Local Group" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Local Group" });
    await dialog.getByRole("button", { name: "Create Group" }).click();
    for (const message of [
      "Group name is required",
      "Description must be at least 10 characters",
      "Meeting type is required",
      "Location is required",
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await dialog.getByLabel("Group Name").fill(name);
    await dialog.getByLabel("Description").fill("Coffee on the porch and an hour of prayer for our street.");
    await dialog.getByLabel("Meeting Type").selectOption("Prayer Group");
    await dialog.getByLabel("Location").fill(town);
    await dialog.getByLabel("Meeting Time (Optional)").fill("Saturdays at 9:00 AM");
    await dialog.getByLabel("Exact Meeting Place (Optional)").fill("14 Olive Lane, blue porch");
    await dialog.getByLabel("Contact Info (Optional)").fill("dinah.porch@example.test");
    // New groups need the leader's approval unless she says otherwise; this one is open.
    const approval = dialog.getByRole("switch", { name: "Require approval to join" });
    await expect(approval).toBeChecked();
    await approval.click();
    await expect(approval).not.toBeChecked();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Create Group" }).click();

    await expect(page.getByText("Group created", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const yours = page.getByRole("region", { name: "Your Groups" });
    const mine = card(yours, name);
    await expect(mine.getByText("Leader", { exact: true })).toBeVisible();
    await expect(mine.getByText(town)).toBeVisible();
    await expect(mine.getByText("Saturdays at 9:00 AM")).toBeVisible();
    await expect(mine.getByText("14 Olive Lane, blue porch")).toBeVisible();
    await expect(mine.getByText("dinah.porch@example.test")).toBeVisible();
    await expect(mine.getByText("Prayer Group")).toBeVisible();

    // Another member finds it by its town, sees only the general area, and joins.
    const second = await anotherMember(browser, { firstName: "Keturah" });
    await second.page.goto("/local-communities");
    await expect(second.page.getByRole("heading", { name: "Your Groups" })).toHaveCount(0);
    const searched = second.page.waitForResponse((res) => /[?&]search=/.test(res.url()));
    await second.page.getByRole("searchbox", { name: "Search local groups" }).fill(town.toUpperCase());
    await searched;
    const found = card(second.page.getByRole("region", { name: "Discover Local Groups" }), name);
    await expect(found.getByText(town)).toBeVisible();
    await expect(found.getByText("Saturdays at 9:00 AM")).toBeVisible();
    await expect(
      found.getByText("The exact place and contact details are shared once you join."),
    ).toBeVisible();
    await expect(second.page.getByText("dinah.porch@example.test")).toHaveCount(0);
    await expect(second.page.getByText("14 Olive Lane, blue porch")).toHaveCount(0);
    await expectAccessible(second.page);

    await found.getByRole("button", { name: "Join Group" }).click();
    await expect(second.page.getByText("Joined group", { exact: true })).toBeVisible();
    await expect(found.getByRole("button", { name: "Already Joined" })).toBeDisabled();
    await expect(found.getByText("dinah.porch@example.test")).toBeVisible();
    await expect(found.getByText("2 members")).toBeVisible();
    const joined = card(second.page.getByRole("region", { name: "Your Groups" }), name);
    await expect(joined.getByText("Member", { exact: true })).toBeVisible();
    await expect(joined.getByText("14 Olive Lane, blue porch")).toBeVisible();

    expect(second.errors).toEqual([]);
    await second.context.close();
  });

  test("a group's card opens its page: its members talk there, and a neighbour finds the way in", async ({
    page,
    browser,
  }) => {
    test.slow();
    await registerMember(page, { firstName: "Hannah", lastName: "Elkanah" });
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const name = `Shiloh Hearth ${Date.now().toString(36)}`;
    const created = await page.request.post("/api/local-groups", {
      data: {
        name,
        description: "Bread, Psalms and prayer around one long table.",
        meetingType: "Prayer Group",
        location: "Shiloh Hills",
        address: "2 Ramah Road, the yellow gate",
        meetingTime: "Fridays at 6:30 PM",
        requiresApproval: false,
      },
      headers: { Origin: origin },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const words = "Welcome, sisters! Bring a dish to share on Friday; I'll have the bread.";
    const posted = await page.request.post(`/api/local-groups/${id}/posts`, {
      data: { kind: "announcement", body: words },
      headers: { Origin: origin },
    });
    expect(posted.status()).toBe(201);

    // Its leader opens it from her card and lands in its conversation.
    await page.goto("/local-communities");
    await card(page.getByRole("region", { name: "Your Groups" }), name)
      .getByRole("link", { name })
      .click();
    await expect(page).toHaveURL(`/local-communities/${id}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Conversation" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText(words)).toBeVisible();
    await page.getByRole("tab", { name: "Members" }).click();
    await expect(page.getByText("Hannah Elkanah")).toBeVisible();
    await expect(page.getByRole("img", { name: "Group leader" })).toBeVisible();
    await expectAccessible(page);

    // A neighbour, on a phone, finds it and reads what it is: the area and time, not the place.
    const neighbour = await anotherMember(browser, { firstName: "Peninnah" });
    await neighbour.page.setViewportSize({ width: 390, height: 844 });
    await neighbour.page.goto("/local-communities");
    const searched = neighbour.page.waitForResponse((res) => /[?&]search=/.test(res.url()));
    await neighbour.page.getByRole("searchbox", { name: "Search local groups" }).fill(name);
    await searched;
    await card(neighbour.page.getByRole("region", { name: "Discover Local Groups" }), name)
      .getByRole("link", { name })
      .click();
    const hers = neighbour.page;
    await expect(hers.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(hers.getByRole("tab", { name: "Conversation" })).toHaveCount(0);
    await expect(hers.getByText("Fridays at 6:30 PM")).toBeVisible();
    await expect(
      hers.getByText("The exact place and contact details are shared once you join."),
    ).toBeVisible();
    await expect(hers.getByText("2 Ramah Road, the yellow gate")).toHaveCount(0);
    await expect(hers.getByText(words)).toHaveCount(0);
    await expect(hers.getByText("A local group's members are visible to its members only.")).toBeVisible();
    expect(await hers.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(hers);

    // She joins: the group opens on its conversation, and the place is hers to see.
    await hers.getByRole("button", { name: "Join Group" }).click();
    await expect(hers.getByText("Joined group", { exact: true })).toBeVisible();
    await expect(hers.getByRole("tab", { name: "Conversation" })).toHaveAttribute("aria-selected", "true");
    await expect(hers.getByText(words)).toBeVisible();
    expect(await hers.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(hers);
    await hers.getByRole("tab", { name: "About" }).click();
    await expect(hers.getByText("2 Ramah Road, the yellow gate")).toBeVisible();
    expect(await hers.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(neighbour.errors).toEqual([]);
    await neighbour.context.close();
  });

  test("filters by meeting type and explains empty results", async ({ page }) => {
    await registerMember(page);
    await page.goto("/local-communities");
    const filter = page.getByRole("combobox", { name: "Filter by meeting type" });
    await expect(filter.locator("option")).toHaveText([
      "All Meeting Types",
      "Bible Study",
      "Prayer Group",
      "Book Club",
      "Social Fellowship",
      "Service Project",
    ]);
    await filter.selectOption("Book Club");
    await expect(card(page, "Pages of Grace Book Club")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Austin Sisters in the Word" })).toHaveCount(0);

    await filter.selectOption("");
    await page.getByRole("searchbox", { name: "Search local groups" }).fill("nashville");
    await expect(card(page, "Pages of Grace Book Club")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search local groups" }).fill("Atlantis, nowhere");
    await expect(page.getByText("No groups found")).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filters")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create the First Group" })).toHaveCount(0);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the page and the create dialog fit the screen", async ({ page }) => {
      await registerMember(page);
      await page.goto("/local-communities");
      await expect(card(page, "Morning Prayer Circle")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByRole("button", { name: "Create Local Group" }).click();
      await expect(
        page.getByRole("dialog", { name: "Create Local Group" }).getByLabel("Group Name"),
      ).toBeVisible();
    });

    test("the leader edits her group's details, with the form's checks", async ({ page }) => {
      await registerMember(page, { firstName: "Abigail" });
      const origin = new URL(test.info().project.use.baseURL!).origin;
      const name = `Porch Prayers ${Date.now().toString(36)}`;
      const created = await page.request.post("/api/local-groups", {
        data: {
          name,
          description: "Prayer on the porch, with lemonade.",
          meetingType: "Prayer Group",
          location: "Savannah, GA",
        },
        headers: { Origin: origin },
      });
      expect(created.status()).toBe(201);
      await page.goto("/local-communities");
      await page.getByRole("button", { name: `Edit ${name}` }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Local Group" });
      await expect(dialog.getByLabel("Location")).toHaveValue("Savannah, GA");
      await expectAccessible(page);
      await dialog.getByLabel("Location").fill("");
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(dialog.getByText("Location is required")).toBeVisible();
      await dialog.getByLabel("Location").fill("Savannah, GA (Ardsley Park)");
      await dialog.getByLabel("Meeting Time (Optional)").fill("Saturdays at 9:00 AM");
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Group updated", { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      const mine = page.getByRole("region", { name: "Your Groups" });
      await expect(mine.getByText("Savannah, GA (Ardsley Park)")).toBeVisible();
      await expect(mine.getByText("Saturdays at 9:00 AM")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });

  test("a leader plans her group's gathering from its card, and a member of the group sees it", async ({
    page,
    browser,
  }) => {
    test.slow();
    await registerMember(page, { firstName: "Priscilla" });
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const name = `Kitchen Table ${Date.now().toString(36)}`;
    const created = await page.request.post("/api/local-groups", {
      data: {
        name,
        description: "Tea, Scripture and friends.",
        meetingType: "Bible Study",
        location: "Macon, GA",
        requiresApproval: false,
      },
      headers: { Origin: origin },
    });
    expect(created.status()).toBe(201);
    const group = (await created.json()) as { id: number };
    await page.goto("/local-communities");
    await page.getByRole("button", { name: `Events of ${name}` }).click();
    const events = page.getByRole("dialog", { name });
    await expect(events.getByText("No gatherings planned yet.")).toBeVisible();
    await events.getByRole("button", { name: "New Event" }).click();
    const form = page.getByRole("dialog", { name: "New Event" });
    await form.getByLabel("Title").fill("Tea and Ruth, chapter one");
    await form.getByLabel("Date").fill(new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10));
    await form.getByRole("button", { name: "Create Event" }).click();
    await expect(page.getByText("Event created", { exact: true })).toBeVisible();
    await expect(events.getByRole("article", { name: "Tea and Ruth, chapter one" })).toBeVisible();

    const friend = await anotherMember(browser, { firstName: "Aquila" });
    const joined = await friend.page.request.post(`/api/local-groups/${group.id}/join`, {
      headers: { Origin: origin },
    });
    expect(joined.ok()).toBe(true);
    await friend.page.goto("/local-communities");
    await friend.page.getByRole("button", { name: `Events of ${name}` }).click();
    const seen = friend.page.getByRole("dialog", { name });
    await expect(seen.getByRole("article", { name: "Tea and Ruth, chapter one" })).toBeVisible();
    await expect(seen.getByRole("button", { name: "New Event" })).toHaveCount(0);
    await expectAccessible(friend.page);
    await friend.context.close();
  });

  test("a member asks to join a group that needs approval, and sees its place once the leader accepts", async ({
    page,
    browser,
  }) => {
    test.slow();
    await registerMember(page, { firstName: "Lois" });
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const name = `Eunice's Table ${Date.now().toString(36)}`;
    // Left out, the choice is approval.
    const created = await page.request.post("/api/local-groups", {
      data: {
        name,
        description: "Three generations reading the Psalms together.",
        meetingType: "Bible Study",
        location: "Lystra Heights",
        address: "3 Timothy Row, the green door",
        contactInfo: "lois.table@example.test",
      },
      headers: { Origin: origin },
    });
    expect(created.status()).toBe(201);

    const seeker = await anotherMember(browser, { firstName: "Phoebe", lastName: "Cenchreae" });
    await seeker.page.goto("/local-communities");
    const searched = seeker.page.waitForResponse((res) => /[?&]search=/.test(res.url()));
    await seeker.page.getByRole("searchbox", { name: "Search local groups" }).fill(name);
    await searched;
    const found = card(seeker.page.getByRole("region", { name: "Discover Local Groups" }), name);
    await expect(found.getByText("The leader approves each request.", { exact: false })).toBeVisible();
    await found.getByRole("button", { name: "Request to Join" }).click();
    await expect(seeker.page.getByText("Request sent", { exact: true })).toBeVisible();
    await expect(found.getByRole("button", { name: "Request Pending" })).toBeDisabled();
    await expect(seeker.page.getByText("3 Timothy Row, the green door")).toHaveCount(0);
    await expect(seeker.page.getByText("lois.table@example.test")).toHaveCount(0);
    await expectAccessible(seeker.page);

    // The leader answers from her group's card.
    await page.goto("/local-communities");
    await page.getByRole("button", { name: `Requests to join ${name} (1)` }).click();
    const requests = page.getByRole("dialog", { name: `Requests to join ${name}` });
    await expect(requests.getByText("Phoebe Cenchreae")).toBeVisible();
    await expectAccessible(page);
    await requests.getByRole("button", { name: "Approve Phoebe Cenchreae" }).click();
    await expect(page.getByText("Request approved", { exact: true })).toBeVisible();
    await expect(requests.getByText("No one is waiting to join right now.")).toBeVisible();

    await seeker.page.reload();
    const mine = card(seeker.page.getByRole("region", { name: "Your Groups" }), name);
    await expect(mine.getByText("Member", { exact: true })).toBeVisible();
    await expect(mine.getByText("3 Timothy Row, the green door")).toBeVisible();
    await expect(mine.getByText("lois.table@example.test")).toBeVisible();
    expect(seeker.errors).toEqual([]);
    await seeker.context.close();
  });
});
