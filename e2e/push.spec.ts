import { CHROMIUM_ARGS, chromiumPath } from "./support/chromium";
import { expect, expectAccessible, registerMember, test } from "./support/fixtures";

// Push arrives through the app's service worker and shows as a notification, which only Chromium
// itself has: its headless shell refuses every notification.
test.use({ serviceWorkers: "allow", launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS } });

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

test.describe("a push on this device", () => {
  test("shows as a notification with its words, and a tap opens its place", async ({
    page,
    context,
    baseURL,
    allowedConsoleErrors,
  }) => {
    const origin = new URL(baseURL!).origin;
    await context.grantPermissions(["notifications"], { origin });
    await registerMember(page);
    await page.goto("/notifications");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    // The worker takes charge of pages opened after it started.
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    // The browser hands the worker a push as its push service would, after decrypting it.
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((r: { scopeURL: string }) => r.scopeURL === `${origin}/`);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const message = {
      title: "Mishpacha",
      body: "Naomi prayed for your request",
      url: `${origin}/community`,
      tag: "notification-1",
    };
    const registrationId = await registration;
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url: string }).url,
        })),
      );
    // A push service delivers again what a busy browser dropped while it was starting the worker;
    // the tag makes a second delivery replace the first, so one notification shows either way.
    await expect(async () => {
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin,
        registrationId,
        data: JSON.stringify(message),
      });
      await expect.poll(shown, { timeout: 4_000 }).toEqual([message]);
    }).toPass({ timeout: 20_000 });

    // A tap: the worker takes the open window to the notification's place and closes it.
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(async () => {
      // The worker's own globals, which the page's type library does not declare.
      const scope = globalThis as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification: notification! }));
    });
    await expect(page).toHaveURL(`${origin}/community`);
    await expect.poll(shown).toEqual([]);

    // A message in the conversation she is reading shows on the page, not on the device; one in
    // another conversation is shown.
    // (No conversation 41 is hers: its page answers 404, which the browser notes in the console.)
    allowedConsoleErrors.push(/404/);
    await page.goto("/messages/41");
    await page.bringToFront();
    const deliver = (url: string, tag: string) =>
      cdp.send("ServiceWorker.deliverPushMessage", {
        origin,
        registrationId,
        data: JSON.stringify({ title: "Mishpacha", body: "Priscilla sent you a message", url, tag }),
      });
    // Delivered again if a busy browser dropped them, as above: the first is never shown, and the
    // second replaces itself.
    await expect(async () => {
      await deliver(`${origin}/messages/41`, "notification-2");
      await deliver(`${origin}/messages/42`, "notification-3");
      await expect.poll(shown, { timeout: 4_000 }).toEqual([
        {
          title: "Mishpacha",
          body: "Priscilla sent you a message",
          tag: "notification-3",
          url: `${origin}/messages/42`,
        },
      ]);
    }).toPass({ timeout: 20_000 });
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
