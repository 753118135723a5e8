import {
  expect,
  expectAccessible,
  linkIn,
  mailTo,
  registerMember,
  test,
  uniqueEmail,
} from "./support/fixtures";

test.describe("identity", () => {
  test("a new member confirms her address from the mail, and the reminder goes away", async ({ page }) => {
    const member = await registerMember(page, { firstName: "Keturah" });
    await page.goto("/");
    const banner = page.getByRole("region", { name: "E-mail confirmation" });
    await expect(banner).toContainText(`We sent a link to ${member.email}`);
    await expectAccessible(page);

    await banner.getByRole("button", { name: "Resend" }).click();
    await expect(
      page.getByText(`We've sent a new confirmation link to ${member.email}.`, { exact: true }),
    ).toBeVisible();

    // The second link is the one that works: a new one retires the earlier.
    const mail = await mailTo(member.email, "/verify-email?token=", { count: 2 });
    expect(mail.subject).toContain("Mishpacha");
    expect(mail.text).toContain("Keturah");
    expect(mail.html).toContain("Keturah");
    await page.goto(linkIn(mail, "verify-email"));
    await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page.getByRole("region", { name: "E-mail confirmation" })).toHaveCount(0);
  });

  test("after a failed sign-in, Forgot your password? keeps the address she typed", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/401/);
    const member = await registerMember(page, { firstName: "Bilhah" });
    await page.context().clearCookies();
    await page.goto("/sign-in");
    await page.getByLabel("E-mail").fill(member.email);
    await page.getByLabel("Password").fill("not my password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Incorrect e-mail or password");

    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveValue(member.email);
    // Not in the address bar (nor any server's log): it travels in the page's history entry.
    expect(page.url()).not.toContain(encodeURIComponent(member.email));
    expect(page.url()).not.toContain(member.email);
    await page.reload();
    await expect(page.getByLabel("E-mail")).toHaveValue(member.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await mailTo(member.email, "/reset-password?token=");
  });

  test("a member who forgot her password chooses a new one through her mailbox", async ({ page }) => {
    const member = await registerMember(page, { firstName: "Zilpah" });
    await page.context().clearCookies();
    await page.goto("/sign-in");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("E-mail").fill(member.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

    const mail = await mailTo(member.email, "/reset-password?token=");
    await page.goto(linkIn(mail, "reset-password"));
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("New password", { exact: true }).fill("a fresh start 2026");
    await page.getByLabel("Confirm new password").fill("a fresh start 2026");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Shalom, Zilpah")).toBeVisible();
    // Following the link proved the address: no reminder to confirm it.
    await expect(page.getByRole("region", { name: "E-mail confirmation" })).toHaveCount(0);

    const res = await page.request.post("/api/auth/login", {
      data: { email: member.email, password: "a fresh start 2026" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(res.status()).toBe(200);
  });

  test("a new e-mail address needs her password, waits for its link, and the old address hears of it", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/status of 400/);
    const member = await registerMember(page, { firstName: "Jochebed" });
    const next = uniqueEmail("moved");
    await page.goto("/profile");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await expect(page.getByLabel("Current password")).toHaveCount(0);
    await page.getByLabel("Email").fill(next);
    // A new address asks who she is before anything changes.
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(
      page.getByText("Please enter your current password to change your e-mail address.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel("Current password")).toBeFocused();
    await page.getByLabel("Current password").fill("not my password");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Your current password is not correct.", { exact: true })).toBeVisible();
    await expect(page.getByText("Confirmation pending")).toHaveCount(0);
    await expectAccessible(page);
    await page.getByLabel("Current password").fill(member.password);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText(`We've sent a link to ${next}.`).first()).toBeVisible();
    await expect(page.getByText(`Confirmation pending: we sent a link to ${next}`)).toBeVisible();
    await expect(page.getByText(member.email).first()).toBeVisible();
    await expectAccessible(page);

    const notice = await mailTo(member.email, next);
    expect(notice.text).not.toContain("/confirm-email?token=");
    const confirm = await mailTo(next, "/confirm-email?token=");
    await page.goto(linkIn(confirm, "confirm-email"));
    await expect(page.getByRole("heading", { name: `Your e-mail address is now ${next}` })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/profile");
    await expect(page.getByText(next).first()).toBeVisible();
    await expect(page.getByText("Confirmation pending")).toHaveCount(0);
  });

  test("a used link says so calmly and offers a way on", async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/status of 400/);
    await page.goto("/verify-email?token=this-link-was-never-sent-to-anyone");
    await expect(page.getByRole("heading", { name: "This link can't be used" })).toBeVisible();
    await expect(page.getByText("This link has expired or has already been used.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expectAccessible(page);
  });
});
