import type { Page } from "@playwright/test";
import { expect, expectAccessible, registerMember, test } from "./support/fixtures";
import {
  dashboardScreens,
  fellowshipScreens,
  managementScreens,
  type Screen,
  teachingScreens,
  visitorScreens,
  walk,
} from "./support/screens";

/**
 * Every screen in Hebrew, as a visitor, a member and an administrator whose browser asks for Hebrew:
 * the page is `<html lang="he" dir="rtl">`, axe finds nothing serious right to left, and no English
 * word is left outside what members and administrators wrote (marked dir="auto"), names and brands.
 */
test.use({ locale: "he-IL" });
test.describe.configure({ timeout: 240_000 });

/** Words that stay as they are in Hebrew: the site's and founder's names, brands, the test's people. */
const KEPT =
  /^(Mishpacha|Miriam|Stripe|YouTube|Substack|Google|Apple|Outlook|PDF|API|OpenAPI|JSON|CSV|iCal|ICS|PWA|SMTP|PostgreSQL|webhook|Lydia|Tester|Salome|Friend|Ruth|Naomi|Abel|[A-Z]{1,3})$/;

/** The English words a screen shows outside member text, each with where it was found. */
async function englishOn(page: Page): Promise<string[]> {
  return page.evaluate((kept) => {
    const keptWords = new RegExp(kept);
    const skip =
      '[dir="auto"], [translate="no"], [lang="en"], script, style, noscript, code, pre, kbd, svg, [hidden]';
    // What members and administrators wrote (names, titles) may also stand inside a label.
    const written = new Set<string>();
    for (const el of document.querySelectorAll<HTMLElement>('[dir="auto"]')) {
      const text = `${el.textContent ?? ""} ${(el as HTMLInputElement).value ?? ""}`;
      for (const word of text.match(/[A-Za-z][A-Za-z'’]*/g) ?? []) written.add(word);
    }
    const found = new Set<string>();
    const words = (text: string, where: string) => {
      const cleaned = text
        .replace(/\S+@\S+/g, " ")
        .replace(/https?:\/\/\S+/g, " ")
        .replace(/(^|\s|“)\/\S+/g, " ")
        .replace(/\b[\w-]+(\.[\w-]+)+\/?\S*/g, " ");
      for (const word of cleaned.match(/[A-Za-z][A-Za-z'’]*/g) ?? []) {
        if (word.length > 1 && !keptWords.test(word) && !written.has(word)) found.add(`${word} (${where})`);
      }
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(skip)) continue;
      if (!parent.checkVisibility() && !parent.closest(".sr-only")) continue;
      words(node.textContent ?? "", `“${(node.textContent ?? "").trim().slice(0, 40)}”`);
    }
    for (const el of document.body.querySelectorAll("[aria-label], [title], [placeholder], img[alt]")) {
      if (el.closest(skip)) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = el.getAttribute(name);
        if (value) words(value, `${name}="${value.slice(0, 40)}"`);
      }
    }
    return [...found];
  }, KEPT.source);
}

async function inHebrew(page: Page, screen: Screen) {
  await expect(page.locator("html")).toHaveAttribute("lang", "he");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await englishOn(page), `English words on ${screen.path}`).toEqual([]);
  await expectAccessible(page);
}

test("a visitor's screens are in Hebrew, right to left", async ({ page, allowedConsoleErrors }) => {
  allowedConsoleErrors.push(/status of 404 .*\/no-such-page\)$/);
  await walk(page, visitorScreens, inHebrew, "he");
});

test("a member's screens of home, teaching and prayer are in Hebrew", async ({
  page,
  allowedConsoleErrors,
}) => {
  allowedConsoleErrors.push(/status of 404 .*\/no-such-page\)$/);
  await walk(page, await teachingScreens(page), inHebrew, "he");
});

test("a member's screens of groups, discipleship, messages, profile and giving are in Hebrew", async ({
  page,
  browser,
}) => {
  await walk(page, await fellowshipScreens(page, browser), inHebrew, "he");
});

test("an administrator's screens are in Hebrew", async ({ page }) => {
  await walk(page, [...(await dashboardScreens(page)), ...(await managementScreens(page))], inHebrew, "he");
});

test("a member who chose English reads English whatever her browser asks for", async ({ page }) => {
  const member = await registerMember(page);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const choose = (locale: string) =>
    page.request.put("/api/profile/language", { data: { locale }, headers: { Origin: origin } });
  expect((await choose("en")).status()).toBe(204);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: `Shalom, ${member.firstName}` })).toBeVisible();
  expect((await choose("he")).status()).toBe(204);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
});
