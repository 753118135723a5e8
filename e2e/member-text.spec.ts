import type { Page } from "@playwright/test";
import { expect, registerMember, test } from "./support/fixtures";

// What members write is shown on a phone without ever making the page wider than the screen.
test.use({ viewport: { width: 390, height: 844 } });

const LONG_WORD = "Hallelujah".repeat(14);
const LONG_LINK = `https://example.org/${"our-family-prayer-journey-".repeat(5)}home?ref=${"abcdef0123456789".repeat(3)}`;

const unique = (label: string) => `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function share(page: Page, content: string) {
  await page.getByLabel("Share a prayer request").fill(content);
  await page.getByRole("button", { name: "Share Request" }).click();
  await expect(page.getByLabel("Share a prayer request")).toHaveValue("");
}

test("a long word and a pasted link in a prayer request wrap on the wall and the home page, and the link is a real link", async ({
  page,
}) => {
  await registerMember(page);
  const marker = unique("Wrap");
  const content = `${marker} ${LONG_WORD} please read ${LONG_LINK}. Not a link: javascript:alert(1)`;
  await page.goto("/community");
  // Twice, so the home page's two newest requests hold one of hers even if a sister posts meanwhile.
  await share(page, content);
  await share(page, content);

  const cards = page
    .getByRole("list", { name: "Prayer requests" })
    .locator(":scope > li")
    .filter({ hasText: marker });
  // Both are on the wall before the newest is answered: the locator below names the same card throughout.
  await expect(cards).toHaveCount(2);
  const card = cards.first();
  await expect(card.getByText(LONG_WORD)).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  const link = card.getByRole("link", { name: LONG_LINK, exact: true });
  await expect(link).toHaveAttribute("href", LONG_LINK);
  await expect(link).toHaveAttribute("rel", "noopener nofollow ugc");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(card.getByRole("link")).toHaveCount(1);

  // A response with a long link wraps too.
  await card.getByRole("button", { name: "Respond" }).click();
  await card.getByLabel("Your response").fill(`Praying. This helped me: ${LONG_LINK}`);
  await card.getByRole("button", { name: "Send Response" }).click();
  await expect(card.getByRole("listitem").getByRole("link", { name: LONG_LINK, exact: true })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  await page.goto("/");
  const preview = page.getByText(marker).first();
  await expect(preview).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});

test("a long link in About Me wraps on the profile and is a real link", async ({ page }) => {
  await registerMember(page);
  await page.goto("/profile");
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByLabel("About Me").fill(`My home church: ${LONG_LINK} and ${LONG_WORD}`);
  await page.getByRole("button", { name: /^Save/ }).click();

  const link = page.getByRole("link", { name: LONG_LINK, exact: true });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("rel", "noopener nofollow ugc");
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await page.reload();
  await expect(link).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});

test("a long unbroken group name wraps in the group's card and in her groups", async ({ page, baseURL }) => {
  await registerMember(page);
  const name = `${unique("Circle")}${"Hallelujah".repeat(8)}`.slice(0, 100);
  const created = await page.request.post("/api/cultivation-groups", {
    headers: { origin: baseURL! },
    data: { name, description: "We pray through the Psalms together.", category: "study" },
  });
  expect(created.status()).toBe(201);
  for (const path of ["/cultivation-groups?tab=my-groups", "/cultivation-groups"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name }).first()).toBeVisible();
    expect(await pageWidth(page), path).toBeLessThanOrEqual(390);
  }
});
