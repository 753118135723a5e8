import type { Page } from "@playwright/test";
import { DEMO_ADMIN, expect, expectAccessible, registerMember, signIn, test } from "./support/fixtures";

/** An endpoint's entry in the reference, found by its heading ("POST /api/…"). */
const entry = (page: Page, heading: string) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 4, name: heading, exact: true }) });

test.describe("the administrators' API reference", () => {
  test("lists every endpoint by feature, with who may call it, and searches them", async ({ page }) => {
    await signIn(page, DEMO_ADMIN);
    await page.goto("/admin?tab=api");
    await expect(page.getByRole("tab", { name: "API", exact: true })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByRole("heading", { level: 2, name: "API reference" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download OpenAPI document" })).toHaveAttribute(
      "href",
      "/api/openapi.json",
    );

    const pray = entry(page, "POST /api/prayer-requests/{id}/pray");
    await expect(pray).toBeVisible();
    await expect(pray.getByText("Members", { exact: true })).toBeVisible();
    await expect(pray.getByText("Say she prayed (once per request)")).toBeVisible();
    await expect(pray.getByRole("definition").filter({ hasText: /^id · in path · required/ })).toBeVisible();
    await expect(pray.getByRole("listitem").filter({ hasText: /^404/ })).toBeVisible();

    // A body's fields, an administrator's endpoint and a visitor's.
    const share = entry(page, "POST /api/prayer-requests");
    await expect(share.getByText(/^content · required · string · 1–5,000 characters/)).toBeVisible();
    await expect(
      entry(page, "GET /api/admin/analytics").getByText("Administrators", { exact: true }),
    ).toBeVisible();
    await expect(entry(page, "GET /api/health").getByText("Anyone", { exact: true })).toBeVisible();
    // The policy a group's own administrators are held to.
    await expect(
      entry(page, "GET /api/cultivation-groups/{id}/requests").getByText("groupAdmin", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: /^Videos/ })).toBeVisible();

    const search = page.getByRole("searchbox", { name: "Search endpoints" });
    await search.fill("prayer");
    await expect(page.getByRole("heading", { level: 3, name: /^Videos/ })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 3, name: /^Prayer/ })).toBeVisible();
    await expect(pray).toBeVisible();
    // Only endpoints whose path or summary speaks of prayer.
    const shown = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 4 }) });
    expect(await shown.count()).toBeGreaterThan(4);
    for (const item of await shown.all()) await expect(item).toContainText(/prayer/i);
    // The whole list is scanned in accessibility.spec.ts (nearly a hundred cards take axe a while).
    await expectAccessible(page);

    await search.fill("no such endpoint at all");
    await expect(page.getByRole("heading", { name: "No endpoints found" })).toBeVisible();
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(search).toHaveValue("");
    await expect(entry(page, "GET /api/health")).toBeVisible();
  });

  test("a member who is not an administrator sees Access Denied", async ({ page }) => {
    await registerMember(page);
    await page.goto("/admin?tab=api");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "API" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "API reference" })).toHaveCount(0);
    const answer = await page.request.get("/api/openapi.json");
    expect(answer.status()).toBe(403);
  });
});
