import type { Page } from "@playwright/test";
import {
  anotherMember,
  cameBackTwice,
  DEMO_ADMIN,
  DEMO_MEMBER,
  expect,
  signIn,
  test,
} from "./support/fixtures";

// A 390 px phone: what a member holds in her hand.
test.use({ viewport: { width: 390, height: 844 } });

/** How far the page scrolls sideways: 0 when everything fits the screen. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Every tab of every tab row on the page can be reached and opened: the row fits the screen, or it
 * scrolls sideways (with a fade on the side where more tabs wait) and each tab scrolls into sight.
 */
async function expectEveryTabReachable(page: Page) {
  const lists = page.getByRole("tablist");
  await expect(lists.first()).toBeVisible();
  for (const list of await lists.all()) {
    const scrolls = await list.evaluate((el) => {
      const style = getComputedStyle(el);
      return el.scrollWidth > el.clientWidth + 1 && ["auto", "scroll"].includes(style.overflowX);
    });
    const overflows = await list.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    // A row wider than its box must be a scroll container; otherwise tabs would be cut off.
    expect(overflows && !scrolls, "a tab row that is cut off without scrolling").toBe(false);
    if (scrolls) {
      await list.evaluate((el) => el.scrollTo({ left: 0 }));
      await expect(list.locator("xpath=..").locator('[data-scroll-hint="end"]')).toHaveCSS("opacity", "1");
    }
    for (const tab of await list.getByRole("tab").all()) {
      await tab.scrollIntoViewIfNeeded();
      const box = (await tab.boundingBox())!;
      expect(box.x, "a tab starts on screen").toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, "a tab ends on screen").toBeLessThanOrEqual(390);
      await tab.click();
      await expect(tab).toHaveAttribute("aria-selected", "true");
      // The open tab is in sight after it opens.
      const open = (await tab.boundingBox())!;
      expect(open.x).toBeGreaterThanOrEqual(0);
      expect(open.x + open.width).toBeLessThanOrEqual(390);
      expect(await sidewaysOverflow(page)).toBe(0);
    }
  }
}

test.describe("tab rows on a phone", () => {
  test("every tab of the dashboard, discipleship, profile, community and groups pages can be reached", async ({
    page,
  }) => {
    test.slow();
    await signIn(page, DEMO_ADMIN);
    for (const path of ["/admin", "/discipleship", "/profile", "/community", "/cultivation-groups"]) {
      await page.goto(path);
      await expectEveryTabReachable(page);
    }
  });

  test("a link to a later tab opens with that tab scrolled into sight", async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    await page.goto("/admin?tab=revenue");
    const revenue = page.getByRole("tab", { name: "Revenue" });
    await expect(revenue).toHaveAttribute("aria-selected", "true");
    await expect(async () => {
      const box = (await revenue.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }).toPass();
    await expect(page.locator('[data-scroll-hint="start"]')).toHaveCSS("opacity", "1");
  });
});

test.describe("the admin dashboard on a phone", () => {
  test("no section runs off the screen, and members' e-mails read on a line", async ({ page, browser }) => {
    test.slow();
    // The newest member, so first in the list, with an address of an ordinary length.
    const joiner = await anotherMember(browser, {
      email: `j${Date.now().toString(36).slice(-6)}${process.pid % 100}@example.com`,
    });
    await joiner.context.close();
    await signIn(page, DEMO_ADMIN);
    for (const tab of ["overview", "videos", "users", "groups", "revenue", "courses", "api"]) {
      await page.goto(`/admin?tab=${tab}`);
      await expect(page.getByRole("tabpanel")).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await sidewaysOverflow(page), `the ${tab} tab scrolls sideways`).toBe(0);
    }

    await page.goto("/admin?tab=users");
    const members = page.getByRole("table", { name: "Members" });
    const newest = members.getByRole("row").filter({ hasText: joiner.member.email });
    await expect(newest).toContainText(joiner.member.firstName);
    const email = newest.getByRole("cell", { name: joiner.member.email, exact: true });
    const lines = await email.evaluate((el) => {
      const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
      return Math.round(el.getBoundingClientRect().height / lineHeight);
    });
    expect(lines, "the e-mail's lines").toBe(1);
    // Every address on the page takes at most two lines: it wraps only where it must.
    for (const cell of await members.getByRole("cell").filter({ hasText: "@" }).all()) {
      const { height, lineHeight } = await cell.evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight),
      }));
      expect(height).toBeLessThanOrEqual(lineHeight * 2 + 1);
    }
    const box = (await newest.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});

