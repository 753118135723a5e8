import { DEMO_ADMIN, expect, expectAccessible, registerMember, signIn, test } from "./support/fixtures";
import { stubYouTube } from "./support/youtube";

// Whole journeys of many steps on a machine shared with other builds.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await stubYouTube(page);
});

const seriesCards = (page: import("@playwright/test").Page) =>
  page.getByRole("region", { name: "Videos" }).getByRole("listitem");

test.describe("video library", () => {
  test("browses, searches and filters the teaching library", async ({ page }) => {
    await registerMember(page);
    await page.goto("/videos");
    await expect(page.getByRole("heading", { level: 1, name: "Video Library" })).toBeVisible();
    await expect(seriesCards(page).first()).toBeVisible();
    expect(await seriesCards(page).count()).toBeGreaterThanOrEqual(12);

    const filters = page.getByRole("group", { name: "Series" });
    for (const name of ["All Series", "Grace Series", "Wrap & Reflect", "Prophecy Deep Dive", "Unveiled"]) {
      await expect(filters.getByRole("button", { name, exact: true })).toBeVisible();
    }
    await expect(filters.getByRole("button", { name: "All Series" })).toHaveAttribute("aria-pressed", "true");

    // Each card links to its page and shows its duration as m:ss.
    const daniel = page.getByRole("link", { name: "Daniel: Faithful in Babylon" });
    await expect(daniel).toHaveAttribute("href", /^\/video\/\d+$/);
    const danielCard = seriesCards(page).filter({ has: daniel });
    await expect(danielCard.getByText("8:11")).toBeVisible();

    await filters.getByRole("button", { name: "Prophecy Deep Dive" }).click();
    await expect(filters.getByRole("button", { name: "Prophecy Deep Dive" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page).toHaveURL(/series=Prophecy\+Deep\+Dive/);
    await expect(page.getByRole("link", { name: "Grace That Finds Us First" })).toBeHidden();
    await expect(daniel).toBeVisible();
    const prophecyCount = await seriesCards(page).count();
    await expect(seriesCards(page).getByText("Prophecy Deep Dive", { exact: true })).toHaveCount(
      prophecyCount,
    );

    await page.getByRole("searchbox", { name: "Search videos" }).fill("babylon");
    await expect(seriesCards(page)).toHaveCount(1);
    await expect(daniel).toBeVisible();

    // Search covers descriptions too, across every series.
    await filters.getByRole("button", { name: "All Series" }).click();
    await page.getByRole("searchbox", { name: "Search videos" }).fill("MOABITE widow");
    await expect(page.getByRole("link", { name: "Ruth: Kindness at the Threshing Floor" })).toBeVisible();
    await expect(seriesCards(page)).toHaveCount(1);

    await page.getByRole("searchbox", { name: "Search videos" }).fill("no teaching is called this");
    await expect(page.getByRole("heading", { name: "No videos found" })).toBeVisible();
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(page.getByRole("searchbox", { name: "Search videos" })).toHaveValue("");
    await expect(page.getByRole("link", { name: "Grace That Finds Us First" })).toBeVisible();

    await expectAccessible(page);
  });

  test("says so when the library is empty", async ({ page }) => {
    await registerMember(page);
    await page.goto("/");
    // Opened from the menu, the library asks the server, which answers that it is empty.
    await page.route("**/api/videos?*", (route) => route.fulfill({ json: [] }));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Videos" }).click();
    await expect(page.getByRole("heading", { name: "No videos available" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Clear Filters" })).toHaveCount(0);
  });
});

test.describe("a video's page", () => {
  test("a member watches, reflects on a prompt, likes a reflection and saves the video", async ({ page }) => {
    const member = await registerMember(page, { firstName: "Tabitha" });
    await page.goto("/videos");
    await page.getByRole("link", { name: "Seated, Then Walking" }).click();
    await expect(page).toHaveURL(/\/video\/\d+$/);

    await expect(page.getByRole("heading", { level: 1, name: "Seated, Then Walking" })).toBeVisible();
    await expect(page.getByText("Grace Series", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("8:02")).toBeVisible();
    await expect(page.getByText(/\d+ views/)).toBeVisible();
    await expect(page.getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(page.getByText("Video player will appear here")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Play video: Seated, Then Walking" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "More from Grace Series" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Grace That Finds Us First/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "My Reflections" })).toHaveAttribute(
      "href",
      "/profile?tab=reflections",
    );
    await expect(page.getByRole("link", { name: "Find Discussion Partner" })).toHaveAttribute(
      "href",
      "/discipleship",
    );

    // The prompts fold away and come back.
    const prompts = page.getByRole("button", { name: "Reflection Prompts" });
    await expect(prompts).toHaveAttribute("aria-expanded", "true");
    await prompts.click();
    await expect(page.getByRole("button", { name: "Reflect on This" })).toHaveCount(0);
    await prompts.click();

    const heading = page.getByRole("heading", { name: /^Community Reflections \(\d+\)$/ });
    const before = Number((await heading.textContent())!.match(/\((\d+)\)/)![1]);
    const box = page.getByRole("textbox", { name: "Your reflection" });
    const reflections = page.getByRole("region", { name: /Community Reflections/ });
    const share = reflections.getByRole("button", { name: "Share", exact: true });
    await expect(box).toHaveAttribute("rows", "3");
    await expect(share).toBeDisabled();
    await box.fill("   ");
    await expect(share).toBeDisabled();
    await box.fill("A draft I will set aside");

    await page.getByRole("button", { name: "Reflect on This" }).first().click();
    await expect(box).toHaveValue("");
    await expect(box).toBeFocused();
    await expect(page.getByText("Reflecting on:")).toBeVisible();

    const words = `Seated first, then walking. I rest before I run. ${Date.now()}`;
    await box.fill(words);
    await share.click();
    await expect(page.getByText("Comment Added", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Your reflection has been shared with the community.", { exact: true }),
    ).toBeVisible();
    await expect(box).toHaveValue("");
    await expect(page.getByText("Reflecting on:")).toHaveCount(0);
    await expect(heading).toHaveText(`Community Reflections (${before + 1})`);

    const mine = page
      .getByRole("article", { name: `Reflection by ${member.firstName}` })
      .filter({ hasText: words });
    await expect(mine).toBeVisible();
    await expect(mine.getByText("Reflection", { exact: true })).toBeVisible();
    await expect(mine.getByText("Just now")).toBeVisible();

    const like = mine.getByRole("button", { name: /^Like reflection by Tabitha/ });
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(like).toHaveAccessibleName("Like reflection by Tabitha, 1 like");
    await page.reload();
    await expect(
      page.getByRole("button", { name: "Like reflection by Tabitha, 1 like" }).first(),
    ).toHaveAttribute("aria-pressed", "true");

    // The video's own Like and Save.
    const likeVideo = page.getByRole("button", { name: /^Like \d+ likes?$/ });
    const likesBefore = Number((await likeVideo.textContent())!.replace(/\D/g, ""));
    await likeVideo.click();
    const liked = page.getByRole("button", { name: /^Liked \d+ likes?$/ });
    await expect(liked).toHaveAttribute("aria-pressed", "true");
    await expect(liked).toContainText(String(likesBefore + 1));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("button", { name: "Saved", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const saved = await page.request.get("/api/saved-videos");
    expect((await saved.json()).map((v: { title: string }) => v.title)).toContain("Seated, Then Walking");

    await expectAccessible(page);
  });

  test("takes a note at the player's current time, read through the IFrame API", async ({ page }) => {
    await registerMember(page);
    await page.goto("/videos");
    await page.getByRole("link", { name: "Joy From a Prison Cell" }).click();
    await page.evaluate(() => {
      (window as unknown as { __ytTime: number }).__ytTime = 125.7;
    });

    await page.getByRole("button", { name: "Play video: Joy From a Prison Cell" }).click();
    const player = page.getByTestId("youtube-player");
    await expect(player).toBeVisible();
    await expect(player).toHaveAttribute("data-host", "https://www.youtube-nocookie.com");
    await expect(player).toHaveAttribute("data-video-id", "oE9qqW1-BkU");

    await page.getByRole("button", { name: "Take a note" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Note" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Video")).toHaveValue(/^\d+$/);
    await expect(dialog.getByLabel("Video").locator("option:checked")).toHaveText("Joy From a Prison Cell");
    await expect(dialog.getByLabel("Time (m:ss)")).toHaveValue("2:05");
    expect(await page.evaluate(() => (window as unknown as { __ytPaused?: boolean }).__ytPaused)).toBe(true);

    await dialog.getByLabel("Note").fill("Contentment is learned, a little every day.");
    await dialog.getByLabel("Tags").fill("joy, contentment");
    await dialog.getByRole("button", { name: "Save Note" }).click();
    await expect(page.getByText("Note created", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto("/video-notes");
    const note = page.getByRole("listitem").filter({ hasText: "Contentment is learned" });
    await expect(note.getByRole("link", { name: "Joy From a Prison Cell" })).toBeVisible();
    await expect(note.getByRole("link", { name: "Watch from 2:05" })).toHaveAttribute(
      "href",
      /\/video\/\d+\?t=125$/,
    );

    // The note's time leads back to that moment of the teaching.
    await note.getByRole("link", { name: "Watch from 2:05" }).click();
    await page.getByRole("button", { name: "Play video: Joy From a Prison Cell, from 2:05" }).click();
    await expect(page.getByTestId("youtube-player")).toHaveAttribute("data-start", "125");
  });

  test("remembers where she stopped, saved while she watches, and takes her back there", async ({ page }) => {
    await registerMember(page);
    const title = "Freedom Is Not a Feeling";
    await page.goto("/");
    // Nothing started yet: home offers the library instead of promising to continue.
    await expect(page.getByRole("link", { name: "Start Watching" })).toHaveAttribute("href", "/videos");
    await expect(page.getByRole("link", { name: "Continue Watching" })).toHaveCount(0);

    await page.getByRole("link", { name: "Start Watching" }).click();
    await expect(page.getByRole("heading", { name: "Video Library" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Continue Watching" })).toHaveCount(0);
    await page.getByRole("link", { name: title }).click();
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const saves: number[] = [];
    page.on("request", (req) => {
      if (req.method() === "PUT" && req.url().endsWith(`/api/videos/${id}/progress`)) {
        saves.push((req.postDataJSON() as { seconds: number }).seconds);
      }
    });
    const saveOf = (seconds: number, finished = false) =>
      page.waitForRequest((req) => {
        if (req.method() !== "PUT" || !req.url().endsWith(`/api/videos/${id}/progress`)) return false;
        return JSON.stringify(req.postDataJSON()) === JSON.stringify({ seconds, finished });
      });

    await page.evaluate(() => {
      (window as unknown as { __ytTime: number }).__ytTime = 40;
    });
    await page.getByRole("button", { name: `Play video: ${title}` }).click();
    await expect(page.getByTestId("youtube-player")).toBeVisible();

    // While it plays, her place is saved once she is 15 seconds further on.
    const whilePlaying = saveOf(75);
    await page.evaluate(() => {
      (window as unknown as { __ytTime: number }).__ytTime = 75.4;
    });
    await whilePlaying;
    // Pausing saves at once (taking a note pauses the teaching).
    const onPause = saveOf(80);
    await page.evaluate(() => {
      (window as unknown as { __ytTime: number }).__ytTime = 80;
    });
    await page.getByRole("button", { name: "Take a note" }).click();
    await onPause;
    // Nothing in between: a few seconds of play are not worth a request (40 is where it began).
    expect(saves.filter((s) => s !== 40)).toEqual([75, 80]);
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

    // Home takes her back into that video, at that moment.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    const resume = page.getByRole("link", { name: "Continue Watching" });
    await expect(resume).toHaveAttribute("href", `/video/${id}`);
    await expect(page.getByText(`Pick up “${title}” at 1:20.`)).toBeVisible();
    await resume.click();
    await expect(page.getByText("Continue from 1:20")).toBeVisible();
    await page.getByRole("button", { name: `Play video: ${title}, from 1:20` }).click();
    await expect(page.getByTestId("youtube-player")).toHaveAttribute("data-start", "80");

    // Closing the page saves too: the request outlives it.
    await page.evaluate(() => {
      (window as unknown as { __ytTime: number }).__ytTime = 86;
    });
    await page.reload();
    await expect
      .poll(async () => (await (await page.request.get(`/api/videos/${id}`)).json()).progress?.seconds)
      .toBe(86);
    await page.reload();
    await expect(page.getByRole("button", { name: `Play video: ${title}, from 1:26` })).toBeVisible();

    // The library shows what she started: a row to continue, and a bar on the video's card.
    await page.goto("/videos");
    const row = page.getByRole("region", { name: "Continue Watching" });
    await expect(row.getByRole("link", { name: new RegExp(title) })).toHaveAttribute("href", `/video/${id}`);
    await expect(row.getByText("Continue from 1:26")).toBeVisible();
    const card = seriesCards(page).filter({ has: page.getByRole("link", { name: title, exact: true }) });
    await expect(card.getByText("Watched 1:26 of 8:30")).toHaveCount(1);
    await expectAccessible(page);

    // Watched to the end, it leaves the row and starts from the beginning next time.
    await row.getByRole("link", { name: new RegExp(title) }).click();
    await page.getByRole("button", { name: `Play video: ${title}, from 1:26` }).click();
    await expect(page.getByTestId("youtube-player")).toBeVisible();
    const atEnd = saveOf(600, true);
    await page.evaluate(() => (window as unknown as { __ytEnd: () => void }).__ytEnd());
    await atEnd;
    await page.goto("/videos");
    await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Continue Watching" })).toHaveCount(0);
    await page.getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByRole("button", { name: `Play video: ${title}`, exact: true })).toBeVisible();
  });

  test("a reflection kept private goes to her notes at the video's moment, not to the community", async ({
    page,
  }) => {
    await registerMember(page);
    await page.goto("/videos");
    const title = "Seated, Then Walking";
    await page.getByRole("link", { name: title }).click();
    await page.evaluate(() => {
      (window as unknown as { __ytTime: number }).__ytTime = 154;
    });
    await page.getByRole("button", { name: `Play video: ${title}` }).click();
    await expect(page.getByTestId("youtube-player")).toBeVisible();

    const heading = page.getByRole("heading", { name: /^Community Reflections \(\d+\)$/ });
    const before = await heading.textContent();
    await page.getByRole("button", { name: "Reflect on This" }).first().click();
    const box = page.getByRole("textbox", { name: "Your reflection" });
    const keep = page.getByRole("button", { name: "Keep private" });
    await expect(keep).toBeDisabled();
    const words = `I rest before I run. ${Date.now()}`;
    await box.fill(words);
    await keep.click();
    await expect(page.getByText("Note created", { exact: true })).toBeVisible();
    await expect(
      page.getByText(`Your reflection at 2:34 of "${title}" is kept privately in My Notes.`, { exact: true }),
    ).toBeVisible();
    await expect(box).toHaveValue("");
    await expect(page.getByText("Reflecting on:")).toHaveCount(0);
    // Nothing was shared.
    await expect(heading).toHaveText(before!);
    await expect(page.getByText(words)).toHaveCount(0);

    // "My Reflections" says where the private ones are.
    await page.getByRole("link", { name: "My Reflections" }).click();
    await page.getByRole("tabpanel").getByRole("link", { name: "My Notes" }).click();
    await expect(page).toHaveURL(/\/video-notes\?tag=reflection$/);
    await expect(page.getByLabel("Filter by tag")).toHaveValue("reflection");
    const note = page.getByRole("listitem").filter({ hasText: words });
    await expect(note).toContainText(
      "Reflecting on: How does being 'seated with Messiah' change the way you face today?",
    );
    await expect(note.getByRole("link", { name: "Watch from 2:34" })).toHaveAttribute("href", /\?t=154$/);
  });

  test("still plays when the YouTube player API cannot load", async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/ERR_INTERNET_DISCONNECTED|Failed to load resource/);
    // The test harness's start-up script also runs inside the embedded (cross-site) frame.
    allowedConsoleErrors.push(/Failed to read the 'localStorage' property/);
    await page.unrouteAll();
    await stubYouTube(page, { api: "unreachable" });
    await registerMember(page);
    await page.goto("/videos");
    await page.getByRole("link", { name: "Hosea: A Love That Will Not Let Go" }).click();
    await page.getByRole("button", { name: "Play video: Hosea: A Love That Will Not Let Go" }).click();
    const embed = page.locator('iframe[title="Hosea: A Love That Will Not Let Go"]');
    await expect(embed).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/kE6SZ1ogOVU\?/);

    // Without the API nobody can read the time: the note starts blank instead of wrong.
    await page.getByRole("button", { name: "Take a note" }).click();
    await expect(page.getByRole("dialog").getByLabel("Time (m:ss)")).toHaveValue("");
  });

  test("shows the placeholder when a video has no YouTube id", async ({ page }) => {
    await registerMember(page);
    await page.route(/\/api\/videos\/\d+$/, async (route) => {
      const response = await route.fetch();
      route.fulfill({ response, json: { ...(await response.json()), youtubeId: null } });
    });
    await page.goto("/videos");
    await page.getByRole("link", { name: "Praying the Psalms Together" }).click();
    await expect(page.getByText("Video player will appear here")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Play video/ })).toHaveCount(0);
  });

  test("an unknown video says it was not found", async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/404/);
    await registerMember(page);
    await page.goto("/video/987654");
    await expect(page.getByRole("heading", { name: "Video Not Found" })).toBeVisible();
    await expect(page.getByText("The video you're looking for doesn't exist.")).toBeVisible();
    await page.goto("/video/not-a-number");
    await expect(page.getByRole("heading", { name: "Video Not Found" })).toBeVisible();
  });

  test("a failed reflection keeps the text and says so", async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/500/);
    await registerMember(page);
    await page.route("**/api/discussions", (route) =>
      route.fulfill({ status: 500, json: { message: "Something went wrong on our side." } }),
    );
    await page.goto("/videos");
    await page.getByRole("link", { name: "Comfort, Comfort My People" }).click();
    const box = page.getByRole("textbox", { name: "Your reflection" });
    await box.fill("Comfort in the waiting.");
    await page
      .getByRole("region", { name: /Community Reflections/ })
      .getByRole("button", { name: "Share", exact: true })
      .click();
    await expect(page.getByText("Error", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Failed to add discussion. Please try again.", { exact: true }),
    ).toBeVisible();
    await expect(box).toHaveValue("Comfort in the waiting.");
  });
});

test.describe("teaching kept for patrons", () => {
  const KEPT = "Jonah and the God of Second Chances";

  test("a member who is not a patron sees it listed with a lock, and a calm page instead of the player", async ({
    page,
  }) => {
    await registerMember(page);
    await page.goto("/videos");
    const card = seriesCards(page).filter({ has: page.getByRole("link", { name: KEPT }) });
    await expect(card.getByText("For patrons")).toBeVisible();
    await expect(card.locator("img")).toHaveCount(0);

    await card.getByRole("link", { name: KEPT }).click();
    await expect(page.getByRole("heading", { level: 1, name: KEPT })).toBeVisible();
    await expect(page.getByRole("heading", { name: "This teaching is for our patrons" })).toBeVisible();
    await expect(page.getByRole("button", { name: `Play video: ${KEPT}` })).toHaveCount(0);
    await expect(page.locator("iframe")).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Become a Patron" }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
  });

  test("a patron or an administrator watches it", async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    await page.goto("/videos");
    await page.getByRole("link", { name: KEPT }).click();
    await expect(page.getByRole("button", { name: `Play video: ${KEPT}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "This teaching is for our patrons" })).toHaveCount(0);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the library and a video read well on a small screen", async ({ page }) => {
    await registerMember(page);
    // With a video started, the library opens with her Continue Watching row.
    const [started] = await (await page.request.get("/api/videos?search=Daniel")).json();
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const saved = await page.request.put(`/api/videos/${started.id}/progress`, {
      data: { seconds: 120 },
      headers: { Origin: origin },
    });
    expect(saved.status()).toBe(200);
    await page.goto("/videos");
    await expect(
      page.getByRole("region", { name: "Continue Watching" }).getByText("Continue from 2:00"),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Grace That Finds Us First" })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.getByRole("link", { name: "Grace That Finds Us First" }).click();
    await expect(page.getByRole("button", { name: "Take a note" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("administration", () => {
  test("an administrator adds a video, with the form's checks, and edits it", async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    await page.goto("/admin?tab=videos");
    const tab = page.getByRole("tabpanel", { name: "Videos" });
    await expect(tab.getByRole("heading", { name: "Videos" })).toBeVisible();
    for (const column of ["Title", "Series", "Views", "Published", "Actions"]) {
      await expect(tab.getByRole("columnheader", { name: column })).toBeVisible();
    }
    await expect(tab.getByRole("rowheader", { name: "Grace That Finds Us First" })).toBeVisible();

    await tab.getByRole("button", { name: "Add Video" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Video" });
    await dialog.getByRole("button", { name: "Create Video" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByText("Description must be at least 10 characters")).toBeVisible();
    await expect(dialog.getByText("Must be a valid YouTube URL")).toBeVisible();

    await dialog.getByLabel("YouTube URL").fill("https://vimeo.com/123456");
    await dialog.getByLabel("Title").fill("x");
    await dialog.getByRole("button", { name: "Create Video" }).click();
    await expect(dialog.getByText("Must be a valid YouTube URL")).toBeVisible();

    const title = `Walking in the Light ${Date.now()}`;
    await dialog.getByLabel("YouTube URL").fill("https://youtu.be/dQw4w9WgXcQ?si=share-link");
    await expect(dialog.getByText("dQw4w9WgXcQ")).toBeVisible();
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("A teaching on walking in the light as He is in the light.");
    await dialog.getByLabel("Series (optional)").selectOption("Unveiled");
    await dialog.getByLabel("Duration (optional)").fill("12:34");
    await dialog
      .getByLabel("Reflection prompts (optional)")
      .fill("Where is light breaking in?\nWho walks with you?");
    await dialog.getByRole("button", { name: "Create Video" }).click();
    await expect(page.getByText("Video created", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = tab.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
    await expect(row).toBeVisible();
    await expect(row.getByRole("cell", { name: "Unveiled" })).toBeVisible();
    await expect(row.getByRole("cell", { name: "0", exact: true })).toBeVisible();

    // Edit works: the form opens with the video's values.
    await row.getByRole("button", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Video" });
    await expect(edit.getByLabel("YouTube URL")).toHaveValue("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await expect(edit.getByLabel("Duration (optional)")).toHaveValue("12:34");
    await expect(edit.getByLabel("Reflection prompts (optional)")).toHaveValue(
      "Where is light breaking in?\nWho walks with you?",
    );
    const renamed = `${title} (revised)`;
    await edit.getByLabel("Title").fill(renamed);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Video updated", { exact: true })).toBeVisible();
    await expect(tab.getByRole("rowheader", { name: renamed })).toBeVisible();

    await expectAccessible(page);
  });

  test("an administrator deletes a video after confirming", async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const title = `Light for the Path ${Date.now()}`;
    const created = await page.request.post("/api/admin/videos", {
      headers: { Origin: origin },
      data: {
        title,
        description: "Your word is a lamp to my feet and a light to my path.",
        youtubeUrl: "https://www.youtube.com/shorts/dQw4w9WgXcQ",
        series: "Unveiled",
        duration: 611,
        reflectionPrompts: ["What lamp has God put in your hand?"],
      },
    });
    expect(created.status()).toBe(201);

    // Members find it in the library with its prompt.
    await page.goto("/videos?series=Unveiled");
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByText("What lamp has God put in your hand?")).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "10:11" })).toBeVisible();

    await page.goto("/admin?tab=videos");
    const tab = page.getByRole("tabpanel", { name: "Videos" });
    const row = tab.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
    await row.getByRole("button", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this video?" });
    await expect(confirm).toContainText(title);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: `Delete ${title}` }).click();
    await confirm.getByRole("button", { name: "Delete Video" }).click();
    await expect(page.getByText("Video deleted", { exact: true })).toBeVisible();
    await expect(tab.getByRole("rowheader", { name: title })).toHaveCount(0);
    expect((await page.request.get(`/api/videos/${(await created.json()).id}`)).status()).toBe(404);
  });
});
