import {
  cameBackTwice,
  expect,
  expectAccessible,
  registerMember,
  signInAsAdministrator,
  test,
  uniqueEmail,
} from "./support/fixtures";

test.describe("landing page", () => {
  test("shows every section and both dialogs", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Cultivate Your Spiritual Garden" }),
    ).toBeVisible();
    await expect(page.getByText(/Founded by Miriam/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nurture Your Faith Together" })).toBeVisible();
    for (const card of ["Biblical Teaching", "Community", "Discipleship", "Prayer Support"]) {
      await expect(page.getByRole("heading", { name: card, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Ready to Grow Together?" })).toBeVisible();
    await expect(page.getByText(/© 2024/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Join the Mishpacha" })).toHaveCount(3);

    await page.getByRole("button", { name: "Learn More" }).click();
    const about = page.getByRole("dialog", { name: "About Mishpacha" });
    await expect(about).toBeVisible();
    for (const block of [
      "Video-Based Learning",
      "Cultivation Groups",
      "Prayer & Community",
      "Discipleship Connections",
    ]) {
      await expect(about.getByRole("heading", { name: block })).toBeVisible();
    }
    await expect(about.getByRole("heading", { name: "Why Mishpacha?" })).toBeVisible();
    await about.getByRole("button", { name: "Join Our Community" }).click();
    await expect(about).toBeHidden();

    const join = page.getByRole("dialog", { name: "Welcome to Our Family" });
    await expect(join).toBeVisible();
    await expect(join).toContainText("each member confirms her e-mail address");
    await expect(join).toContainText("We mail you a link to confirm your address.");
    await expect(join).not.toContainText("identity");
    for (const line of [
      "Secure and private authentication",
      "One-time setup for returning visits",
      "Grow in faith alongside other women",
    ]) {
      await expect(join.getByText(line)).toBeVisible();
    }
    await join.getByRole("button", { name: "Not Yet" }).click();
    await expect(join).toBeHidden();

    await page.getByRole("button", { name: "Learn More" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).first().click();
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("the Join dialog claims no number of members while they are few", async ({ page }) => {
    await page.goto("/");
    const stats = page.waitForResponse((r) => r.url().endsWith("/api/public-stats") && r.ok());
    await page.getByRole("banner").getByRole("button", { name: "Join the Mishpacha" }).click();
    // The demo's handful of members: the server gives no figure, and the dialog claims none.
    expect(await (await stats).json()).toEqual({ membersMoreThan: null });
    const join = page.getByRole("dialog", { name: "Welcome to Our Family" });
    await expect(join.getByText("Grow in faith alongside other women")).toBeVisible();
    await expect(join).not.toContainText(/thousands|more than|\d+ women/);
    await expectAccessible(page);
  });

  test("the Join dialog names the round figure the server gives", async ({ page }) => {
    await page.route("**/api/public-stats", (route) =>
      route.fulfill({ contentType: "application/json", body: JSON.stringify({ membersMoreThan: 1200 }) }),
    );
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Join the Mishpacha" }).click();
    const join = page.getByRole("dialog", { name: "Welcome to Our Family" });
    await expect(join.getByText("Join more than 1,200 women in spiritual growth")).toBeVisible();
    await expect(join.getByText("Grow in faith alongside other women")).toHaveCount(0);
  });

  test("a returning member signs in from the landing page's header", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole("tab", { name: "Sign in" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  });

  test("has no serious accessibility problems, nor has the sign-in page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await expectAccessible(page);
  });

  test("falls back to the site's name when the logo cannot load", async ({ page, allowedConsoleErrors }) => {
    allowedConsoleErrors.push(/404/);
    await page.route("**/logo.png", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByText("Mishpacha", { exact: true })).toBeVisible();
    await expect(header.locator('img[src="/logo.png"]')).toHaveCount(0);
  });
});

test.describe("visitor pages drawn by the server", () => {
  test.describe("before any script runs", () => {
    test.use({ javaScriptEnabled: false });
    test("the landing and sign-in pages already show their content", async ({ page }) => {
      await page.goto("/");
      await expect(
        page.getByRole("heading", { level: 1, name: "Cultivate Your Spiritual Garden" }),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: "Join the Mishpacha" }).first()).toBeVisible();
      await page.goto("/sign-in");
      await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
      await expect(page.getByLabel("E-mail")).toBeVisible();
      // Until the app runs, the form cannot be sent (natively it would put the password in the address).
      await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeDisabled();
    });
  });

  test("the app takes the drawn sign-in page over without redrawing it", async ({ page }) => {
    // Marks the heading the server sent once the HTML is parsed, before the app's script runs.
    await page.addInitScript(() => {
      document.addEventListener("readystatechange", () => {
        if (document.readyState === "interactive")
          document.querySelector("h1")?.setAttribute("data-from-server", "yes");
      });
    });
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await page.getByRole("tab", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Join the family" })).toHaveAttribute(
      "data-from-server",
      "yes",
    );
  });
});

test.describe("joining and signing in", () => {
  test("a visitor joins, lands in the member shell and signs out", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Join the Mishpacha" }).first().click();
    await page.getByRole("button", { name: "Continue to Join" }).click();
    await expect(page).toHaveURL(/\/sign-in\?mode=register/);
    await expect(page.getByRole("tab", { name: "Create account" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Join the family" })).toBeVisible();

    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expect(page.getByText("Please enter a valid e-mail address")).toBeVisible();

    await page.getByLabel("First name").fill("Hadassah");
    await page.getByLabel("Last name").fill("Stone");
    await page.getByLabel("E-mail").fill(uniqueEmail("join"));
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await page.getByLabel("Password").fill("a garden of grace");
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { name: /Hadassah/ })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const link of [
      "Home",
      "Videos",
      "Articles",
      "Courses",
      "My Notes",
      "Community",
      "Cultivation Groups",
      "Local Communities",
      "Discipleship",
    ]) {
      await expect(nav.getByRole("link", { name: link, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Admin Dashboard" })).toHaveCount(0);
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page.getByRole("heading", { name: "Cultivate Your Spiritual Garden" })).toBeVisible();
  });

  test("a wrong password is explained without saying whether the e-mail exists", async ({
    page,
    allowedConsoleErrors,
  }) => {
    allowedConsoleErrors.push(/401/);
    const member = await registerMember(page);
    await page.context().clearCookies();
    await page.goto("/sign-in");
    await page.getByLabel("E-mail").fill(member.email);
    await page.getByLabel("Password").fill("not my password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Incorrect e-mail or password");
    await page.getByLabel("Password").fill(member.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: /Lydia/ })).toBeVisible();
  });

  test("administrators find the dashboard in their menu", async ({ page }) => {
    await signInAsAdministrator(page);
    await page.goto("/");
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Admin Dashboard" })).toBeVisible();
  });
});

test.describe("routes", () => {
  test("a member page opened while signed out says so, then goes to sign in", async ({ page }) => {
    // The redirect follows the toast by half a second, so the page itself reports what it showed
    // and when; no assertion has to win a race against the navigation.
    const seen: { text: string; at: number }[] = [];
    await page.exposeBinding("reportToast", (_source, text: string, at: number) => {
      seen.push({ text, at });
    });
    await page.addInitScript(() => {
      type Reporter = { reportToast: (text: string, at: number) => void };
      const report = (window as unknown as Reporter).reportToast;
      let reported = false;
      new MutationObserver(() => {
        const toast = document.querySelector("li[data-state=open]");
        if (!reported && toast?.textContent?.includes("Logging in again")) {
          reported = true;
          report(toast.textContent, Date.now());
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    let leftAt = 0;
    page.on("request", (request) => {
      if (!leftAt && request.isNavigationRequest() && request.url().includes("/api/login")) {
        leftAt = Date.now();
      }
    });
    await page.goto("/videos");
    await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fvideos/);
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.text).toContain("Unauthorized");
    expect(seen[0]?.text).toContain("You are logged out. Logging in again...");
    expect(leftAt - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(400);
  });

  test("the admin pages ask visitors to sign in", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Administrator sign-in" })).toBeVisible();
    await page.goto("/admin/articles");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  });

  test("an unknown path shows the not-found page, with one heading and the way back", async ({
    page,
    allowedConsoleErrors,
  }) => {
    // The page itself answers 404, and the browser says so.
    allowedConsoleErrors.push(/status of 404/);
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByRole("heading")).toHaveCount(1);
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "Mishpacha home" }).click();
    await expect(page.getByRole("heading", { name: "Cultivate Your Spiritual Garden" })).toBeVisible();

    await registerMember(page);
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    // Inside the app shell: its navigation, and only its own main landmark.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
    await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Shalom, / })).toBeVisible();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu toggles and the bottom bar links the main sections", async ({ page }) => {
    await registerMember(page);
    await page.goto("/");
    const bottom = page.getByRole("navigation", { name: "Quick" });
    for (const link of ["Home", "Videos", "Articles", "Courses", "Community"]) {
      await expect(bottom.getByRole("link", { name: link })).toBeVisible();
    }
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(
      page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Discipleship" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.getByRole("navigation", { name: "Menu" })).toBeHidden();
  });

  test("the landing page's header offers both signing in and joining, within the screen", async ({
    page,
  }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Join the Mishpacha" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await header.getByRole("button", { name: "Join the Mishpacha" }).click();
    await expect(page.getByRole("dialog", { name: "Welcome to Our Family" })).toBeVisible();
  });
});

test.describe("passwords", () => {
  test("every password field can show what was typed, and hide it again", async ({ page }) => {
    await page.goto("/sign-in");
    const password = page.getByLabel("Password");
    await password.fill("a garden of grace");
    const show = page.getByRole("button", { name: "Show password" });
    await expect(show).toHaveAttribute("aria-pressed", "false");
    await expect(password).toHaveAttribute("type", "password");
    await show.click();
    await expect(show).toHaveAttribute("aria-pressed", "true");
    await expect(password).toHaveAttribute("type", "text");
    await expect(password).toHaveValue("a garden of grace");
    await show.click();
    await expect(password).toHaveAttribute("type", "password");

    await page.getByRole("tab", { name: "Create account" }).click();
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(1);

    await registerMember(page);
    await page.goto("/profile?tab=settings");
    // Current, new, and the new one again.
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(3);
  });
});

test.describe("install card", () => {
  test.use({ allowInstallPrompt: true });

  test("appears on her third day, five seconds after load when the browser made no offer, and can be dismissed", async ({
    page,
  }) => {
    await cameBackTwice(page);
    await page.goto("/");
    const card = page.getByRole("region", { name: "Install App" });
    await expect(card).toBeHidden();
    await expect(card).toBeVisible({ timeout: 9000 });
    await expect(
      card.getByText("Install the app on your device for quick access and a better experience."),
    ).toBeVisible();
    // No offer from the browser: the steps to install by hand, in the app's own dialog.
    await card.getByRole("button", { name: "Install" }).click();
    const steps = page.getByRole("dialog", { name: "Install on your computer" });
    await expect(steps.getByText(/install icon at the right end of the address bar/)).toBeVisible();
    await expect(steps).toContainText("Add to Home Screen");
    await steps.getByRole("button", { name: "Got it" }).click();
    await expect(steps).toBeHidden();
    await card.getByRole("button", { name: "Not Now" }).click();
    await expect(card).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(card).toBeHidden();
  });
});

test.describe("install card on an iPhone", () => {
  test.use({
    allowInstallPrompt: true,
    viewport: { width: 390, height: 844 },
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  });

  test("shows the Share menu's steps, and toasts stack above the card", async ({ page }) => {
    await cameBackTwice(page);
    await registerMember(page);
    await page.goto("/community");
    const card = page.getByRole("region", { name: "Install App" });
    await expect(card).toBeVisible({ timeout: 9000 });

    await card.getByRole("button", { name: "Install" }).click();
    const steps = page.getByRole("dialog", { name: "Add to your Home Screen" });
    await expect(steps.getByRole("listitem").nth(0)).toContainText("Tap the Share button");
    await expect(steps.getByRole("listitem").nth(1)).toContainText("Add to Home Screen");
    await steps.getByRole("button", { name: "Got it" }).click();
    await expect(steps).toBeHidden();

    await page.getByRole("button", { name: "Pray", exact: true }).first().click();
    const toast = page.locator("li", { has: page.getByText("Prayer recorded", { exact: true }) });
    await expect(toast).toBeVisible();
    const cardTop = (await card.boundingBox())!.y;
    // Polled: the toast slides in from below before it settles.
    await expect
      .poll(async () => {
        const box = (await toast.boundingBox())!;
        return box.y + box.height;
      })
      .toBeLessThanOrEqual(cardTop);

    // Once the card is gone, toasts sit just above the bottom bar again.
    await card.getByRole("button", { name: "Not Now" }).click();
    await expect(card).toBeHidden();
  });
});

test.describe("progressive web app", () => {
  test.use({ serviceWorkers: "allow" });

  test("offers a manifest with icons and runs a service worker that caches the shell", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const manifestHref = await page.locator('link[rel="manifest"]').first().getAttribute("href");
    const manifest = await (await request.get(manifestHref!)).json();
    expect(manifest).toMatchObject({ name: "Mishpacha", display: "standalone", start_url: "/" });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
      expect.arrayContaining(["192x192", "512x512"]),
    );
    for (const icon of manifest.icons) expect((await request.get(icon.src)).ok()).toBe(true);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toMatch(/\/$/);

    // Pages come from the server while it answers; offline, the stored shell opens instead.
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.context().setOffline(true);
    try {
      await page.goto("/videos");
      await expect(page.locator("#root")).not.toBeEmpty();
      await expect(page).toHaveTitle(/Mishpacha/);
    } finally {
      await page.context().setOffline(false);
    }
  });

  test("opens offline in the language of the page she last had, not her browser's", async ({
    page,
    allowedConsoleErrors,
  }) => {
    // Offline, the app cannot ask who she is.
    allowedConsoleErrors.push(/ERR_INTERNET_DISCONNECTED/);
    await registerMember(page);
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const choose = async (locale: string) => {
      const res = await page.request.put("/api/profile/language", {
        data: { locale },
        headers: { Origin: origin },
      });
      expect(res.status()).toBe(204);
    };
    const openOffline = async () => {
      await page.context().setOffline(true);
      try {
        await page.goto("/videos");
        await expect(page.locator("#root")).not.toBeEmpty();
        return {
          lang: await page.locator("html").getAttribute("lang"),
          dir: await page.locator("html").getAttribute("dir"),
        };
      } finally {
        await page.context().setOffline(false);
      }
    };

    // Her browser asks for English; she chose Hebrew.
    await choose("he");
    await page.goto("/");
    await page.evaluate(async () => await navigator.serviceWorker.ready);
    // This page comes through the worker, which notes its language.
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "he");
    expect(await openOffline()).toEqual({ lang: "he", dir: "rtl" });
    await expect(page.getByRole("heading", { name: "לא הצלחנו להתחבר לקהילה כרגע" })).toBeVisible();
    await expect(page.getByRole("button", { name: "לנסות שוב" })).toBeVisible();
    // In her words too, not the browser's.
    await expect(page.getByText("לא הצלחנו להגיע לשרת. בדקי את החיבור שלך ונסי שוב.")).toBeVisible();

    // She goes back to English: so does the app offline.
    await choose("en");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await openOffline()).toEqual({ lang: "en", dir: "ltr" });
    await expect(page.getByRole("heading", { name: "We can't reach the community right now" })).toBeVisible();
  });
});
