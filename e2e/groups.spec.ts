import { DEMO_ADMIN } from "./support/demo";
import { anotherMember, expect, expectAccessible, registerMember, signIn, test } from "./support/fixtures";
import { cardTitled as card } from "./support/locators";

test.describe("cultivation groups", () => {
  test("a member creates a group, another asks to join, the admin approves, and she sees it in My Groups", async ({
    page,
    browser,
  }) => {
    // Two browsers and a full approval round trip.
    test.slow();
    const admin = await registerMember(page, { firstName: "Miriam", lastName: "Founder" });
    const groupName = `Shabbat Circle ${Date.now().toString(36)}`;

    await page.goto("/cultivation-groups");
    await expect(page.getByRole("heading", { level: 1, name: "Cultivation Groups" })).toBeVisible();
    await page.getByRole("tab", { name: "Create Group" }).click();
    await page.getByRole("button", { name: "Create Group" }).click();
    await expect(page.getByText("Group name is required")).toBeVisible();
    await expect(page.getByText("Category is required")).toBeVisible();
    await expect(page.getByText("Description must be at least 10 characters")).toBeVisible();

    await page.getByLabel("Group Name").fill(groupName);
    await page.getByLabel("Category", { exact: true }).selectOption("cultural");
    await page.getByLabel("Description", { exact: true }).fill("Too short");
    await page.getByRole("button", { name: "Create Group" }).click();
    await expect(page.getByText("Description must be at least 10 characters")).toBeVisible();
    await page
      .getByLabel("Description", { exact: true })
      .fill("We welcome the Sabbath together and study the weekly portion.");
    await page.getByLabel("Group Guidelines (Optional)").fill("What is shared here stays here.");
    await expect(page.getByLabel("Maximum Members")).toHaveValue("50");
    await expect(page.getByRole("switch", { name: "Private group" })).toBeChecked();
    await expect(page.getByRole("switch", { name: "Require approval to join" })).toBeChecked();
    await page.getByRole("button", { name: "Create Group" }).click();

    await expect(page.getByText("Group created", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Your cultivation group has been created successfully.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("tab", { name: "My Groups" })).toHaveAttribute("aria-selected", "true");
    const mine = card(page, groupName);
    await expect(mine.getByText("Admin", { exact: true })).toBeVisible();
    await expect(mine.getByRole("img", { name: "Group admin" })).toBeVisible();
    await expect(mine.getByText("Cultural & Heritage")).toBeVisible();
    await expect(mine.getByText("1 member", { exact: true })).toBeVisible();
    await expect(mine.getByText(/^Joined \w+ \d{1,2}, \d{4}$/)).toBeVisible();
    await expectAccessible(page);

    // A second member, in her own browser, asks to join with a message.
    const second = await anotherMember(browser, { firstName: "Tamar", lastName: "Second" });
    await second.page.goto("/cultivation-groups");
    // The list is searched once she pauses typing; acting before then would hit a card that moves.
    const searched = second.page.waitForResponse((res) => /[?&]search=/.test(res.url()));
    await second.page.getByRole("searchbox", { name: "Search groups" }).fill(groupName);
    await searched;
    const discovered = card(second.page, groupName);
    await expect(discovered.getByText("Approval required")).toBeVisible();
    await expect(discovered.getByText("Private group")).toBeAttached();
    await discovered.getByRole("button", { name: "Request to Join" }).click();
    const dialog = second.page.getByRole("dialog", { name: `Request to join ${groupName}` });
    await dialog
      .getByLabel("Message (Optional)")
      .fill("I keep Shabbat with my family and would love to join.");
    await dialog.getByRole("button", { name: "Send Request" }).click();
    await expect(second.page.getByText("Request sent", { exact: true })).toBeVisible();
    await expect(
      second.page.getByText("Your request to join the group has been sent.", { exact: true }),
    ).toBeVisible();
    await expect(discovered.getByRole("button", { name: "Request Pending" })).toBeDisabled();

    // She cannot see who belongs to this private group yet.
    await discovered.getByRole("link", { name: groupName }).click();
    await expect(second.page.getByRole("heading", { level: 1, name: groupName })).toBeVisible();
    await expect(second.page.getByText("Its members are visible to members only.")).toBeVisible();
    await expect(second.page.getByText("What is shared here stays here.")).toBeVisible();

    // The admin opens her group and approves.
    await mine.getByRole("link", { name: "View Group" }).click();
    await expect(page).toHaveURL(/\/cultivation-groups\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: groupName })).toBeVisible();
    const requests = page.getByRole("heading", { name: /Pending Requests/ }).locator("..");
    await expect(requests.getByText("Tamar Second")).toBeVisible();
    await expect(requests.getByText("I keep Shabbat with my family and would love to join.")).toBeVisible();
    await expectAccessible(page);
    await requests.getByRole("button", { name: "Approve Tamar Second" }).click();
    await expect(page.getByText("Request approved", { exact: true })).toBeVisible();
    await expect(requests.getByText("No one is waiting to join right now.")).toBeVisible();
    await expect(page.getByText("2 of 50 members")).toBeVisible();
    // A member's group opens on its conversation; its members are a tab away.
    await page.getByRole("tab", { name: "Members" }).click();
    const members = page.getByRole("heading", { name: "Members" }).locator("..");
    await expect(members.getByText(`${admin.firstName} ${admin.lastName}`)).toBeVisible();
    await expect(members.getByText("Tamar Second")).toBeVisible();

    // The new member finds the group under My Groups.
    await second.page.goto("/cultivation-groups");
    await second.page.getByRole("tab", { name: "My Groups" }).click();
    const joined = card(second.page, groupName);
    await expect(joined.getByText("Member", { exact: true })).toBeVisible();
    await expect(joined.getByText("2 members")).toBeVisible();
    await joined.getByRole("link", { name: "View Group" }).click();
    await expect(second.page.getByText("You're a member")).toBeVisible();
    await second.page.getByRole("tab", { name: "Members" }).click();
    await expect(
      second.page.getByRole("heading", { name: "Members" }).locator("..").getByText("Tamar Second"),
    ).toBeVisible();

    expect(second.errors).toEqual([]);
    await second.context.close();
  });

  test("an open group is joined at once; the member can leave again", async ({ page, browser }) => {
    test.slow();
    await registerMember(page, { firstName: "Leah" });
    const groupName = `Open Table ${Date.now().toString(36)}`;
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const created = await page.request.post("/api/cultivation-groups", {
      data: {
        name: groupName,
        description: "An open circle for anyone who loves the Psalms.",
        category: "interests",
        isPrivate: false,
        requiresApproval: false,
      },
      headers: { Origin: origin },
    });
    expect(created.status()).toBe(201);

    const second = await anotherMember(browser, { firstName: "Ruthie", lastName: "Second" });
    await second.page.goto("/cultivation-groups?category=interests");
    await expect(second.page.getByRole("combobox", { name: "Filter by category" })).toHaveValue("interests");
    const open = card(second.page, groupName);
    await expect(open.getByText("Open to join")).toBeVisible();
    await expect(open.getByText("Public group")).toBeAttached();
    await open.getByRole("button", { name: "Join Group" }).click();
    await expect(second.page.getByText("Joined group", { exact: true })).toBeVisible();
    await expect(open.getByText("2 members")).toBeVisible();
    await open.getByRole("link", { name: "View Group" }).click();

    await second.page.getByRole("button", { name: "Leave Group" }).click();
    await second.page.getByRole("dialog").getByRole("button", { name: "Leave Group" }).click();
    await expect(second.page.getByText("Left group", { exact: true })).toBeVisible();
    await expect(second.page).toHaveURL(/tab=my-groups/);
    await expect(second.page.getByText("You haven't joined any groups yet")).toBeVisible();

    expect(second.errors).toEqual([]);
    await second.context.close();
  });

  test("filters by the category in the address, and explains empty results", async ({ page }) => {
    await registerMember(page);
    await page.goto("/cultivation-groups?category=study");
    const filter = page.getByRole("combobox", { name: "Filter by category" });
    await expect(filter).toHaveValue("study");
    await expect(card(page, "Women of the Word: Proverbs 31")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Daughters of Zion Circle" })).toHaveCount(0);
    for (const label of ["Bible Study"]) {
      await expect(card(page, "Women of the Word: Proverbs 31").getByText(label)).toBeVisible();
    }

    await filter.selectOption("");
    await expect(page).toHaveURL(/\/cultivation-groups$/);
    await expect(card(page, "Daughters of Zion Circle")).toBeVisible();
    await expect(
      card(page, "Daughters of Zion Circle").getByRole("button", { name: "Request to Join" }),
    ).toBeVisible();

    await page.getByRole("searchbox", { name: "Search groups" }).fill("no group is called this");
    await expect(page.getByText("No groups found")).toBeVisible();
    await expect(page.getByText("Try adjusting your search criteria")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("tab", { name: "My Groups" }).click();
    await expect(page.getByText("You haven't joined any groups yet")).toBeVisible();
    await page.getByRole("button", { name: "Discover Groups" }).click();
    await expect(page.getByRole("tab", { name: "Discover Groups" })).toHaveAttribute("aria-selected", "true");
  });

  test("the demo admin sees the pending request waiting in her group", async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    await page.goto("/cultivation-groups?tab=my-groups");
    const circle = card(page, "Daughters of Zion Circle");
    await expect(circle.getByText("Admin", { exact: true })).toBeVisible();
    await circle.getByRole("link", { name: "View Group" }).click();
    await expect(page.getByRole("heading", { name: /Pending Requests/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Approve Abigail Rivera" })).toBeVisible();
    await page.getByRole("tab", { name: "Members" }).click();
    await expect(page.getByRole("button", { name: "Make Esther Cohen an admin" })).toBeVisible();
  });

  test("an unknown group says so", async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/404/);
    await registerMember(page);
    await page.goto("/cultivation-groups/987654");
    await expect(page.getByRole("heading", { name: "Group not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Discover Groups" })).toBeVisible();
  });
});

test.describe("cultivation groups on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the tabs and cards fit the screen", async ({ page }) => {
    await registerMember(page);
    await page.goto("/cultivation-groups");
    await expect(card(page, "Little Arrows: Young Mothers")).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.getByRole("tab", { name: "Create Group" }).click();
    await expect(page.getByLabel("Group Name")).toBeVisible();
  });
});

