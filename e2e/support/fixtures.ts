import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, test as base, expect, type Page } from "@playwright/test";

import { DEMO_ADMIN } from "./demo";

export { DEMO_ADMIN, DEMO_MEMBER, DEMO_PASSWORD } from "./demo";

let counter = 0;
export function uniqueEmail(prefix = "member") {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}

export interface NewMember {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** The console errors and uncaught exceptions of a page, as they happen. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    // "Failed to load resource" names no address by itself: add which one.
    const { url } = msg.location();
    errors.push(
      msg.text().startsWith("Failed to load resource") && url ? `${msg.text()} (${url})` : msg.text(),
    );
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}

/** Keeps the install card away (it would cover buttons) on a page, or on every page of a context. */
const dismissInstallPrompt = (target: Page | BrowserContext) =>
  target.addInitScript(() => localStorage.setItem("install-prompt-dismissed-at", String(Date.now())));

/**
 * She has opened the app on two days before this one, as the install card waits for (it is offered
 * from her third day), on a page or on every page of a context.
 */
export const cameBackTwice = (target: Page | BrowserContext) =>
  target.addInitScript(() =>
    localStorage.setItem("install-prompt-visit-days", JSON.stringify(["2020-1-1", "2020-1-2"])),
  );

interface Fixtures {
  /** Console errors a test expects (a 401 from a wrong password, a missing image…). */
  allowedConsoleErrors: RegExp[];
  /** Console errors seen by the page; the test fails if any unexpected one remains at the end. */
  consoleErrors: string[];
  /** Whether the install card may appear (off by default so it never covers buttons). */
  allowInstallPrompt: boolean;
}

export const test = base.extend<Fixtures>({
  allowInstallPrompt: [false, { option: true }],
  allowedConsoleErrors: async ({}, use) => {
    await use([]);
  },
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors = collectErrors(page);
      await use(errors);
      const unexpected = errors.filter((e) => !allowedConsoleErrors.some((re) => re.test(e)));
      expect(unexpected, "the page logged errors to the console").toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, allowInstallPrompt, javaScriptEnabled }, use) => {
    if (!allowInstallPrompt) await dismissInstallPrompt(page);
    if (javaScriptEnabled !== false) actOnceLive(page);
    await use(page);
  },
});

/**
 * A page the server drew shows before its script runs, and a press before then does nothing: like a
 * member, a test acts once the app has taken the page over, after every `goto` and `reload`.
 */
function actOnceLive(page: Page) {
  for (const name of ["goto", "reload"] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page["goto"]>;
    page[name] = (async (...args: unknown[]) => {
      const response = await navigate(...args);
      if (await page.locator("#root[data-prerendered]").count()) {
        await page.locator("html[data-live]").waitFor({ state: "attached" });
      }
      return response;
    }) as never;
  }
}

/**
 * A browser context of its own (another person at another device) with a page that, like the test's
 * own, is acted on once live, and the errors that page logs (expect them empty); close the context
 * when done.
 */
export async function anotherBrowser(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await dismissInstallPrompt(context);
  const page = await context.newPage();
  actOnceLive(page);
  return { context, page, errors: collectErrors(page) };
}

export { expect };

/** Registers a new account through the API; the page's browser context is then signed in. */
export async function registerMember(page: Page, overrides: Partial<NewMember> = {}): Promise<NewMember> {
  const member: NewMember = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? "grace-and-peace",
    firstName: overrides.firstName ?? "Lydia",
    lastName: overrides.lastName ?? "Tester",
  };
  const res = await page.request.post("/api/auth/register", {
    data: member,
    headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  return member;
}

/**
 * A second member, registered and signed in in a browser context of her own, with the errors her
 * page logs (expect them empty); close her `context` when done.
 */
export async function anotherMember(browser: Browser, overrides: Partial<NewMember> = {}) {
  const { context, page, errors } = await anotherBrowser(browser);
  const member = await registerMember(page, overrides);
  return { context, page, member, errors };
}

/** Signs an existing account in through the API. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await page.request.post("/api/auth/login", { data: account, headers: { Origin: origin } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs the demo administrator in: the ministry's moderation, events and settings are hers. */
export const signInAsAdministrator = (page: Page) => signIn(page, DEMO_ADMIN);

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

/** The newest mail to `to` whose text holds `contains`, once `count` such mails reached the test's SMTP server. */
export async function mailTo(to: string, contains: string, { count = 1 } = {}): Promise<ReceivedMail> {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/messages?to=${encodeURIComponent(to)}`,
        );
        const mails = (await res.json()) as ReceivedMail[];
        found = mails.filter((m) => m.text.includes(contains));
        return found.length >= count;
      },
      { message: `${count} mail(s) to ${to} containing ${contains}`, timeout: 15_000 },
    )
    .toBe(true);
  return found[found.length - 1]!;
}

/** The link to one of the site's pages in a mail, as a path on this site. */
export function linkIn(mail: ReceivedMail, page: string): string {
  const link = mail.text.match(new RegExp(`https?://\\S+/${page}\\?token=[\\w-]+`))?.[0];
  if (!link) throw new Error(`no /${page} link in: ${mail.text}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** She follows the link in her verification mail, and the page says her address is confirmed. */
export async function confirmAddress(page: Page, email: string) {
  await page.goto(linkIn(await mailTo(email, "/verify-email?token="), "verify-email"));
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
}

/** axe-core scan; fails on serious or critical violations. */
export async function expectAccessible(page: Page) {
  // A toast sliding in or fading out is part transparent for a moment, and axe would read its words'
  // contrast mid-way: what moves for a while (not a spinner, which turns for ever) is let finish,
  // for at most three seconds: an animation paused once it was asked about never finishes.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (a) =>
              a.playState === "running" &&
              Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
          )
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((settled) => setTimeout(settled, 3000)),
    ]),
  );
  // Only violations are read, so axe gathers nothing about what passed. A page without frames is
  // scanned in place: the default (gathering each frame's results in a blank page of its own, for
  // frames of other origins) costs about a second a scan and finds nothing more there.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  const results = await axe.setLegacyMode(page.frames().length === 1).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}
