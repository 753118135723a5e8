/**
 * Every screen, as each kind of person sees it: a visitor, a new member, an administrator. The walks
 * over them (axe in English, the Hebrew pass) open each in turn once drawn: its heading shows and
 * nothing on it is still loading (no skeleton, spinner or busy region), so a check sees what a person
 * would. A new page or tab belongs here too.
 */
import type { Browser, Page } from "@playwright/test";
import { readHebrewCatalogue } from "../../scripts/lib/catalogue.mjs";
import { fakeStripeJs } from "./fake-stripe";
import * as fixtures from "./fixtures";
import { DEMO_ADMIN, expect, registerMember, signIn, test } from "./fixtures";
import { stubYouTube } from "./youtube";

export interface Screen {
  /** Address, with `?tab=` for a tab that has one. */
  path: string;
  /** The level-1 heading the screen shows once drawn (in English). */
  heading: string;
  /** The tab (role "tab") that is open, for a tabbed page (in English). */
  tab?: string;
}

/** What a screen shows while its answers are on their way: skeletons, spinners, busy regions. */
const LOADING = '.animate-pulse, .animate-spin, [aria-busy="true"], [role="status"]:has-text("Loading")';

const hebrew = readHebrewCatalogue();

/**
 * A heading or tab as the page's language writes it: the English, or its Hebrew when the catalogue
 * has it as a message of its own; undefined when it is made of a message and a name (any heading then).
 */
function shown(text: string, language: "en" | "he") {
  if (language === "en") return text;
  return hebrew[text];
}

/**
 * Opens each screen in turn and runs `check` once drawn. A failing screen does not stop the others:
 * the test fails at the end with every screen's problems.
 */
export async function walk(
  page: Page,
  screens: Screen[],
  check: (page: Page, screen: Screen) => Promise<void>,
  language: "en" | "he" = "en",
) {
  const problems: string[] = [];
  for (const screen of screens) {
    const name = screen.tab ? `${screen.path} (${screen.tab} tab)` : screen.path;
    await test.step(name, async () => {
      try {
        await page.goto(screen.path);
        const heading = shown(screen.heading, language);
        await expect(
          heading
            ? page.getByRole("heading", { level: 1, name: heading, exact: true })
            : page.getByRole("heading", { level: 1 }).first(),
        ).toBeVisible();
        if (screen.tab) {
          const tab = shown(screen.tab, language);
          await expect(
            tab
              ? page.getByRole("tab", { name: tab, exact: true })
              : page.getByRole("tab", { selected: true }),
          ).toHaveAttribute("aria-selected", "true");
          await expect(page.getByRole("tabpanel")).toBeVisible();
        }
        await expect(page.locator(LOADING)).toHaveCount(0);
        await check(page, screen);
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

/** A visitor's screens (the server answers /no-such-page with its 404 page, and the browser says so). */
export const visitorScreens: Screen[] = [
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
];

/** A new member's screens of home, teaching and prayer, and what is not hers (she is registered here). */
export async function teachingScreens(page: Page): Promise<Screen[]> {
  await stubYouTube(page);
  const member = await registerMember(page);
  const video = await firstItem(page, "/api/videos?limit=1");
  const eventRes = await page.request.get("/api/events?limit=1");
  const [event] = (await eventRes.json()) as Array<{ eventId: number; title: string }>;
  expect(event, "the demo content has an upcoming event").toBeDefined();
  return [
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
    // Everything she may see that matches, grouped by kind, and one kind's results.
    { path: "/search?q=grace", heading: "Search" },
    { path: "/search?q=grace&kind=lesson", heading: "Search" },
    // Administration, refused to a member, and an address that is no page, inside the member app.
    { path: "/admin", heading: "Access Denied" },
    { path: "/admin/articles", heading: "Access Denied" },
    { path: "/no-such-page", heading: "404 Page Not Found" },
  ];
}

/**
 * A new member's screens of groups, discipleship, messages, profile and giving: she has a group of her
 * own with a post, and a conversation another member started with her.
 */
export async function fellowshipScreens(page: Page, browser: Browser): Promise<Screen[]> {
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
  return [
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
  ];
}

/** The dashboard's figures, teaching and members, as the demo administrator sees them. */
export async function dashboardScreens(page: Page): Promise<Screen[]> {
  await signIn(page, DEMO_ADMIN);
  return tabs("/admin", "Admin Dashboard", [
    [undefined, "Overview"],
    ["videos", "Videos"],
    ["users", "Users"],
    ["groups", "Groups"],
    ["events", "Events"],
  ]);
}

/** The dashboard's revenue, courses, moderation and API tabs, and the articles' management. */
export async function managementScreens(page: Page): Promise<Screen[]> {
  await signIn(page, DEMO_ADMIN);
  return [
    ...tabs("/admin", "Admin Dashboard", [
      ["revenue", "Revenue"],
      ["courses", "Courses"],
      ["moderation", "Moderation"],
      ["api", "API"],
    ]),
    { path: "/admin/articles", heading: "Article Management" },
  ];
}
