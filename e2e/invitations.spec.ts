import type { Page } from "@playwright/test";
import {
  anotherBrowser,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  mailTo,
  signIn,
  test,
  uniqueEmail,
} from "./support/fixtures";

/** How far the page scrolls sideways: nothing, on a phone. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The invitation's link in her mail, as a path on this site. */
const invitationLinkIn = (text: string) => {
  const link = text.match(/https?:\/\/\S+\/register\?invitation=[\w-]+/)?.[0];
  if (!link) throw new Error(`no invitation link in: ${text}`);
  const url = new URL(link);
  return url.pathname + url.search;
};

test.describe("invitations", () => {
  test("an administrator invites a woman by e-mail; she follows the link, joins with her address confirmed and is signed in", async ({
    page,
    browser,
  }) => {
    test.slow();
    const email = uniqueEmail("invited");
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO_ADMIN);
    await page.goto("/admin?tab=users");

    await page.getByRole("button", { name: "Invite a member" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite a member" });
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog.getByText("Please enter a valid e-mail address")).toBeVisible();
    await dialog.getByLabel("Her e-mail address").fill(email);
    await expectAccessible(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${email}`, { exact: true })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const pending = page.getByRole("region", { name: "Pending invitations" });
    await expect(pending.getByText(email, { exact: true })).toBeVisible();
    await expect(pending.getByText(/Invited by Naomi/).first()).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);

    const mail = await mailTo(email, "/register?invitation=");
    expect(mail.subject).toMatch(/^Naomi .* invites you to join /);

    // She opens the link on her phone, signed out.
    const her = await anotherBrowser(browser);
    await her.page.setViewportSize({ width: 390, height: 844 });
    await her.page.goto(invitationLinkIn(mail.text));
    await expect(her.page.getByRole("heading", { name: /^You’re invited to join / })).toBeVisible();
    const address = her.page.getByLabel("E-mail");
    await expect(address).toHaveValue(email);
    await expect(address).toHaveJSProperty("readOnly", true);
    await expectAccessible(her.page);
    expect(await sidewaysOverflow(her.page)).toBe(0);

    await her.page.getByLabel("First name").fill("Abigail");
    await her.page.getByLabel("Last name").fill("Invited");
    await her.page.getByLabel("Password", { exact: true }).fill("grace-and-peace");
    await her.page.getByRole("button", { name: "Create account" }).click();
    await her.page.waitForURL((url) => url.pathname === "/");
    const me = await her.page.request.get("/api/auth/user");
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email, emailVerified: true, firstName: "Abigail" });

    expect(her.errors).toEqual([]);
    await her.context.close();

    // The link was for once: opened again, on another device, it says so.
    const again = await anotherBrowser(browser);
    await again.page.goto(invitationLinkIn(mail.text));
    await expect(
      again.page.getByText(/This invitation has expired, was withdrawn or has already been used/),
    ).toBeVisible();
    expect(again.errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await again.context.close();

    // Accepted, it is no longer waiting.
    await page.reload();
    await expect(
      page.getByRole("region", { name: "Pending invitations" }).getByText(email, { exact: true }),
    ).toHaveCount(0);
  });

  test("an administrator withdraws an invitation, after saying she is sure", async ({ page }) => {
    const email = uniqueEmail("withdrawn");
    await signIn(page, DEMO_ADMIN);
    await page.goto("/admin?tab=users");
    await page.getByRole("button", { name: "Invite a member" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite a member" });
    await dialog.getByLabel("Her e-mail address").fill(email);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    const pending = page.getByRole("region", { name: "Pending invitations" });
    await pending.getByRole("button", { name: `Withdraw the invitation to ${email}` }).click();
    const confirm = page.getByRole("dialog", { name: "Withdraw this invitation?" });
    await confirm.getByRole("button", { name: "Withdraw invitation" }).click();
    await expect(page.getByText("Invitation withdrawn", { exact: true })).toBeVisible();
    await expect(pending.getByText(email, { exact: true })).toHaveCount(0);
  });
});