test.describe("a group admin tends her group on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("she edits the group, with the form's checks, and removes a member after a question", async ({
    page,
    browser,
  }) => {
    test.slow();
    await registerMember(page, { firstName: "Dinah", lastName: "Keeper" });
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const groupName = `Olive Grove ${Date.now().toString(36)}`;
    const created = await page.request.post("/api/cultivation-groups", {
      data: {
        name: groupName,
        description: "Women praying through the Psalms, one a week.",
        category: "study",
        isPrivate: false,
        requiresApproval: false,
      },
      headers: { Origin: origin },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const second = await anotherMember(browser, { firstName: "Naamah", lastName: "Second" });
    const joined = await second.page.request.post(`/api/cultivation-groups/${id}/join`, {
      data: {},
      headers: { Origin: origin },
    });
    expect(joined.status()).toBe(200);

    await page.goto(`/cultivation-groups/${id}`);
    await page.getByRole("button", { name: "Edit Group" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit group" });
    await expect(dialog.getByLabel("Group Name")).toHaveValue(groupName);
    await expectAccessible(page);
    await dialog.getByLabel("Group Name").fill(" ");
    await dialog.getByLabel("Description", { exact: true }).fill("Too short");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByText("Group name is required")).toBeVisible();
    await expect(dialog.getByText("Description must be at least 10 characters")).toBeVisible();
    await dialog.getByLabel("Group Name").fill(`${groupName} (Tuesdays)`);
    await dialog
      .getByLabel("Description", { exact: true })
      .fill("Praying through the Psalms on Tuesday evenings.");
    await dialog.getByLabel("Maximum Members").fill("12");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Group updated", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: `${groupName} (Tuesdays)` })).toBeVisible();
    await page.getByRole("tab", { name: "About" }).click();
    await expect(page.getByText("Praying through the Psalms on Tuesday evenings.")).toBeVisible();
    await expect(page.getByText("2 of 12 members")).toBeVisible();
    await page.getByRole("tab", { name: "Members" }).click();

    // Removing asks first; Cancel keeps her.
    await page.getByRole("button", { name: "Remove Naamah Second from the group" }).click();
    const confirm = page.getByRole("dialog", { name: "Remove Naamah Second?" });
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole("button", { name: "Remove Naamah Second from the group" }).click();
    await confirm.getByRole("button", { name: "Remove Member" }).click();
    await expect(page.getByText("Member removed", { exact: true })).toBeVisible();
    await expect(page.getByText("1 of 12 members")).toBeVisible();
    const members = page.getByRole("heading", { name: "Members" }).locator("..");
    await expect(members.getByText("Naamah Second")).toHaveCount(0);
    // She cannot remove herself as the group's only admin: no such button is offered.
    await expect(page.getByRole("button", { name: /Remove Dinah Keeper/ })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await second.page.goto(`/cultivation-groups/${id}`);
    await expect(second.page.getByRole("button", { name: "Join Group" })).toBeVisible();
    await expect(second.page.getByRole("button", { name: "Edit Group" })).toHaveCount(0);
    expect(second.errors).toEqual([]);
    await second.context.close();
  });
});

test.describe("the community page's Groups tab", () => {
  test("shows her real groups and a few real ones to join, not examples", async ({ page }) => {
    await registerMember(page, { firstName: "Keturah" });
    await page.goto("/community?tab=groups");
    const mine = page.getByRole("region", { name: "Your groups" });
    const suggested = page.getByRole("region", { name: "Groups you might like" });
    await expect(mine.getByText("You haven't joined any groups yet.")).toBeVisible();
    await expect(suggested.getByRole("link").first()).toBeVisible();
    expect(await suggested.getByRole("link").count()).toBeLessThanOrEqual(3);

    // A group she starts is hers: it joins her list and is not suggested to her.
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const created = await page.request.post("/api/cultivation-groups", {
      data: {
        name: `Keturah's Circle ${Date.now().toString(36)}`,
        description: "Evening prayer for the nations.",
        category: "ministry",
      },
      headers: { Origin: origin },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await page.reload();
    await expect(mine.locator(`a[href="/cultivation-groups/${id}"]`)).toContainText("Admin");
    await expect(suggested.locator(`a[href="/cultivation-groups/${id}"]`)).toHaveCount(0);
    await mine.locator(`a[href="/cultivation-groups/${id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/cultivation-groups/${id}$`));
  });
});
