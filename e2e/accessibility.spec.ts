import type { Page } from "@playwright/test";
import { fakeStripeJs } from "./support/fake-stripe";
import * as fixtures from "./support/fixtures";
import { DEMO_ADMIN, expect, expectAccessible, registerMember, signIn, test } from "./support/fixtures";
import { stubYouTube } from "./support/youtube";

/**
 * axe on every screen, as each kind of person sees it: a visitor, a new member, an administrator.
 * Screens are grouped by who sees them, one browser page per group, so the file costs a few sign-ins
 * rather than one per screen. Each screen is scanned once its heading shows and nothing on it is still
 * loading (no skeleton, spinner or busy region), so axe sees what a person would.
 *
 * A new page or tab belongs here too.
 */

interface Screen {
  /** Address, with `?tab=` for a tab that has one. */
  path: string;
  /** The level-1 heading the screen shows once drawn. */
  heading: string;
  /** The tab (role "tab") that is open, for a tabbed page. */
  tab?: string;
}

/** What a screen shows while its answers are on their way: skeletons, spinners, busy regions. */
const LOADING = '.animate-pulse, .animate-spin, [aria-busy="true"], [role="status"]:has-text("Loading")';

/**
 * Opens each screen in turn and scans it once drawn. A failing screen does not stop the others: the
 * test fails at the end with every screen's problems.
 */
async function scanAll(page: Page, screens: Screen[]) {
  const problems: string[] = [];
  for (const screen of screens) {
    const name = screen.tab ? `${screen.path} (${screen.tab} tab)` : screen.path;
    await test.step(name, async () => {
      try {
        await page.goto(screen.path);
        await expect(
          page.getByRole("heading", { level: 1, name: screen.heading, exact: true }),
        ).toBeVisible();
        if (screen.tab) {
          await expect(page.getByRole("tab", { name: screen.tab, exact: true })).toHaveAttribute(
            "aria-selected",
            "true",
          );
          await expect(page.getByRole("tabpanel")).toBeVisible();
        }
        await expect(page.locator(LOADING)).toHaveCount(0);
        await expectAccessible(page);
      } catch (err) {
        problems.push(`${name}: ${(err as Error).message}`);
      }
    });
  }
  expect(problems, "screens with problems").toEqual([]);
}

/** Every tab of a page whose tabs are addressable: `[value of ?tab= (none for the first), label]`. */
const tabs = (path: string, heading: string, list: Array<[string | undefined, string]>): Screen[] =>
  list.map(([value, tab]) => ({ path: value ? `${path}?tab=${value}` : path, heading, tab }));

/** An item of a list that the demo content fills, for the pages that show one item. */
async function firstItem(page: Page, url: string): Promise<{ id: number; title?: string; name?: string }> {
  const res = await page.request.get(url);
  expect(res.ok(), await res.text()).toBe(true);
  const [first] = (await res.json()) as Array<{ id: number; title?: string; name?: string }>;
  expect(first, `${url} lists something`).toBeDefined();
  return first!;
}

