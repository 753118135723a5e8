import type { Page } from "@playwright/test";
import { anotherMember, expect, expectAccessible, registerMember, test } from "./support/fixtures";

/** The wall card that holds `text` (the outer list item, not a response inside it). */
const card = (page: Page, text: string) =>
  page.getByRole("list", { name: "Prayer requests" }).locator(":scope > li").filter({ hasText: text });

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe("prayer wall", () => {
  test("a member shares a request, a friend prays and responds, and the author marks it answered", async ({
    page,
    browser,
  }) => {
    test.slow();
    await registerMember(page, { firstName: "Tamar", lastName: "Author" });
    const content = unique("Please pray for wisdom as we choose a school for our son.");

    await page.goto("/community");
    await expect(page.getByRole("heading", { level: 1, name: "Community" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Prayer Wall" })).toHaveAttribute("aria-selected", "true");
    const share = page.getByRole("button", { name: "Share Request" });
    await expect(share).toBeDisabled();
    await page.getByLabel("Share a prayer request").fill("   ");
    await expect(share).toBeDisabled();
    await expect(page.getByRole("switch", { name: "Keep this private" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    await expect(page.getByRole("switch", { name: "Share anonymously" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    await page.getByLabel("Share a prayer request").fill(content);
    await share.click();
    await expect(page.getByText("Prayer Request Shared", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Share a prayer request")).toHaveValue("");
    const mine = card(page, content);
    await expect(mine.getByRole("heading", { name: "Tamar A. (you)" })).toBeVisible();
    await expect(mine.getByText("Just now")).toBeVisible();
    await expect(mine.getByText("Be the first to pray")).toBeVisible();

    const friend = await anotherMember(browser, { firstName: "Shira", lastName: "Friend" });
    await friend.page.goto("/community");
    const theirs = card(friend.page, content);
    await expect(theirs.getByRole("heading", { name: "Tamar A." })).toBeVisible();
    await expect(theirs.getByRole("button", { name: "Mark answered" })).toHaveCount(0);
    const pray = theirs.getByRole("button", { name: "Pray", exact: true });
    await expect(pray).toBeEnabled();
    await pray.click();
    await expect(friend.page.getByText("Prayer recorded", { exact: true })).toBeVisible();
    await expect(
      friend.page.getByText("Thank you for praying for this request.", { exact: true }),
    ).toBeVisible();
    // Done: a filled "I prayed" that cannot be pressed again.
    await expect(theirs.getByRole("button", { name: "I prayed" })).toBeDisabled();
    await expect(theirs.getByRole("button", { name: "Pray", exact: true })).toHaveCount(0);
    await expect(theirs.getByText("1 prayer", { exact: true })).toBeVisible();

    // Her own state survives a reload, not only this browser session.
    await friend.page.reload();
    await expect(card(friend.page, content).getByRole("button", { name: "I prayed" })).toBeDisabled();

    // One respond form at a time.
    const respond = card(friend.page, content).getByRole("button", { name: "Respond" });
    await friend.page
      .getByRole("list", { name: "Prayer requests" })
      .locator(":scope > li")
      .filter({ hasNotText: content })
      .first()
      .getByRole("button", { name: "Respond" })
      .click();
    await expect(friend.page.getByLabel("Your response")).toHaveCount(1);
    await respond.click();
    await expect(friend.page.getByLabel("Your response")).toHaveCount(1);
    await expect(card(friend.page, content).getByLabel("Your response")).toBeVisible();

    const send = card(friend.page, content).getByRole("button", { name: "Send Response" });
    await expect(send).toBeDisabled();
    await card(friend.page, content).getByRole("switch", { name: "I'm praying for this" }).click();
    await card(friend.page, content)
      .getByLabel("Your response")
      .fill("We chose ours after much prayer. You will know.");
    await send.click();
    await expect(friend.page.getByText("Response Added", { exact: true })).toBeVisible();
    await expect(
      card(friend.page, content).getByText("We chose ours after much prayer. You will know."),
    ).toBeVisible();

    await card(friend.page, content).getByRole("button", { name: "Respond" }).click();
    await card(friend.page, content).getByLabel("Your response").fill("Praying James 1:5 for you both.");
    await card(friend.page, content).getByRole("button", { name: "Send Response" }).click();
    await expect(friend.page.getByText("Prayer Offered", { exact: true })).toBeVisible();
    await expect(card(friend.page, content).getByText("Praying", { exact: true })).toBeVisible();
    expect(friend.errors).toEqual([]);
    await friend.context.close();

    await page.reload();
    const answered = card(page, content);
    await expect(answered.getByText("Praying James 1:5 for you both.")).toBeVisible();
    await expect(answered.getByText("1 prayer", { exact: true })).toBeVisible();
    await answered.getByRole("button", { name: "Mark answered" }).click();
    const dialog = page.getByRole("dialog", { name: "Mark as answered" });
    await dialog.getByLabel("Praise note").fill("We found a wonderful school. Thank you, sisters!");
    await dialog.getByRole("button", { name: "Mark Answered" }).click();
    await expect(dialog).toBeHidden();
    await expect(answered.getByText("Answered", { exact: true })).toBeVisible();
    await expect(answered.getByText("We found a wonderful school. Thank you, sisters!")).toBeVisible();
    await expect(answered.getByRole("button", { name: "Mark answered" })).toHaveCount(0);

    await page.getByRole("button", { name: "Answered", exact: true }).click();
    await expect(page.getByRole("button", { name: "Answered", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(card(page, content)).toBeVisible();
  });

  test("private and anonymous requests", async ({ page, browser }) => {
    test.slow();
    await registerMember(page, { firstName: "Dinah", lastName: "Quiet" });
    const secret = unique("A private burden I want to share only with the ministry team.");
    const hidden = unique("An unspoken request for my family.");

    await page.goto("/community");
    await page.getByLabel("Share a prayer request").fill(secret);
    await page.getByRole("switch", { name: "Keep this private" }).click();
    await page.getByRole("button", { name: "Share Request" }).click();
    await expect(card(page, secret).getByText("Private", { exact: true })).toBeVisible();

    await page.getByLabel("Share a prayer request").fill(hidden);
    await page.getByRole("switch", { name: "Share anonymously" }).click();
    await page.getByRole("button", { name: "Share Request" }).click();
    await expect(card(page, hidden).getByText("shared anonymously")).toBeVisible();

    const friend = await anotherMember(browser, { firstName: "Keturah", lastName: "Friend" });
    await friend.page.goto("/community");
    await expect(card(friend.page, hidden).getByRole("heading", { name: "Anonymous" })).toBeVisible();
    await expect(card(friend.page, hidden)).not.toContainText("Dinah");
    await expect(friend.page.getByText(secret)).toHaveCount(0);
    expect(friend.errors).toEqual([]);
    await friend.context.close();
  });

  test("a card shows its latest three responses, and all of them when asked, her own ones hers to edit", async ({
    page,
    browser,
  }) => {
    await registerMember(page, { firstName: "Hannah", lastName: "Asks" });
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const content = unique("Please pray for my mother's recovery after surgery.");
    const shared = await page.request.post("/api/prayer-requests", {
      data: { content, isAnonymous: false },
      headers: { Origin: origin },
    });
    expect(shared.ok(), await shared.text()).toBe(true);
    const { id } = (await shared.json()) as { id: number };
    const friend = await anotherMember(browser, { firstName: "Peninnah", lastName: "Near" });
    const words = ["first", "second", "third", "fourth", "fifth"].map((n) => `Praying, the ${n} word.`);
    for (const [i, text] of words.entries()) {
      const who = i % 2 === 0 ? page : friend.page;
      const answered = await who.request.post(`/api/prayer-requests/${id}/respond`, {
        data: { content: text, isPraying: true },
        headers: { Origin: origin },
      });
      expect(answered.ok(), await answered.text()).toBe(true);
    }
    await friend.context.close();

    await page.goto("/community");
    const mine = card(page, content);
    const responses = mine.getByRole("listitem");
    await expect(responses).toHaveCount(3);
    await expect(responses.first()).toContainText(words[2]!);
    await expect(responses.last()).toContainText(words[4]!);
    await mine.getByRole("button", { name: "Show all 5 responses" }).click();
    await expect(responses).toHaveCount(5);
    await expect(mine.getByRole("button", { name: /Show all/ })).toHaveCount(0);
    // Oldest first, like a conversation; only her own words (the 1st, 3rd, 5th) are hers to edit.
    for (const [i, text] of words.entries()) {
      const item = responses.nth(i);
      await expect(item).toContainText(text);
      await expect(item.getByRole("button", { name: "Edit response" })).toHaveCount(i % 2 === 0 ? 1 : 0);
    }
  });

  test("an answered request nobody prayed for does not ask to be the first to pray", async ({ page }) => {
    await registerMember(page, { firstName: "Jael", lastName: "Answered" });
    const content = unique("Please pray that the visa comes through.");
    await page.goto("/community");
    await page.getByLabel("Share a prayer request").fill(content);
    await page.getByRole("button", { name: "Share Request" }).click();
    const mine = card(page, content);
    await expect(mine.getByText("Be the first to pray")).toBeVisible();
    await mine.getByRole("button", { name: "Mark answered" }).click();
    await page
      .getByRole("dialog", { name: "Mark as answered" })
      .getByRole("button", { name: "Mark Answered" })
      .click();
    await expect(mine.getByText("Answered", { exact: true })).toBeVisible();
    await expect(mine.getByText("Be the first to pray")).toHaveCount(0);
    await expect(mine.getByRole("button", { name: "Pray", exact: true })).toBeEnabled();
  });

  test("on a wide screen the keyboard reaches the wall before the share form, with no stop on the panel", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await registerMember(page);
    await page.goto("/community");
    await expect(page.getByRole("list", { name: "Prayer requests" })).toBeVisible();
    await page.getByRole("tab", { name: "Prayer Wall" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "All requests" })).toBeFocused();

    // Onward through the wall's first card before the share form in the right-hand column.
    const reached: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      reached.push(
        await page.evaluate(
          () => document.activeElement?.textContent?.trim() || document.activeElement?.id || "",
        ),
      );
    }
    expect(reached.indexOf("Pray")).toBeGreaterThan(-1);
    expect(reached).not.toContain("prayer-request");

    // The text box shows its focus as plainly as a button does: the same outline. Both ease their
    // colours in, so each is read once its transitions have ended.
    const outline = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate(async (el) => {
          await Promise.all(el.getAnimations().map((a) => a.finished));
          const style = getComputedStyle(el);
          return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
        });
    const buttonOutline = await outline(":focus");
    await page.getByLabel("Share a prayer request").focus();
    await expect.poll(() => outline("#prayer-request")).toBe(buttonOutline);
    expect(buttonOutline).toMatch(/^solid 3px/);
  });

  test("on a phone the keyboard reaches the share form first, straight from the tabs", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await registerMember(page);
    await page.goto("/community");
    await expect(page.getByRole("list", { name: "Prayer requests" })).toBeVisible();
    await page.getByRole("tab", { name: "Prayer Wall" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Share a prayer request")).toBeFocused();
  });

  test("a new member's fourth request on her first day is a gentle notice, and her words stay", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/status of 429/);
    await registerMember(page);
    const origin = new URL(test.info().project.use.baseURL!).origin;
    for (let i = 1; i <= 3; i++) {
      const res = await page.request.post("/api/prayer-requests", {
        data: { content: unique(`First-day request ${i}`) },
        headers: { Origin: origin },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto("/community");
    const fourth = unique("Please pray for my sister's new job.");
    await page.getByLabel("Share a prayer request").fill(fourth);
    await page.getByRole("button", { name: "Share Request" }).click();

    const notice = page
      .getByRole("listitem")
      .filter({ hasText: "Welcome! New members can share 3 prayer requests in their first day." });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText(
      "Welcome! New members can share 3 prayer requests in their first day. You can share more tomorrow.",
    );
    // Calm, not an error: no "Error" title, no red.
    await expect(page.getByText("Error", { exact: true })).toHaveCount(0);
    await expect(notice).toHaveCSS("background-color", "rgb(255, 255, 255)");
    await expect(page.getByLabel("Share a prayer request")).toHaveValue(fourth);
    await expect(page.getByRole("button", { name: "Share Request" })).toBeEnabled();
    await expectAccessible(page);
  });

  test("a failed prayer says so", async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/500/);
    await registerMember(page);
    await page.route("**/api/prayer-requests/*/pray", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' }),
    );
    await page.goto("/community");
    const button = page.getByRole("button", { name: "Pray", exact: true }).first();
    await button.click();
    await expect(page.getByText("Failed to record prayer. Please try again.", { exact: true })).toBeVisible();
    await expect(page.getByText("Error", { exact: true })).toBeVisible();
    await expect(button).toBeEnabled();
  });

  test("the groups and events tabs, with no accessibility problems", async ({ page }) => {
    test.slow();
    await registerMember(page);
    await page.goto("/community");
    await expect(page.getByRole("list", { name: "Prayer requests" })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("tab", { name: "Groups" }).click();
    await expect(page).toHaveURL(/tab=groups/);
    await expect(page.getByRole("heading", { name: "Cultivation Groups" })).toBeVisible();
    for (const example of [
      "Messianic Jewish Women's Circle",
      "Military Wives Fellowship",
      "Young Mothers Support Group",
    ]) {
      await expect(page.getByText(example)).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Explore Cultivation Groups" })).toHaveAttribute(
      "href",
      "/cultivation-groups",
    );
    await expect(page.getByRole("link", { name: "Find Local Groups" })).toHaveAttribute(
      "href",
      "/local-communities",
    );
    await expect(page.getByRole("link", { name: "Browse Study Groups" })).toHaveAttribute(
      "href",
      "/cultivation-groups?category=study",
    );
    await expect(page.getByRole("link", { name: "Find Support" })).toHaveAttribute(
      "href",
      "/cultivation-groups?category=support",
    );
    await expectAccessible(page);

    await page.getByRole("tab", { name: "Events" }).click();
    // The ministry's demo events: an empty state only when there is truly nothing.
    const upcoming = page.getByRole("region", { name: "Upcoming events" });
    await expect(upcoming.getByText("Advent evening of Scripture and song")).toBeVisible();
    await expect(page.getByText("No events scheduled")).toHaveCount(0);
    await expectAccessible(page);

    await page.reload();
    await expect(page.getByRole("tab", { name: "Events" })).toHaveAttribute("aria-selected", "true");
  });
});
