import type { Page } from "@playwright/test";
import { DEMO_MEMBER, expect, registerMember, signIn, test } from "./support/fixtures";

// The server renders pages and the browser hydrates them (decision 073): the ids components make
// with `useId` (a tab and its panel, a field and its label) must come out the same on both, or a
// label names nothing once the browser renders that part again.

/** The ids inside #root of the page as the server sent it. */
async function serverIds(page: Page, path: string): Promise<string[]> {
  const html = await (await page.request.get(path)).text();
  const root = html.slice(html.indexOf('<div id="root"'));
  return [...root.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!).filter((id) => id !== "root");
}

/**
 * References (aria-controls, aria-labelledby, aria-describedby, label for) that name no element;
 * a closed menu's button names the menu it opens, which is not drawn until then.
 */
const brokenReferences = (page: Page) =>
  page.evaluate(() => {
    const broken: string[] = [];
    for (const el of document.querySelectorAll(
      "[aria-controls]:not([aria-expanded='false']),[aria-labelledby],[aria-describedby],label[for]",
    )) {
      for (const attr of ["aria-controls", "aria-labelledby", "aria-describedby", "for"]) {
        for (const id of (el.getAttribute(attr) ?? "").split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) broken.push(`${attr}="${id}"`);
        }
      }
    }
    return broken;
  });

const missingIds = (page: Page, ids: string[]) =>
  page.evaluate((wanted) => wanted.filter((id) => !document.getElementById(id)), ids);

/** Every id the server drew is still there, once, and every reference names an element. */
async function expectEveryIdOnce(page: Page, ids: string[]) {
  expect(await missingIds(page, ids)).toEqual([]);
  expect(await brokenReferences(page)).toEqual([]);
  const repeated = await page.evaluate(() => {
    const seen = [...document.querySelectorAll("[id]")].map((el) => el.id);
    return seen.filter((id, i) => seen.indexOf(id) !== i);
  });
  expect(repeated).toEqual([]);
}

/** The page as the server draws it, then live: the ids the server drew. */
async function openLive(page: Page, path: string): Promise<string[]> {
  const ids = await serverIds(page, path);
  expect(ids.length).toBeGreaterThan(0);
  await page.goto(path);
  await page.locator("html[data-live]").waitFor({ state: "attached" });
  return ids;
}

test.describe("ids agree between the server and the browser", () => {
  test("the sign-in form's labels still name their fields once the browser has rendered them again", async ({
    page,
  }) => {
    const ids = await serverIds(page, "/sign-in");
    expect(ids.length).toBeGreaterThan(0);
    await page.goto("/sign-in");
    await page.locator("html[data-live]").waitFor({ state: "attached" });
    // Typing renders the form again in the browser.
    await page.getByLabel("E-mail").fill("ruth@example.com");
    await page.getByLabel("Password").fill("x");
    expect(await missingIds(page, ids)).toEqual([]);
    expect(await brokenReferences(page)).toEqual([]);
  });

  test("the community page's tabs still name their panels once the browser has rendered them again", async ({
    page,
  }) => {
    await signIn(page, DEMO_MEMBER);
    const ids = await serverIds(page, "/community");
    expect(ids.length).toBeGreaterThan(0);
    await page.goto("/community");
    await page.locator("html[data-live]").waitFor({ state: "attached" });
    const tab = page.getByRole("tab", { name: "Prayer Wall" });
    await expect(tab).toHaveAttribute("aria-selected", "true");
    await page.getByLabel("Share a prayer request").fill("Please pray for our family this week.");
    expect(await missingIds(page, ids)).toEqual([]);
    expect(await brokenReferences(page)).toEqual([]);
    const panel = await tab.getAttribute("aria-controls");
    await expect(page.locator(`[id="${panel}"]`)).toHaveAttribute("role", "tabpanel");
  });

  test("a group's conversation, each post hydrated in its turn, keeps every id once, and each reference names one", async ({
    page,
  }) => {
    await signIn(page, DEMO_MEMBER);
    const mine = (await (await page.request.get("/api/my-groups")).json()) as {
      group: { id: number; name: string };
    }[];
    const group = mine.find((m) => m.group.name === "Little Arrows: Young Mothers")?.group;
    expect(group).toBeDefined();
    const ids = await openLive(page, `/cultivation-groups/${group!.id}`);
    await expect(page.getByRole("list", { name: "Posts" }).getByRole("listitem").first()).toBeVisible();
    // Writing renders the conversation's box again, after the posts' turns.
    await page.getByLabel("Share with your group").fill("A word for the group.");
    await expectEveryIdOnce(page, ids);
  });

  test("the home page, hydrated in turns, keeps every id once, and each reference names one", async ({
    page,
  }) => {
    await signIn(page, DEMO_MEMBER);
    const ids = await openLive(page, "/");
    // Opening the notifications renders the header's parts again, after the page's turns.
    await page.getByRole("button", { name: /Notifications/ }).click();
    await expectEveryIdOnce(page, ids);
  });

  test("the video library, a video and the events list, their cards hydrated in turns, keep every id once", async ({
    page,
  }) => {
    // A member of her own, who has started a video: the library shows what she is watching.
    await registerMember(page);
    const [video] = (await (await page.request.get("/api/videos?limit=1")).json()) as { id: number }[];
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const progress = await page.request.put(`/api/videos/${video!.id}/progress`, {
      data: { seconds: 60 },
      headers: { Origin: origin },
    });
    expect(progress.status()).toBe(200);
    let ids = await openLive(page, "/videos");
    expect(ids).toContain("continue-watching");
    await expect(page.getByRole("region", { name: "Videos" }).getByRole("listitem").first()).toBeVisible();
    // Typing renders the search bar again, after the cards' turns; cleared, the library is whole
    // again (a search hides what she is watching).
    const search = page.getByLabel("Search videos");
    await search.fill("grace");
    await search.fill("");
    await expect(page.locator("#continue-watching")).toBeAttached();
    await expectEveryIdOnce(page, ids);

    ids = await openLive(page, `/video/${video!.id}`);
    await expect(page.getByRole("complementary", { name: "More to explore" })).toBeVisible();
    // Writing renders the reflections' form again, after its turn and the related videos'.
    await page.getByLabel("Your reflection").fill("A word on this teaching.");
    await expectEveryIdOnce(page, ids);

    ids = await openLive(page, "/community?tab=events");
    const tab = page.getByRole("tab", { name: "Events" });
    await expect(tab).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: /Notifications/ }).click();
    await expectEveryIdOnce(page, ids);
    await expect(page.locator(`[id="${await tab.getAttribute("aria-controls")}"]`)).toHaveAttribute(
      "role",
      "tabpanel",
    );
  });
  test("a form loaded in its place, on a page opened on its tab, keeps every id once and names its fields", async ({
    page,
  }) => {
    await registerMember(page);
    for (const [path, field] of [
      ["/cultivation-groups?tab=create", "Group Name"],
      ["/discipleship?tab=find", "Focus areas"],
    ] as const) {
      const ids = await openLive(page, path);
      // Writing renders the form again, once its part has hydrated.
      await page.getByLabel(field).fill("Grace");
      await expectEveryIdOnce(page, ids);
    }
  });
});