/** A control a finger presses, smaller than 44 × 44 px where it takes presses (its own box, widened by any pseudo-element hit area). */
interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible control on the page that is smaller than 44 × 44 px to a finger. Links that are
 * words within a paragraph are left out: WCAG 2.5.8 exempts a target in a sentence, whose size the
 * line of text decides. So are controls hidden until focused (the skip link) and the page's own
 * disabled controls, which take no presses.
 */
function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="link"]';
    const found: SmallTarget[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if ((el as HTMLButtonElement).disabled) continue;
      const style = getComputedStyle(el);
      if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)") continue; // shown on focus
      if (el.tagName === "A" && style.display === "inline" && el.closest("p")) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue; // drawn nowhere
      let { left, top, right, bottom } = rect;
      for (const which of ["::before", "::after"] as const) {
        const pseudo = getComputedStyle(el, which);
        if (pseudo.content === "none" || pseudo.position !== "absolute") continue;
        const block = style.position !== "static" ? el : (el.offsetParent as HTMLElement | null);
        if (!block) continue;
        const b = block.getBoundingClientRect();
        const px = (v: string) => Number.parseFloat(v) || 0;
        left = Math.min(left, b.left + px(pseudo.left));
        top = Math.min(top, b.top + px(pseudo.top));
        right = Math.max(right, b.right - px(pseudo.right));
        bottom = Math.max(bottom, b.bottom - px(pseudo.bottom));
      }
      const width = right - left;
      const height = bottom - top;
      if (width < 43.5 || height < 43.5) {
        const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? "";
        found.push({
          what: `${el.tagName.toLowerCase()} "${name}"`,
          width: Math.round(width),
          height: Math.round(height),
        });
      }
    }
    return found;
  });
}

test.describe("touch targets on a phone", () => {
  test.use({ hasTouch: true, isMobile: true });

  test("every control on the main screens is at least 44 × 44 px to a finger", async ({ page }) => {
    test.slow();
    await signIn(page, DEMO_MEMBER);
    await page.goto("/videos");
    const firstVideo = await page.locator('a[href^="/video/"]').first().getAttribute("href");
    const screens = [
      "/",
      "/videos",
      firstVideo!,
      "/community",
      "/community?tab=groups",
      "/video-notes",
      "/cultivation-groups",
      "/cultivation-groups?tab=my-groups",
      "/local-communities",
      "/discipleship",
      "/profile",
      "/profile?tab=settings",
    ];
    const small: Record<string, SmallTarget[]> = {};
    for (const path of screens) {
      await page.goto(path, { waitUntil: "networkidle" });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const found = await smallTargets(page);
      if (found.length > 0) small[path] = found;
    }
    expect(small, "controls smaller than 44 × 44 px, by screen").toEqual({});
  });
});

test.describe("the install card on a touch phone", () => {
  test.use({ hasTouch: true, isMobile: true, allowInstallPrompt: true });

  test("its buttons and its close are at least 44 × 44 px to a finger", async ({ page }) => {
    await cameBackTwice(page);
    await signIn(page, DEMO_MEMBER);
    await page.goto("/");
    const card = page.getByRole("region", { name: "Install App" });
    await expect(card).toBeVisible({ timeout: 15_000 });
    expect(await smallTargets(page)).toEqual([]);
  });
});
