import { expect, expectAccessible, registerMember, test } from "./support/fixtures";

test.describe("notifications on this device", () => {
  test("the switch shows, and asking the browser for permission says when it is refused", async ({
    page,
    context,
  }) => {
    await registerMember(page);
    await page.goto("/notifications?tab=preferences");
    const card = page.getByRole("region", { name: "Notifications on this device" });
    const toggle = card.getByRole("switch", { name: "Show my notifications on this device" });
    await expect(toggle).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await expectAccessible(page);

    // This browser refuses the permission (as she would in its prompt): nothing is subscribed,
    // and the card says how to allow it.
    await context.clearPermissions();
    await toggle.click();
    await expect(
      card.getByText("Notifications are blocked for this site in your browser's settings"),
    ).toBeVisible();
    await expect(card.getByRole("switch")).toHaveCount(0);
  });
});

test.describe("notifications on an iPhone, in Safari", () => {
  test.use({
    viewport: { width: 390, height: 844 },
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  });

  test("explains that push needs the app on the Home Screen first", async ({ page }) => {
    // Safari on iOS has no Notification or PushManager outside a Home Screen app.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, "PushManager");
      Reflect.deleteProperty(window, "Notification");
    });
    await registerMember(page);
    await page.goto("/notifications?tab=preferences");
    const card = page.getByRole("region", { name: "Notifications on this device" });
    await expect(card.getByText("notifications need the app on your Home Screen first")).toBeVisible();
    await expect(card.getByRole("switch")).toHaveCount(0);
  });
});
