import type { Page } from "@playwright/test";
import {
  anotherMember,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  registerMember,
  signIn,
  test,
} from "./support/fixtures";

/** A surname no other test's member has, so her row and her lines in the log are hers alone. */
const surname = () => `Tester${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Her row in the dashboard's Users tab. */
const rowOf = (page: Page, email: string) =>
  page.getByRole("table", { name: "Members" }).getByRole("row").filter({ hasText: email });

/** The moderation log's line that holds `text`. */
const logLine = (page: Page, text: string) =>
  page.getByRole("region", { name: "Moderation log" }).getByRole("listitem").filter({ hasText: text });

test.describe("the Users tab", () => {
  test("an administrator warns, suspends and appoints a member from her row, and finds each in the moderation log", async ({
    page,
    browser,
  }) => {
    test.slow();
    const lastName = surname();
    const { member, context } = await anotherMember(browser, { firstName: "Keziah", lastName });
    const name = `Keziah ${lastName}`;
    await signIn(page, DEMO_ADMIN);
    await page.goto("/admin?tab=users");
    const row = rowOf(page, member.email);

    // A warning asks why first, and says so when she does not.
    await row.getByRole("button", { name: `Warn ${name}` }).click();
    const warn = page.getByRole("dialog", { name: `Warn ${name}` });
    await warn.getByRole("button", { name: "Send warning" }).click();
    await expect(warn.getByText("Please say why.")).toBeVisible();
    await expectAccessible(page);
    await warn.getByLabel("Reason").fill("Please keep your replies gentle.");
    await warn.getByRole("button", { name: "Send warning" }).click();
    await expect(page.getByText("Warning sent", { exact: true })).toBeVisible();
    await expect(warn).toHaveCount(0);

    // Cancel changes nothing; a suspension with a date and a reason shows on her row at once.
    await row.getByRole("button", { name: `Suspend ${name}` }).click();
    const suspend = page.getByRole("dialog", { name: `Suspend ${name}` });
    await suspend.getByRole("button", { name: "Cancel" }).click();
    await expect(suspend).toHaveCount(0);
    await expect(row.getByText(/^Suspended/)).toHaveCount(0);
    await row.getByRole("button", { name: `Suspend ${name}` }).click();
    await suspend.getByLabel("Until (leave empty for good)").fill("2031-06-15");
    await suspend.getByLabel("Reason").fill("Unkind words on the wall");
    await suspend.getByRole("button", { name: "Suspend", exact: true }).click();
    await expect(page.getByText("Member suspended", { exact: true })).toBeVisible();
    await expect(row.getByText("Suspended until Jun 15, 2031", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Lift suspension of ${name}` })).toBeVisible();
    await expect(row.getByRole("button", { name: `Remove ${name}` })).toHaveCount(0);

    // The intercessor's role is asked for too.
    await row.getByRole("button", { name: `Make intercessor: ${name}` }).click();
    const appoint = page.getByRole("dialog", { name: `Make ${name} an intercessor?` });
    await expect(appoint).toContainText("recorded in the moderation log");
    await appoint.getByRole("button", { name: "Make intercessor" }).click();
    await expect(page.getByText("Intercessor added").first()).toBeVisible();
    await expect(row.getByText("Intercessor", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `End intercessor role: ${name}` })).toBeVisible();

    await page.getByRole("tab", { name: "Moderation" }).click();
    await expect(logLine(page, "Why: Please keep your replies gentle.")).toContainText(
      `Naomi Feldman warned ${name}`,
    );
    await expect(logLine(page, "Why: Unkind words on the wall")).toContainText(`suspended ${name}`);
    await expect(logLine(page, `gave the intercessor's role to ${name}`)).toHaveCount(1);
    await expectAccessible(page);

    // The ministry's administrators write to any member: from her row, the conversation opens at once.
    await page.getByRole("tab", { name: "Users" }).click();
    await row.getByRole("button", { name: `Message ${name}` }).click();
    const composer = page.getByRole("dialog", { name: `Message ${name}` });
    await composer.getByLabel("Your message").fill("Keziah, may we pray with you this week?");
    await composer.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\/messages\/\d+$/);
    await expect(page.getByText("Keziah, may we pray with you this week?")).toBeVisible();
    await context.close();
  });

  test("an administrator removes a member from the community, saying why: she is suspended for good", async ({
    page,
  }) => {
    const lastName = surname();
    const member = await registerMember(page, { firstName: "Zeruah", lastName });
    const name = `Zeruah ${lastName}`;
    await page.context().clearCookies();
    await signIn(page, DEMO_ADMIN);
    await page.goto("/admin?tab=users");
    const row = rowOf(page, member.email);

    await row.getByRole("button", { name: `Remove ${name}` }).click();
    const remove = page.getByRole("dialog", { name: `Remove ${name} from the community?` });
    await expect(remove).toContainText("Nothing is deleted");
    await remove.getByRole("button", { name: "Remove" }).click();
    await expect(remove.getByText("Please say why.")).toBeVisible();
    await remove.getByLabel("Reason").fill("Selling to members in private");
    await remove.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Member removed", { exact: true })).toBeVisible();
    await expect(row.getByText("Suspended for good", { exact: true })).toBeVisible();

    await page.getByRole("tab", { name: "Moderation" }).click();
    await expect(logLine(page, "Why: Selling to members in private")).toContainText(
      `suspended ${name} (for good)`,
    );
  });
});

test.describe("the Users tab on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("fits the screen: no sideways scrolling, and every badge and action of a row in sight", async ({
    page,
  }) => {
    const lastName = surname();
    const member = await registerMember(page, { firstName: "Hadassah", lastName });
    await page.context().clearCookies();
    await signIn(page, DEMO_ADMIN);
    // She is an intercessor, so her row carries the badge that once ran off the card.
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const listed = await page.request.get("/api/admin/users?limit=100");
    const found = ((await listed.json()) as Array<{ id: number; email: string }>).find(
      (u) => u.email === member.email,
    )!;
    const made = await page.request.patch(`/api/admin/users/${found.id}`, {
      data: { isIntercessor: true },
      headers: { Origin: origin },
    });
    expect(made.status()).toBe(200);

    await page.goto("/admin?tab=users");
    const row = rowOf(page, member.email);
    await expect(row.getByText("Intercessor", { exact: true })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const inSight = [
      row.getByText("Intercessor", { exact: true }),
      row.getByRole("button", { name: `Warn Hadassah ${lastName}` }),
      row.getByRole("button", { name: `Suspend Hadassah ${lastName}` }),
      row.getByRole("button", { name: `End intercessor role: Hadassah ${lastName}` }),
      row.getByRole("button", { name: `Remove Hadassah ${lastName}` }),
      row.getByRole("link", { name: `E-mail Hadassah ${lastName}` }),
    ];
    const card = (await page.getByRole("table", { name: "Members" }).boundingBox())!;
    for (const part of inSight) {
      await part.scrollIntoViewIfNeeded();
      const box = (await part.boundingBox())!;
      // Whole, inside the card: nothing cut off at its edge.
      expect(box.x).toBeGreaterThanOrEqual(card.x);
      expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width + 0.5);
      await expect(part).toBeInViewport({ ratio: 1 });
    }
    await expectAccessible(page);
  });
});
