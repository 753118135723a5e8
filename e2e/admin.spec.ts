import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_MEMBER } from "./support/demo";
import { expect, expectAccessible, mailTo, registerMember, signIn, test } from "./support/fixtures";
import { deliverDonation } from "./support/stripe-events";

const statValue = (page: Page, label: string): Locator =>
  page.getByRole("heading", { name: label, exact: true }).locator("xpath=../..").locator("p").first();

const readNumber = async (locator: Locator) =>
  Number(((await locator.textContent()) ?? "").replace(/[^\d.]/g, ""));

test.describe("admin dashboard", () => {
  test("the overview counts what happens in the community", async ({ page, browser }) => {
    await signIn(page, DEMO_ADMIN);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    for (const label of ["Total Users", "Total Videos", "Active Groups", "Premium Members"]) {
      await expect(statValue(page, label)).toHaveText(/^\d[\d,]*$/);
    }
    await expect(page.getByText(/^\+\d+ this month$/)).toHaveCount(4);
    await expect(page.getByRole("link", { name: "Manage Articles" })).toHaveAttribute(
      "href",
      "/admin/articles",
    );
    await expect(page.getByRole("link", { name: "View Articles" })).toHaveAttribute("href", "/articles");
    const usersBefore = await readNumber(statValue(page, "Total Users"));
    await page.getByRole("tab", { name: "Revenue" }).click();
    const revenueBefore = await readNumber(statValue(page, "Monthly Revenue"));

    // A new member joins and gives $19.99.
    const context = await browser.newContext();
    const newcomerPage = await context.newPage();
    const surname = `Galilee${randomBytes(3).toString("hex")}`;
    await registerMember(newcomerPage, { firstName: "Zipporah", lastName: surname });
    const me = await newcomerPage.request.get("/api/auth/user");
    const { id } = (await me.json()) as { id: number };
    await context.close();
    await deliverDonation(page, id, 1999);

    await page.goto("/admin");
    await expect
      .poll(() => readNumber(statValue(page, "Total Users")))
      .toBeGreaterThanOrEqual(usersBefore + 1);
    const activity = page.getByRole("list", { name: "Recent activity" });
    await expect(activity.getByText(`Zipporah ${surname} gave a donation of $19.99`)).toBeVisible();
    await expect(activity.getByText(`Zipporah ${surname} joined the community`)).toBeVisible();
    await expect(activity.getByRole("listitem")).toHaveCount(5);

    await page.getByRole("tab", { name: "Revenue" }).click();
    await expect(page).toHaveURL(/\/admin\?tab=revenue$/);
    await expect
      .poll(() => readNumber(statValue(page, "Monthly Revenue")))
      .toBeCloseTo(revenueBefore + 19.99, 2);
    await expect(page.getByText("Free to premium conversion")).toBeVisible();
    await expect(page.getByText(/new this month$/)).toBeVisible();
    await expect(page.getByText(/from last month$/)).toBeVisible();
  });

  test("lists members and groups", async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    await page.goto("/admin?tab=users");
    const table = page.getByRole("table", { name: "Members" });
    for (const column of ["Name", "Email", "Membership", "Joined"]) {
      await expect(table.getByRole("columnheader", { name: column })).toBeVisible();
    }
    const naomi = table.getByRole("row").filter({ hasText: DEMO_ADMIN.email });
    await expect(naomi).toContainText("Naomi Feldman");
    await expect(naomi).toContainText("Premium");
    await expect(table.getByRole("row").filter({ hasText: DEMO_MEMBER.email })).toContainText("Free");

    await page.getByRole("tab", { name: "Groups" }).click();
    const cards = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: /View details/i }) });
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toContainText(/Active|Inactive/);
    await expect(cards.first()).toContainText(/\d+ members?/);
    await expect(page.getByText("Cultivation Group").first()).toBeVisible();
    await expect(page.getByText("Local Group").first()).toBeVisible();
    await expectAccessible(page);
  });

  test("the Status section says how each part stands, and a test mail reports the mail server's answer", async ({
    page,
  }) => {
    await signIn(page, DEMO_ADMIN);
    await page.goto("/admin");
    const status = page.getByRole("region", { name: "Status" });
    for (const part of ["Mail", "Payments", "Newsletter", "Backups", "Push notifications", "Version"]) {
      await expect(status.getByRole("heading", { name: part, exact: true })).toBeVisible();
    }
    // The browser tests' own SMTP server and Stripe stand-in (e2e/support/services).
    await expect(status).toContainText(/Sent through 127\.0\.0\.1, port \d+, from /);
    await expect(status).toContainText("Stripe's test keys are set: no real money moves.");
    await expect(status).toContainText(/App \d+\.\d+\.\d+ · PostgreSQL \d+/);

    await status.getByRole("button", { name: "Send a test mail" }).click();
    const answer = status.getByTestId("test-mail-result");
    await expect(answer).toContainText(`accepted the test mail for ${DEMO_ADMIN.email}.`);
    await expect(answer).toContainText(/The mail server answered: 250 /);
    const mail = await mailTo(DEMO_ADMIN.email, "If you are reading it, mail from the site reaches you.");
    expect(mail.subject).toMatch(/^A test mail from /);
    await expectAccessible(page);
  });

  test("a member who is not an administrator sees Access Denied, and not the owners' addresses", async ({
    page,
  }) => {
    const member = await registerMember(page);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You don't have permission to access the admin dashboard.")).toBeVisible();
    await expect(page.locator("main").getByText(member.email)).toBeVisible();
    const body = (await page.locator("main").textContent()) ?? "";
    expect(body).not.toContain("owner@example.test");
    expect(body).not.toContain(DEMO_ADMIN.email);
    await expect(page.getByRole("tab", { name: "Overview" })).toHaveCount(0);
    await expectAccessible(page);

    const api = await page.request.get("/api/admin/analytics");
    expect(api.status()).toBe(403);
  });

  test("a tab whose code arrives late answers the first press once the page says it is ready", async ({
    page,
  }) => {
    // A slow network: the Videos tab's own chunk is held until the page is drawn and not yet ready.
    let requested!: () => void;
    const chunkRequested = new Promise<void>((resolve) => {
      requested = resolve;
    });
    let deliver!: () => void;
    const delivered = new Promise<void>((resolve) => {
      deliver = resolve;
    });
    await page.route(/\/assets\/admin-videos-tab-[^/]*\.js$/, async (route) => {
      requested();
      await delivered;
      await route.continue();
    });
    await signIn(page, DEMO_ADMIN);
    const opened = page.goto("/admin?tab=videos");
    await chunkRequested;
    await expect(page.getByRole("tabpanel", { name: "Videos" })).toBeVisible();
    await expect(page.locator("html")).not.toHaveAttribute("data-live");
    deliver();
    await opened;
    await page.getByRole("tabpanel", { name: "Videos" }).getByRole("button", { name: "Add Video" }).click();
    await expect(page.getByRole("dialog", { name: "Add Video" })).toBeVisible();
  });
});
