import type { Locator, Page } from "@playwright/test";
import { anotherMember, expect, expectAccessible, registerMember, test } from "./support/fixtures";

// She reads and writes on her phone (390 px, a finger); the group's leader at her desk.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** Nothing scrolls sideways, and every control in `scope` takes a finger (44 × 44 px, or a wider hit area). */
async function expectPhoneFriendly(page: Page, scope: Locator) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  const small = await scope.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>("a[href], button, select, textarea, label:has(input[type=radio])")]
      .filter((el) => el.checkVisibility() && !(el as HTMLButtonElement).disabled)
      .map((el) => {
        const r = el.getBoundingClientRect();
        const after = getComputedStyle(el, "::after");
        const widened = after.content !== "none" && after.position === "absolute";
        return {
          what: el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30),
          w: r.width,
          h: r.height,
          widened,
        };
      })
      .filter((c) => !c.widened && (c.w < 43.5 || c.h < 43.5)),
  );
  expect(small, "controls smaller than 44 × 44 px").toEqual([]);
}

test.describe("a group's conversation", () => {
  test("a member asks for prayer, mentions her leader, and hears back; the leader prays, replies, pins and removes; the request is answered", async ({
    page,
    browser,
  }) => {
    test.slow();
    // Her leader starts an open group, and she joins it.
    const leader = await anotherMember(browser, { firstName: "Miriam", lastName: "Founder" });
    const name = `Psalms Circle ${Date.now().toString(36)}`;
    const created = await leader.page.request.post("/api/cultivation-groups", {
      data: {
        name,
        description: "We pray through the Psalms together, one a week.",
        category: "study",
        isPrivate: false,
        requiresApproval: false,
      },
      headers: { Origin: origin() },
    });
    expect(created.status(), await created.text()).toBe(201);
    const group = (await created.json()) as { id: number };
    await registerMember(page, { firstName: "Tamar", lastName: "Second" });
    const joined = await page.request.post(`/api/cultivation-groups/${group.id}/join`, {
      data: {},
      headers: { Origin: origin() },
    });
    expect(joined.status(), await joined.text()).toBe(200);

    // The group opens on its conversation, empty and inviting.
    await page.goto(`/cultivation-groups/${group.id}`);
    await expect(page.getByRole("tab", { name: "Conversation" })).toHaveAttribute("aria-selected", "true");
    const conversation = page.getByRole("region", { name: "Conversation" });
    await expect(conversation.getByText("The conversation starts with you")).toBeVisible();
    // An announcement is the leaders'.
    await expect(conversation.getByRole("radio", { name: "Announcement" })).toHaveCount(0);
    await conversation.getByRole("button", { name: "Post", exact: true }).click();
    await expect(conversation.getByText("Please write something to share.")).toBeVisible();

    // A prayer request, mentioning her leader through the picker.
    await conversation.getByText("Prayer request", { exact: true }).click();
    const box = conversation.getByLabel("Share with your group");
    await box.fill("My mother's surgery is on Thursday. ");
    await box.pressSequentially("@Mir");
    await page.getByRole("option", { name: "Miriam Founder" }).click();
    await box.pressSequentially("would you pray with me?");
    await expect(box).toHaveValue(
      "My mother's surgery is on Thursday. @Miriam Founder would you pray with me?",
    );
    await conversation.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByText("Prayer request shared", { exact: true })).toBeVisible();
    const request = conversation.getByRole("article", { name: /Tamar Second/ });
    await expect(request.getByText("Prayer request", { exact: true })).toBeVisible();
    await expect(request.getByText("Be the first to pray")).toBeVisible();
    // A second post, which the leader will take down.
    await box.fill("Selling my old car, message me!");
    await conversation.getByRole("button", { name: "Post", exact: true }).click();
    await expect(conversation.getByRole("article")).toHaveCount(2);
    // Her own posts offer no "Message" to herself.
    await expect(conversation.getByRole("button", { name: /^Message / })).toHaveCount(0);
    await expectPhoneFriendly(page, page.locator("main"));
    await expectAccessible(page);

    // The leader prays, says Amen, pins the request and replies; she removes the other post, saying why.
    await leader.page.goto(`/cultivation-groups/${group.id}`);
    const led = leader.page.getByRole("region", { name: "Conversation" });
    await expect(led.getByRole("radio", { name: "Announcement" })).toHaveCount(1);
    const sale = led.getByRole("article").filter({ hasText: "Selling my old car" });
    await sale.getByRole("button", { name: "Remove this post" }).click();
    const removal = leader.page.getByRole("dialog", { name: "Remove this post?" });
    await removal
      .getByLabel("Why are you removing it?")
      .fill("Selling is kept out of the group, as the guidelines say.");
    await removal.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(leader.page.getByText("Post removed", { exact: true })).toBeVisible();
    await expect(led.getByRole("article")).toHaveCount(1);
    const theirs = led.getByRole("article").first();
    await theirs.getByRole("button", { name: "I prayed" }).click();
    await expect(theirs.getByRole("button", { name: "You prayed" })).toBeVisible();
    await expect(theirs.getByText("1 prayed")).toBeVisible();
    await theirs.getByRole("button", { name: "Amen" }).click();
    await expect(theirs.getByRole("button", { name: "Amen, 1", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    // A fellow member of the group writes to her from her post: their conversation opens at once.
    await theirs.getByRole("button", { name: "Message Tamar Second" }).click();
    const composer = leader.page.getByRole("dialog", { name: "Message Tamar Second" });
    await composer.getByLabel("Your message").fill("Tamar, may I call you before Thursday?");
    await composer.getByRole("button", { name: "Send" }).click();
    await expect(leader.page).toHaveURL(/\/messages\/\d+$/);
    await expect(leader.page.getByText("Tamar, may I call you before Thursday?")).toBeVisible();
    await leader.page.goBack();
    await theirs.getByRole("button", { name: "Pin this post" }).click();
    await expect(theirs.getByText("Pinned", { exact: true })).toBeVisible();
    await theirs.getByRole("link", { name: /Reply/ }).click();
    await expect(leader.page).toHaveURL(/\/group-posts\/\d+$/);
    await expect(
      leader.page.getByRole("heading", { level: 1, name: "Prayer request from Tamar Second" }),
    ).toBeVisible();
    await leader.page.getByLabel("Your reply").fill("Praying for her and the surgeons, Tamar.");
    await leader.page.getByRole("button", { name: "Send Reply" }).click();
    await expect(leader.page.getByText("Reply sent", { exact: true })).toBeVisible();
    await expect(leader.page.getByRole("list", { name: "Replies" }).getByRole("article")).toHaveCount(1);
    await expectAccessible(leader.page);

    // She is told, and her notice opens the request with its reply.
    await page.reload();
    await page.getByRole("button", { name: /^Notifications, \d+ unread$/ }).click();
    await page
      .getByRole("region", { name: "Notifications", exact: true })
      .getByRole("link", { name: /replied in/ })
      .click();
    await expect(page).toHaveURL(/\/group-posts\/\d+$/);
    const post = page.getByRole("article", { name: /Tamar Second/ }).first();
    await expect(post.getByText("Pinned", { exact: true })).toBeVisible();
    await expect(post.getByRole("button", { name: "Amen, 1", exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    // The count names who gave it: her leader said Amen.
    await post.getByRole("button", { name: "See who said Amen" }).click();
    const amens = page.getByRole("dialog", { name: "Who said Amen" });
    // (Each name follows her picture, or her initial.)
    await expect(amens.getByRole("listitem")).toHaveText([/Miriam Founder$/]);
    await expectPhoneFriendly(page, amens);
    await expectAccessible(page);
    await amens.getByRole("button", { name: "Close" }).click();
    await expect(amens).toHaveCount(0);
    await expect(page.getByText("Praying for her and the surgeons, Tamar.")).toBeVisible();
    await expect(post.getByRole("button", { name: "Remove this post" })).toHaveCount(0);

    // God answered: she marks it, with a word of praise.
    await post.getByRole("button", { name: "Mark answered" }).click();
    const answered = page.getByRole("dialog", { name: "Mark as answered" });
    await answered.getByLabel("Praise note").fill("The surgery went well. Thank you all!");
    await answered.getByRole("button", { name: "Mark Answered" }).click();
    await expect(page.getByText("Praise God!", { exact: true })).toBeVisible();
    await expect(post.getByText("The surgery went well. Thank you all!")).toBeVisible();
    await expect(post.getByRole("button", { name: "Mark answered" })).toHaveCount(0);
    await expectPhoneFriendly(page, page.locator("main"));
    await expectAccessible(page);

    expect(leader.errors).toEqual([]);
    await leader.context.close();
  });
});
