import type { Page } from "@playwright/test";
import { expect, expectAccessible, registerMember, test } from "./support/fixtures";
import { stubYouTube } from "./support/youtube";

// A 390 px phone: what a member holds in her hand.
test.use({ viewport: { width: 390, height: 844 } });

const TEACHING = "Ruth: Kindness at the Threshing Floor";

const searchButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Search" });
const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search" });
const suggestions = (page: Page) => page.getByRole("listbox", { name: "Suggestions" });

test.beforeEach(async ({ page }) => {
  await stubYouTube(page);
});

test("a member finds a teaching by a word of its description and opens it", async ({ page }) => {
  await registerMember(page);
  await page.goto("/");
  await searchButton(page).click();
  await expect(searchBox(page)).toBeFocused();
  // A word only its description holds: no title to suggest, so Enter asks for every result.
  await searchBox(page).pressSequentially("Moabite");
  await searchBox(page).press("Enter");

  await expect(page).toHaveURL(/\/search\?q=Moabite$/);
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search everything" })).toHaveValue("Moabite");
  const teachings = page.getByRole("region", { name: "Teachings" });
  const result = teachings.getByRole("listitem").filter({ hasText: TEACHING });
  await expect(result.locator("mark")).toHaveText(["Moabite"]);
  await expect(result.getByText("Teaching", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("group", { name: "Filter by kind" }).getByRole("button", { name: "All" }),
  ).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);

  await result.getByRole("link", { name: TEACHING }).click();
  await expect(page).toHaveURL(/\/video\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: TEACHING })).toBeVisible();
});

test("suggestions come as she types, keep to the keyboard, and open the one she picks", async ({ page }) => {
  await registerMember(page);
  await page.goto("/videos");
  await expect(page.getByRole("heading", { level: 1, name: "Video Library" })).toBeVisible();
  // "/" opens the box from anywhere but a field.
  await page.keyboard.press("/");
  const box = searchBox(page);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue("");
  await box.pressSequentially("T");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await box.pressSequentially("hreshing");

  const list = suggestions(page);
  const option = list.getByRole("option", { name: `${TEACHING} Teaching` });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(list.getByRole("option", { name: "See all results for “Threshing”" })).toBeVisible();
  await expectAccessible(page);

  // Arrow keys move through the suggestions while the focus stays in the box.
  const first = list.getByRole("option").first();
  await box.press("ArrowDown");
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
  await expect(box).toBeFocused();
  // Escape closes the list and keeps what she typed; an arrow opens it again, nothing chosen.
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("Threshing");
  await box.press("ArrowDown");
  await expect(option).toBeVisible();
  await expect(box).not.toHaveAttribute("aria-activedescendant");
  // Lessons of a course share the teaching's title: down to the teaching, then Enter.
  const names = await list.getByRole("option").allTextContents();
  const at = names.findIndex((name) => name.includes(TEACHING) && name.endsWith("Teaching"));
  for (let i = 0; i <= at; i += 1) await box.press("ArrowDown");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");

  await expect(page).toHaveURL(/\/video\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: TEACHING })).toBeVisible();
  await expect(box).toBeHidden();
});

test("a prayer request written in Hebrew with its vowels is found by a word without them, prefix and all", async ({
  page,
}) => {
  await registerMember(page);
  const request = `רְפוּאָה שְׁלֵמָה לְאִמִּי וּבְבֵית הַחוֹלִים ${Date.now().toString(36)}`;
  await page.goto("/community");
  await page.getByLabel("Share a prayer request").fill(request);
  await page.getByRole("button", { name: "Share Request" }).click();
  await expect(page.getByText("Prayer Request Shared", { exact: true })).toBeVisible();

  await page.goto("/");
  await searchButton(page).click();
  // "בית": no vowels, and without the "וּבְ" her words put before it. A request has no title of its
  // own to suggest: Enter opens every result.
  await searchBox(page).pressSequentially("בית");
  await searchBox(page).press("Enter");
  await expect(page).toHaveURL(`/search?q=${encodeURIComponent("בית")}`);
  const prayers = page.getByRole("region", { name: "Prayer requests" });
  const found = prayers.getByRole("listitem").filter({ has: page.getByRole("link", { name: request }) });
  await expect(found.locator("mark")).toHaveText(["ובבית"]);

  await found.getByRole("link", { name: request }).click();
  await expect(page).toHaveURL(/\/community#prayer-\d+$/);
  const id = new URL(page.url()).hash.slice(1);
  await expect(page.locator(`[id="${id}"]`)).toContainText(request);
});

test("one kind's results come a page at a time, and a one-letter search is explained", async ({ page }) => {
  await registerMember(page);
  const word = `selah${Date.now().toString(36)}`;
  const origin = new URL(test.info().project.use.baseURL!).origin;
  for (let i = 1; i <= 22; i += 1) {
    const res = await page.request.post("/api/video-notes", {
      data: { content: `Note ${i}: ${word} after the psalm.` },
      headers: { Origin: origin },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto(`/search?q=${word}`);
  const notes = page.getByRole("region", { name: "Your notes" });
  await expect(notes.getByRole("listitem")).toHaveCount(5);
  await page.getByRole("link", { name: "More notes" }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&kind=note$`));
  await expect(page.getByRole("button", { name: "Notes", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const mine = page.getByRole("region", { name: "Your notes" }).getByRole("listitem");
  await expect(mine).toHaveCount(20);
  await page.getByRole("button", { name: "Show more" }).click();
  await expect(mine).toHaveCount(22);
  await expect(page.getByRole("button", { name: "Show more" })).toHaveCount(0);

  // A kind with nothing of hers: the way back to every kind.
  await page.getByRole("button", { name: "Events", exact: true }).click();
  await expect(page.getByRole("heading", { name: `No results for “${word}”` })).toBeVisible();
  await page.getByRole("link", { name: "Search every kind" }).click();
  await expect(page.getByRole("region", { name: "Your notes" })).toBeVisible();

  const box = page.getByRole("searchbox", { name: "Search everything" });
  await box.fill("a");
  await box.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("Type at least 2 characters to search");
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("region", { name: "Your notes" })).toHaveCount(0);
});

test("teaching kept for patrons is found by its title and shows nothing more than the patrons' mark", async ({
  page,
}) => {
  await registerMember(page);
  await page.goto("/search?q=Jonah");
  const result = page
    .getByRole("region", { name: "Teachings" })
    .getByRole("listitem")
    .filter({ hasText: "Jonah and the God of Second Chances" });
  await expect(result.getByText("For patrons")).toBeVisible();
  await expect(result.locator("mark")).toHaveCount(0);
  await expect(result).not.toContainText("A prophet runs");
});
