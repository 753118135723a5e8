import type { Browser, Page } from "@playwright/test";
import { anotherMember, expect, expectAccessible, registerMember, test } from "./support/fixtures";

const origin = () => new URL(test.info().project.use.baseURL!).origin;
const headers = () => ({ Origin: origin() });

/** Who the page's member is. */
async function whoAmI(page: Page): Promise<{ id: number }> {
  const res = await page.request.get("/api/auth/user");
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: number };
}

/** Asks for a mentor or offers to mentor, by API; returns the connection's id when matched. */
async function submitEntry(page: Page, experienceLevel: string, focus: string) {
  const res = await page.request.post("/api/discipleship/connections", {
    data: { experienceLevel, focusAreas: [focus] },
    headers: headers(),
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A new message sent by API in her conversation. */
async function sendByApi(page: Page, conversationId: number, body: string) {
  const res = await page.request.post(`/api/conversations/${conversationId}/messages`, {
    data: { body },
    headers: headers(),
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * Two members of one group, who may write to each other directly: `page` registers as `herself`
 * and writes `first` to `friend` (a member of her own browser). Answers the friend and their
 * conversation.
 */
async function writingDirectly(
  page: Page,
  browser: Browser,
  friendName: { firstName: string; lastName: string },
  herself: { firstName: string; lastName: string },
  first: string,
) {
  const friend = await anotherMember(browser, friendName);
  const created = await friend.page.request.post("/api/cultivation-groups", {
    data: {
      name: `Tea and Psalms ${Date.now().toString(36)}`,
      description: "We sip and read.",
      category: "study",
      isPrivate: false,
      requiresApproval: false,
    },
    headers: headers(),
  });
  expect(created.status(), await created.text()).toBe(201);
  const group = (await created.json()) as { id: number };
  await registerMember(page, herself);
  const joined = await page.request.post(`/api/cultivation-groups/${group.id}/join`, {
    data: {},
    headers: headers(),
  });
  expect(joined.status(), await joined.text()).toBe(200);
  const friendId = (await whoAmI(friend.page)).id;
  const started = await page.request.post("/api/conversations", {
    data: { memberId: friendId, body: first },
    headers: headers(),
  });
  expect(started.status(), await started.text()).toBe(201);
  return { friend, conversation: (await started.json()) as { id: number } };
}

// The live channel brings a new message at once; without it, an open thread asks every half minute.
const ARRIVES = { timeout: 45_000 };

test.describe("private messages", () => {
  test("a mentee writes to her mentor from their connection, and the mentor reads and answers", async ({
    page,
    browser,
  }) => {
    test.slow();
    // A focus nobody else has, so the two are matched with each other.
    const focus = `psalms ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const mentor = await anotherMember(browser, { firstName: "Elisheva", lastName: "Mentor" });
    await submitEntry(mentor.page, "teacher", focus);
    await registerMember(page, { firstName: "Noa", lastName: "Mentee" });
    await submitEntry(page, "new", focus);
    const list = await mentor.page.request.get("/api/discipleship/connections");
    const [connection] = ((await list.json()) as Array<{ id: number; kind: string }>).filter(
      (c) => c.kind === "connection",
    );
    expect(connection, "the two were matched").toBeDefined();
    const accepted = await mentor.page.request.post(
      `/api/discipleship/connections/${connection!.id}/accept`,
      {
        data: {},
        headers: headers(),
      },
    );
    expect(accepted.status(), await accepted.text()).toBe(200);

    // The mentor's list is empty to begin with.
    await mentor.page.goto("/messages");
    await expect(mentor.page.getByText("No messages yet")).toBeVisible();

    // "Message" on the card opens a composer; nothing is sent until she sends it.
    await page.goto("/discipleship");
    const card = page.getByRole("list", { name: "My connections" }).getByRole("listitem").first();
    await expect(card.getByText("is walking with you")).toBeVisible();
    await card.getByRole("button", { name: "Message Elisheva Mentor" }).click();
    const composer = page.getByRole("dialog", { name: "Message Elisheva Mentor" });
    await composer.getByRole("button", { name: "Send" }).click();
    await expect(composer.getByText("Please write a message.")).toBeVisible();
    await composer.getByLabel("Your message").fill("Shalom Elisheva! Could we meet on Thursday? 🌿");
    await expect(composer.getByText("46 / 4,000")).toBeVisible();
    await composer.getByRole("button", { name: "Send" }).click();

    // Their conversation opens, her message in it.
    await expect(page).toHaveURL(/\/messages\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Elisheva Mentor" })).toBeVisible();
    const thread = page.getByRole("list", { name: "Messages with Elisheva Mentor" });
    await expect(thread.getByText("Could we meet on Thursday? 🌿")).toBeVisible();
    const conversationId = Number(new URL(page.url()).pathname.split("/").pop());

    // The mentor's badge counts it; her list shows it, newest first and unread.
    await mentor.page.reload();
    await expect(mentor.page.getByRole("link", { name: "Messages, 1 unread" })).toBeVisible();
    const row = mentor.page.getByRole("link", { name: /Noa Mentee/ });
    await expect(row).toContainText("Could we meet on Thursday?");
    await expect(row).toContainText("1 unread");
    await row.click();
    const mentorThread = mentor.page.getByRole("list", { name: "Messages with Noa Mentee" });
    await expect(mentorThread.getByText("Could we meet on Thursday? 🌿")).toBeVisible();
    // Opening it read it: the badge empties.
    await expect(mentor.page.getByRole("link", { name: "Messages", exact: true })).toBeVisible();
    await expectAccessible(mentor.page);

    // She writes again while the mentor has the thread open: it appears without a reload.
    await sendByApi(page, conversationId, "I'll bring my Bible and some tea.");
    await expect(mentorThread.getByText("I'll bring my Bible and some tea.")).toBeVisible(ARRIVES);

    // The mentor answers with Enter; Shift+Enter makes a new line first.
    const box = mentor.page.getByLabel("Message to Noa");
    await box.click();
    await box.pressSequentially("Thursday it is.");
    await box.press("Shift+Enter");
    await box.pressSequentially("See you at ten!");
    await box.press("Enter");
    await expect(mentorThread.getByText(/Thursday it is\.\s+See you at ten!/)).toBeVisible();
    await expect(box).toHaveValue("");

    // The mentee sees the answer arrive, and "Seen" under her last message.
    await expect(thread.getByText(/See you at ten!/)).toBeVisible(ARRIVES);
    await page.reload();
    await expect(thread.getByText("Seen")).toBeVisible();
    expect(mentor.errors).toEqual([]);
    await mentor.context.close();
  });

  test("a stranger's message arrives as a request, which she declines", async ({ page, browser }) => {
    test.slow();
    await registerMember(page, { firstName: "Dinah", lastName: "Quiet" });
    const me = await whoAmI(page);
    const stranger = await anotherMember(browser, { firstName: "Zilpah", lastName: "Stranger" });
    const started = await stranger.page.request.post("/api/conversations", {
      data: { memberId: me.id, body: "Hello! I loved your prayer on the wall. Could we talk?" },
      headers: headers(),
    });
    expect(started.status(), await started.text()).toBe(202);

    // Her own request waits: no box, a calm line.
    const sent = await stranger.page.request.get("/api/conversations");
    const [request] = (await sent.json()) as Array<{ id: number }>;
    expect(request).toBeDefined();
    await stranger.page.goto(`/messages/${request!.id}`);
    await expect(stranger.page.getByText("Waiting for her to accept your request.")).toBeVisible();
    await expect(stranger.page.getByRole("textbox")).toHaveCount(0);

    // It waits for her in its own section, at the top of her list.
    await page.goto("/messages");
    await expect(page.getByRole("link", { name: "Messages, 1 unread" })).toBeVisible();
    const requests = page.getByRole("region", { name: "Message requests" });
    await expect(requests.getByText("Zilpah Stranger")).toBeVisible();
    await expect(requests.getByText("I loved your prayer on the wall")).toBeVisible();
    await expect(requests.getByRole("button", { name: "Accept Zilpah Stranger's request" })).toBeVisible();
    await expectAccessible(page);

    // Opened, it shows her words with Accept and Decline, and no box until she accepts.
    await requests.getByRole("link", { name: /Zilpah Stranger/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Zilpah Stranger" })).toBeVisible();
    await expect(page.getByText("Could we talk?")).toBeVisible();
    await expect(page.getByRole("button", { name: "Accept" })).toBeVisible();
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByText("Request declined.", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Message requests" })).toHaveCount(0);
    await expect(page.getByText("No messages yet")).toBeVisible();

    // The stranger is not told: hers still reads as waiting.
    await stranger.page.reload();
    await expect(stranger.page.getByText("Waiting for her to accept your request.")).toBeVisible();
    expect(stranger.errors).toEqual([]);
    await stranger.context.close();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("the thread and its box fit at 390 px, every control a finger's size", async ({ page, browser }) => {
      test.slow();
      const { friend, conversation } = await writingDirectly(
        page,
        browser,
        { firstName: "Keziah", lastName: "Longname-Abernathy" },
        { firstName: "Abigail", lastName: "Phone" },
        "Hi Keziah! Here is the reading plan: https://example.com/a-very-long-address/that-goes-on-and-on/without-any-place-to-break-it-at-all",
      );
      await sendByApi(friend.page, conversation.id, `Thank you! ${"Hallelujah".repeat(12)} שָׁלוֹם 🙏`);
      for (let i = 1; i <= 6; i++)
        await sendByApi(page, conversation.id, `Line ${i} of our plan for the week.`);

      await page.goto(`/messages/${conversation.id}`);
      const box = page.getByLabel("Message to Keziah");
      await expect(box).toBeVisible();
      const send = page.getByRole("button", { name: "Send", exact: true });

      // Nothing scrolls sideways.
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);

      // The box and its button are on screen, above the quick navigation, at the end of the thread.
      const viewportHeight = page.viewportSize()!.height;
      const quickNav = await page.getByRole("navigation", { name: "Quick" }).boundingBox();
      for (const control of [box, send]) {
        const rect = (await control.boundingBox())!;
        expect(rect.y).toBeGreaterThan(0);
        expect(rect.y + rect.height).toBeLessThanOrEqual(Math.min(viewportHeight, quickNav!.y) + 0.5);
      }
      await expect(page.getByText("Line 6 of our plan for the week.")).toBeInViewport();

      // Every control takes a finger.
      const small = await page.locator("main").evaluate((root) =>
        [...root.querySelectorAll<HTMLElement>("a[href], button, textarea")]
          .filter((el) => el.checkVisibility() && !(el as HTMLButtonElement).disabled)
          .map((el) => {
            const r = el.getBoundingClientRect();
            return {
              what: el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30),
              w: r.width,
              h: r.height,
            };
          })
          .filter((c) => c.w < 43.5 || c.h < 43.5),
      );
      expect(small, "controls smaller than 44 × 44 px").toEqual([]);

      // On a phone Enter makes a new line; the button sends.
      await box.fill("First line");
      await box.press("Enter");
      await box.pressSequentially("second line");
      await expect(box).toHaveValue("First line\nsecond line");
      await send.click();
      await expect(
        page.getByRole("list", { name: /Messages with/ }).getByText(/First line\s+second line/),
      ).toBeVisible();
      await expect(box).toHaveValue("");

      // Within a quarter of an hour she may edit it: it is marked "edited".
      const fresh = page.getByRole("listitem").filter({ hasText: "second line" });
      await fresh.getByRole("button", { name: "More for your message" }).click();
      await fresh.getByRole("button", { name: "Edit" }).click();
      const editing = page.getByRole("dialog", { name: "Edit your message" });
      await editing.getByLabel("Your message").fill("First line, and a better second line");
      await editing.getByRole("button", { name: "Save" }).click();
      await expect(editing).toBeHidden();
      const edited = page.getByRole("listitem").filter({ hasText: "a better second line" });
      await expect(edited.getByText("· edited")).toBeVisible();

      // Another's message may be reported.
      const theirs = page.getByRole("listitem").filter({ hasText: "Thank you!" });
      await theirs.getByRole("button", { name: "More for Keziah's message" }).click();
      await theirs.getByRole("button", { name: "Report" }).click();
      const report = page.getByRole("dialog", { name: "Report this message" });
      await report.getByRole("button", { name: "Send report" }).click();
      await expect(page.getByText("Report sent", { exact: true })).toBeVisible();

      // Her message's menu: delete, after she confirms.
      const mine = page.getByRole("listitem").filter({ hasText: "Line 6 of our plan" });
      await mine.getByRole("button", { name: "More for your message" }).click();
      await mine.getByRole("button", { name: "Delete" }).click();
      await page
        .getByRole("dialog", { name: "Delete this message?" })
        .getByRole("button", { name: "Delete" })
        .click();
      await expect(page.getByText("Line 6 of our plan for the week.")).toHaveCount(0);
      await expect(
        page.getByRole("list", { name: /Messages with/ }).getByText("Message deleted"),
      ).toBeVisible();
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
      expect(friend.errors).toEqual([]);
      await friend.context.close();
    });

    test("a long thread opens at its newest message as drawn, before the page's scripts have come", async ({
      page,
      browser,
    }) => {
      const { friend, conversation } = await writingDirectly(
        page,
        browser,
        { firstName: "Lydia", lastName: "Purple" },
        { firstName: "Dorcas", lastName: "Joppa" },
        "Message 1 of our long talk.",
      );
      for (let i = 2; i <= 24; i++)
        await sendByApi(i % 2 ? page : friend.page, conversation.id, `Message ${i} of our long talk.`);
      // The slowest phone: the page as the server drew it, its scripts never arriving (a page of
      // her own, whose failed scripts are the point).
      const drawn = await page.context().newPage();
      await drawn.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await drawn.goto(`/messages/${conversation.id}`);
      expect(await drawn.locator("#root[data-prerendered]").count()).toBe(1);
      await expect(drawn.getByText("Message 24 of our long talk.")).toBeInViewport();
      await expect(drawn.getByText("Message 1 of our long talk.")).not.toBeInViewport();
      await drawn.close();
      await friend.context.close();
    });
  });
});
