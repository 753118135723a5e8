import type { Page } from "@playwright/test";
import { expect, expectAccessible, registerMember, test } from "./support/fixtures";
import { stubYouTube } from "./support/youtube";

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await stubYouTube(page);
});

async function addNote(page: Page, body: Record<string, unknown>) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await page.request.post("/api/video-notes", { data: body, headers: { Origin: origin } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function videoId(page: Page, title: string) {
  const res = await page.request.get(`/api/videos?search=${encodeURIComponent(title)}`);
  const [video] = await res.json();
  return video.id as number;
}

const noteItems = (page: Page) =>
  page
    .getByRole("region", { name: "Notes" })
    .getByRole("listitem")
    .filter({
      has: page.getByRole("button", { name: "Delete note" }),
    });

test("a member searches, filters by tag and highlights, and deletes a note", async ({ page }) => {
  await registerMember(page);
  const daniel = await videoId(page, "Daniel: Faithful in Babylon");
  const grace = await videoId(page, "Grace That Finds Us First");
  await addNote(page, {
    videoId: daniel,
    content: "Windows open toward Jerusalem",
    timestamp: 245,
    tags: ["prayer"],
  });
  await addNote(page, {
    videoId: grace,
    content: "Grace comes before effort",
    timestamp: 134,
    tags: ["grace", "romans"],
    isHighlight: true,
  });
  await addNote(page, { content: "Pray a psalm each week with the group", tags: ["prayer", "small group"] });

  await page.goto("/video-notes");
  await expect(page.getByRole("heading", { level: 1, name: "Video Notes & Highlights" })).toBeVisible();
  await expect(noteItems(page)).toHaveCount(3);
  await expect(page.getByRole("heading", { name: "Study Tips" })).toBeVisible();

  const first = noteItems(page).filter({ hasText: "Windows open toward Jerusalem" });
  await expect(first.getByRole("link", { name: "Daniel: Faithful in Babylon" })).toBeVisible();
  await expect(first.getByRole("link", { name: "Watch from 4:05" })).toBeVisible();
  await expect(first.getByText(/\d{4}, \d{1,2}:\d{2} [AP]M/)).toBeVisible();
  await expect(
    noteItems(page).filter({ hasText: "Grace comes before effort" }).getByText("Highlight"),
  ).toHaveCount(1);

  // The tag menu holds "All Tags" and the member's own tags.
  const tagFilter = page.getByLabel("Filter by tag");
  await expect(tagFilter.locator("option")).toHaveText([
    "All Tags",
    "grace",
    "prayer",
    "romans",
    "small group",
  ]);
  await tagFilter.selectOption("prayer");
  await expect(noteItems(page)).toHaveCount(2);
  await expect(noteItems(page).filter({ hasText: "Grace comes before effort" })).toHaveCount(0);

  await tagFilter.selectOption("");
  await expect(noteItems(page)).toHaveCount(3);
  // A tag badge sets the filter.
  await page.getByRole("button", { name: "Show notes tagged romans" }).click();
  await expect(tagFilter).toHaveValue("romans");
  await expect(noteItems(page)).toHaveCount(1);
  await tagFilter.selectOption("");

  await page.getByRole("switch", { name: "Highlights Only" }).click();
  await expect(noteItems(page)).toHaveCount(1);
  await expect(noteItems(page).first()).toContainText("Grace comes before effort");
  await page.getByRole("switch", { name: "Highlights Only" }).click();

  // Search covers the note and its video's title.
  const search = page.getByRole("searchbox", { name: "Search notes" });
  await search.fill("babylon");
  await expect(noteItems(page)).toHaveCount(1);
  await expect(noteItems(page).first()).toContainText("Windows open toward Jerusalem");
  await search.fill("psalm");
  await expect(noteItems(page)).toHaveCount(1);
  await search.fill("nothing like this anywhere");
  await expect(page.getByRole("heading", { name: "No notes found" })).toBeVisible();
  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(noteItems(page)).toHaveCount(3);
  await expectAccessible(page);

  await noteItems(page)
    .filter({ hasText: "Pray a psalm" })
    .getByRole("button", { name: "Delete note" })
    .click();
  const confirm = page.getByRole("dialog", { name: "Delete this note?" });
  await confirm.getByRole("button", { name: "Delete Note" }).click();
  await expect(page.getByText("Note deleted", { exact: true })).toBeVisible();
  await expect(noteItems(page)).toHaveCount(2);
  await expect(tagFilter.locator("option")).toHaveText(["All Tags", "grace", "prayer", "romans"]);
});

test("a new member starts from the empty state and takes her first note", async ({ page }) => {
  await registerMember(page);
  await page.goto("/video-notes");
  await expect(page.getByRole("heading", { name: "No notes yet" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Study Tips" })).toHaveCount(0);

  await page.getByRole("button", { name: "Take Your First Note" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Note" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Save Note" }).click();
  await expect(dialog.getByText("Note content is required")).toBeVisible();

  await dialog.getByLabel("Video").selectOption({ label: "Daniel: Faithful in Babylon" });
  await dialog.getByLabel("Time (m:ss)").fill("4:5");
  await dialog.getByLabel("Note").fill("Faithfulness in plain sight.");
  await dialog.getByRole("button", { name: "Save Note" }).click();
  await expect(dialog.getByText("Use minutes:seconds, like 4:05")).toBeVisible();
  await dialog.getByLabel("Time (m:ss)").fill("4:05");
  await dialog.getByLabel("Tags").fill(" prayer, faith ,, ");
  await dialog.getByRole("switch", { name: /Mark as highlight/ }).click();
  await dialog.getByRole("button", { name: "Save Note" }).click();
  await expect(page.getByText("Note created", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const note = noteItems(page).first();
  await expect(note).toContainText("Faithfulness in plain sight.");
  await expect(note.getByRole("link", { name: "Daniel: Faithful in Babylon" })).toBeVisible();
  await expect(note.getByRole("link", { name: "Watch from 4:05" })).toBeVisible();
  await expect(note.getByText("Highlight")).toHaveCount(1);
  await expect(note.getByRole("button", { name: /^Show notes tagged/ })).toHaveText(["prayer", "faith"]);
  await expect(page.getByRole("heading", { name: "Study Tips" })).toBeVisible();
});

test("the note form starts loading when a pointer comes over the button that opens it", async ({ page }) => {
  await registerMember(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/note-dialog-[\w-]+\.js$/.test(request.url())) asked.push(request.url());
  });
  await page.goto("/video-notes");
  const button = page.getByRole("button", { name: "Take Your First Note" });
  await expect(button).toBeVisible();
  expect(asked, "the page loads the form before anyone asks for it").toEqual([]);
  // Over and off the button until the page is live and the pointer's arrival is heard.
  await expect
    .poll(async () => {
      await page.mouse.move(0, 0);
      await button.hover();
      return asked.length;
    })
    .toBe(1);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await button.click();
  await expect(page.getByRole("dialog", { name: "Create New Note" })).toBeVisible();
  expect(asked).toHaveLength(1);
});

test("failures to save or delete a note are explained", async ({ page, allowedConsoleErrors }) => {
  allowedConsoleErrors.push(/500/);
  await registerMember(page);
  await addNote(page, { content: "Keep this one" });
  await page.route("**/api/video-notes", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, json: { message: "Something went wrong on our side." } })
      : route.fallback(),
  );
  await page.route(/\/api\/video-notes\/\d+$/, (route) =>
    route.fulfill({ status: 500, json: { message: "Something went wrong on our side." } }),
  );
  await page.goto("/video-notes");
  await page.getByRole("button", { name: "Add Note" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Note" });
  await dialog.getByLabel("Note").fill("This will not save");
  await dialog.getByRole("button", { name: "Save Note" }).click();
  await expect(page.getByText("Failed to create note. Please try again.", { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await noteItems(page).first().getByRole("button", { name: "Delete note" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete Note" }).click();
  await expect(page.getByText("Failed to delete note. Please try again.", { exact: true })).toBeVisible();
  // The confirmation stays open for another try; closing it leaves the note in place.
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(noteItems(page)).toHaveCount(1);
});

test("a member edits a note in place: its words, moment, tags and highlight", async ({ page }) => {
  await registerMember(page);
  const daniel = await videoId(page, "Daniel: Faithful in Babylon");
  await addNote(page, { videoId: daniel, content: "Windows open", timestamp: 245, tags: ["prayer"] });

  await page.goto("/video-notes");
  const note = noteItems(page).filter({ hasText: "Windows open" });
  await note.getByRole("button", { name: "Edit note" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Note" });
  await expect(dialog.getByLabel("Note")).toHaveValue("Windows open");
  await expect(dialog.getByLabel("Time (m:ss)")).toHaveValue("4:05");
  await expect(dialog.getByLabel("Tags")).toHaveValue("prayer");
  await expect(dialog.getByLabel("Video").locator("option:checked")).toHaveText(
    "Daniel: Faithful in Babylon",
  );

  // The same checks as a new note.
  await dialog.getByLabel("Note").fill("   ");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByText("Note content is required")).toBeVisible();

  await dialog.getByLabel("Note").fill("Windows open toward Jerusalem, three times a day.");
  await dialog.getByLabel("Time (m:ss)").fill("4:30");
  await dialog.getByLabel("Tags").fill("prayer, faithfulness");
  await dialog.getByRole("switch", { name: /Mark as highlight/ }).click();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Note updated", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const edited = noteItems(page).filter({ hasText: "Windows open toward Jerusalem, three times a day." });
  await expect(edited).toHaveCount(1);
  await expect(edited.getByRole("link", { name: "Watch from 4:30" })).toHaveAttribute(
    "href",
    `/video/${daniel}?t=270`,
  );
  await expect(edited.getByRole("button", { name: "Show notes tagged faithfulness" })).toBeVisible();
  await expect(edited.getByText("Highlight")).toHaveCount(1);
  await expect(page.getByLabel("Filter by tag").locator("option")).toHaveText([
    "All Tags",
    "faithfulness",
    "prayer",
  ]);
  await expectAccessible(page);

  // Kept, not just shown.
  await page.reload();
  await expect(noteItems(page).filter({ hasText: "three times a day" })).toHaveCount(1);
});
