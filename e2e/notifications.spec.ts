import type { Page } from "@playwright/test";
import {
  anotherMember,
  confirmAddress,
  expect,
  expectAccessible,
  mailTo,
  registerMember,
  signIn,
  test,
} from "./support/fixtures";

const originOf = () => new URL(test.info().project.use.baseURL!).origin;

/** A call of the API as the member signed in on `page`. */
async function post(page: Page, url: string, data: unknown) {
  const res = await page.request.post(url, { data, headers: { Origin: originOf() } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: number };
}

/** A request of hers that a friend prayed for and answered: two notifications waiting for her. */
async function prayedFor(page: Page, browser: Parameters<typeof anotherMember>[0]) {
  const request = await post(page, "/api/prayer-requests", { content: "Peace for our family this week." });
  const friend = await anotherMember(browser, { firstName: "Shira", lastName: "Friend" });
  await post(friend.page, `/api/prayer-requests/${request.id}/pray`, {});
  await post(friend.page, `/api/prayer-requests/${request.id}/respond`, {
    content: "Holding you in prayer, sister.",
    isPraying: false,
  });
  await friend.context.close();
}

test.describe("notifications", () => {
  test("the bell counts what she has not read, opens the latest and takes her to its place", async ({
    page,
    browser,
  }) => {
    await registerMember(page, { firstName: "Tamar" });
    await page.goto("/");
    const quiet = page.getByRole("button", { name: "Notifications", exact: true });
    await expect(quiet).toBeVisible();

    await prayedFor(page, browser);
    await page.reload();
    const bell = page.getByRole("button", { name: "Notifications, 2 unread" });
    await expect(bell).toBeVisible();

    await bell.click();
    const panel = page.getByRole("region", { name: "Notifications", exact: true });
    await expect(panel.getByRole("link", { name: /Shira prayed for your request/ })).toBeVisible();
    await expectAccessible(page);
    await panel.getByRole("link", { name: /Shira responded to your prayer request/ }).click();
    // The wall, opened at her request.
    await expect(page).toHaveURL(/\/community#prayer-\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
    await expect(page.locator(":focus")).toHaveAttribute("id", /^prayer-\d+$/);
    await expect(page.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();

    await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
    await page
      .getByRole("region", { name: "Notifications", exact: true })
      .getByRole("button", { name: "Mark all as read" })
      .click();
    await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("region", { name: "Notifications", exact: true })).toHaveCount(0);
  });

  test("the bell's count changes while the page is open", async ({ page, browser }) => {
    await page.clock.install();
    await registerMember(page);
    await page.goto("/videos");
    await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
    await prayedFor(page, browser);
    await page.clock.fastForward(31_000);
    await expect(page.getByRole("button", { name: "Notifications, 2 unread" })).toBeVisible();
  });

  test("her notifications page lists them all and keeps her preferences", async ({ page, browser }) => {
    test.slow();
    await registerMember(page);
    await page.goto("/notifications");
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await expect(page.getByText("No notifications yet")).toBeVisible();

    await prayedFor(page, browser);
    await page.reload();
    const list = page.getByRole("region", { name: "Your notifications" });
    await expect(list.getByRole("link")).toHaveCount(2);
    await expect(list.getByRole("link").first()).toContainText("Shira responded to your prayer request");
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark all as read" })).toBeDisabled();

    await page.getByRole("tab", { name: "Preferences" }).click();
    await expect(page).toHaveURL(/tab=preferences/);
    const prayed = page.getByLabel("Someone prayed for my request", { exact: true });
    await expect(prayed).toHaveValue("instant");
    await expect(page.getByLabel("A new teaching video is published")).toHaveValue("digest");
    await prayed.selectOption({ label: "In my digest" });
    await page.getByLabel("How often").selectOption({ label: "Daily" });
    await expect(page.getByLabel("Day", { exact: true })).toHaveCount(0);
    await page.getByLabel("Time", { exact: true }).selectOption({ label: "7:00 PM" });
    await page.getByRole("switch", { name: "Rest on Shabbat" }).click();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(page.getByText("Preferences saved", { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Someone prayed for my request", { exact: true })).toHaveValue("digest");
    await expect(page.getByLabel("How often")).toHaveValue("daily");
    await expect(page.getByLabel("Time", { exact: true })).toHaveValue("19");
    await expect(page.getByRole("switch", { name: "Rest on Shabbat" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
  });

  test("a notification mail's unsubscribe link offers less often, and keeps her choice", async ({
    page,
    browser,
  }) => {
    const member = await registerMember(page, { firstName: "Naamah" });
    await confirmAddress(page, member.email);

    await prayedFor(page, browser);
    const mail = await mailTo(member.email, "prayed for your request");
    const link = mail.text.match(/https?:\/\/\S+\/api\/notifications\/unsubscribe\?token=[\w.-]+/)?.[0];
    expect(link, mail.text).toBeDefined();
    await page.context().clearCookies();

    const url = new URL(link!);
    await page.goto(url.pathname + url.search);
    await expect(page).toHaveURL(/\/unsubscribe\?token=/);
    await expect(page.getByRole("heading", { level: 1, name: "Fewer e-mails?" })).toBeVisible();
    await expect(page.getByRole("button", { name: "All notification mail off" })).toBeEnabled();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Less often: in my digest" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Done" })).toBeVisible();
    await expect(page.getByText("These notifications will come in your digest from now on.")).toBeVisible();

    await signIn(page, member);
    await page.goto("/notifications?tab=preferences");
    await expect(page.getByLabel("Someone prayed for my request", { exact: true })).toHaveValue("digest");
    await expect(page.getByLabel("A request I prayed for was answered")).toHaveValue("instant");
  });
});