test.describe("accessibility: no serious or critical axe violation on any screen", () => {
  // A dozen screens a test, each loaded, settled and scanned: about two minutes on a slow machine.
  test.describe.configure({ timeout: 240_000 });

  test("a visitor's screens", async ({ page, allowedConsoleErrors }) => {
    // The server answers a page that is not there with its 404 page, and the browser says so.
    allowedConsoleErrors.push(/status of 404 .*\/no-such-page\)$/);
    await scanAll(page, [
      { path: "/", heading: "Cultivate Your Spiritual Garden" },
      { path: "/sign-in", heading: "Welcome back" },
      { path: "/forgot-password", heading: "Forgot your password?" },
      // Links from mails, opened without their token.
      { path: "/reset-password", heading: "This link can't be used" },
      { path: "/verify-email", heading: "This link can't be used" },
      { path: "/confirm-email", heading: "This link can't be used" },
      { path: "/unsubscribe", heading: "This link can't be used" },
      // Administration asks a visitor to sign in.
      { path: "/admin", heading: "Administrator sign-in" },
      { path: "/no-such-page", heading: "404 Page Not Found" },
    ]);

    await test.step("/sign-in (Create account tab)", async () => {
      await page.goto("/sign-in");
      await page.getByRole("tab", { name: "Create account" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Join the family" })).toBeVisible();
      await expectAccessible(page);
    });
  });

  test("a member's screens: home, teaching, prayer, and what is not hers", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/status of 404 .*\/no-such-page\)$/);
    await stubYouTube(page);
    const member = await registerMember(page);
    const video = await firstItem(page, "/api/videos?limit=1");
    const eventRes = await page.request.get("/api/events?limit=1");
    const [event] = (await eventRes.json()) as Array<{ eventId: number; title: string }>;
    expect(event, "the demo content has an upcoming event").toBeDefined();
    await scanAll(page, [
      { path: "/", heading: `Shalom, ${member.firstName}` },
      { path: "/videos", heading: "Video Library" },
      { path: `/video/${video.id}`, heading: video.title! },
      { path: "/video-notes", heading: "Video Notes & Highlights" },
      { path: "/articles", heading: "Miriam's Articles" },
      { path: "/courses", heading: "Spiritual Courses" },
      ...tabs("/community", "Community", [
        [undefined, "Prayer Wall"],
        ["groups", "Groups"],
        ["events", "Events"],
      ]),
      { path: `/events/${event!.eventId}`, heading: event!.title },
      { path: "/local-communities", heading: "Local Communities" },
      // Administration, refused to a member, and an address that is no page, inside the member app.
      { path: "/admin", heading: "Access Denied" },
      { path: "/admin/articles", heading: "Access Denied" },
      { path: "/no-such-page", heading: "404 Page Not Found" },
    ]);
  });

  test("a member's screens: groups, discipleship, messages, profile, giving", async ({ page, browser }) => {
    await fakeStripeJs(page);
    const member = await registerMember(page);
    const group = await firstItem(page, "/api/cultivation-groups?limit=1");
    // A group of her own opens on its conversation; a post of it has its own page.
    const headers = { Origin: new URL(test.info().project.use.baseURL!).origin };
    const created = await page.request.post("/api/cultivation-groups", {
      data: {
        name: "Evening Psalms",
        description: "We read a psalm together every evening.",
        category: "study",
      },
      headers,
    });
    expect(created.ok(), await created.text()).toBe(true);
    const own = (await created.json()) as { id: number };
    const posted = await page.request.post(`/api/cultivation-groups/${own.id}/posts`, {
      data: { kind: "question", body: "Which psalm shall we begin with?" },
      headers,
    });
    expect(posted.ok(), await posted.text()).toBe(true);
    const post = (await posted.json()) as { id: number };
    // A fellow member of an open group writes to her: their conversation has its own page.
    const friend = await fixtures.anotherMember(browser, { firstName: "Salome", lastName: "Friend" });
    const circle = await friend.page.request.post("/api/cultivation-groups", {
      data: {
        name: "Morning Psalms",
        description: "We read a psalm together every morning.",
        category: "study",
        isPrivate: false,
        requiresApproval: false,
      },
      headers,
    });
    expect(circle.ok(), await circle.text()).toBe(true);
    const circleId = ((await circle.json()) as { id: number }).id;
    const joined = await page.request.post(`/api/cultivation-groups/${circleId}/join`, { data: {}, headers });
    expect(joined.ok(), await joined.text()).toBe(true);
    const me = (await (await page.request.get("/api/auth/user")).json()) as { id: number };
    const wrote = await friend.page.request.post("/api/conversations", {
      data: { memberId: me.id, body: "Shalom! Shall we pray together this week?" },
      headers,
    });
    expect(wrote.status(), await wrote.text()).toBe(201);
    const conversation = (await wrote.json()) as { id: number };
    await friend.context.close();
    await scanAll(page, [
      ...tabs("/cultivation-groups", "Cultivation Groups", [
        [undefined, "Discover Groups"],
        ["my-groups", "My Groups"],
        ["create", "Create Group"],
      ]),
      { path: `/cultivation-groups/${group.id}`, heading: group.name! },
      { path: `/cultivation-groups/${own.id}`, heading: "Evening Psalms", tab: "Conversation" },
      { path: `/group-posts/${post.id}`, heading: `Question from ${member.firstName} ${member.lastName}` },
      ...tabs("/discipleship", "Discipleship Hub", [
        [undefined, "My Connections"],
        ["find", "Find Mentorship"],
        ["resources", "Resources"],
      ]),
      { path: "/messages", heading: "Messages" },
      { path: `/messages/${conversation.id}`, heading: "Salome Friend" },
      ...tabs("/notifications", "Notifications", [
        [undefined, "All notifications"],
        ["preferences", "Preferences"],
      ]),
      ...tabs("/profile", `${member.firstName} ${member.lastName}`, [
        [undefined, "Overview"],
        ["reflections", "Reflections"],
        ["settings", "Settings"],
        ["membership", "Membership"],
      ]),
      { path: "/subscribe", heading: "Become a Mishpacha Patron" },
      { path: "/donate", heading: "Give to the Ministry" },
    ]);
  });

  // The dashboard in two halves, so each has its time: the API reference alone is a long page to scan.
  test("an administrator's screens: the dashboard's figures, teaching and members", async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    await scanAll(page, [
      ...tabs("/admin", "Admin Dashboard", [
        [undefined, "Overview"],
        ["videos", "Videos"],
        ["users", "Users"],
        ["groups", "Groups"],
        ["events", "Events"],
      ]),
    ]);
  });

  test("an administrator's screens: revenue, courses, moderation, the API, and the articles", async ({
    page,
  }) => {
    await signIn(page, DEMO_ADMIN);
    await scanAll(page, [
      ...tabs("/admin", "Admin Dashboard", [
        ["revenue", "Revenue"],
        ["courses", "Courses"],
        ["moderation", "Moderation"],
        ["api", "API"],
      ]),
      { path: "/admin/articles", heading: "Article Management" },
    ]);
  });
});
