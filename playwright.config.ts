import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, testBrowserPath } from "./e2e/support/chromium";

// Chosen once here; workers inherit the environment of this process. 4300–4999, and 5300–5999 for
// the mailbox, hold none of the ports browsers and fetch refuse to open (5060, 6666 and the like).
process.env.E2E_PORT ??= String(4300 + (process.pid % 700));
const port = Number(process.env.E2E_PORT);
// Where the browser tests read the mail the app sent (e2e/support/services/mailbox.mjs).
process.env.E2E_MAILBOX_PORT ??= String(port + 1000);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  // A journey's budget, three times that for those marked slow: this suite ran in 16.6 minutes on
  // one day's machine and in 28 on another's, and a budget is for hangs, not for the machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: `.tmp/e2e-results-${port}`,
  use: {
    baseURL,
    // A failed test keeps its screenshot and the page's accessibility tree (error-context.md). Its
    // trace (every action's page, network and console) only with E2E_TRACE=1: recording one costs
    // every test, failed or not, about a sixth of the suite's time, and the film of the screen more.
    trace: process.env.E2E_TRACE === "1" ? { mode: "retain-on-failure", screenshots: false } : "off",
    screenshot: "only-on-failure",
    // No service worker unless a test asks for one (the app's own, its push and its offline shell
    // have theirs): in a fresh context every test would install it and fetch its whole precache,
    // about 130 files, and from then on it would answer navigations with the app's shell rather
    // than the page the server draws, which is what a member's first visit gets, and stand between
    // a page and the routes a test stubs (YouTube's player).
    serviceWorkers: "block",
    launchOptions: { executablePath: testBrowserPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "node e2e/support/serve.mjs",
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(port), E2E_MAILBOX_PORT: process.env.E2E_MAILBOX_PORT },
  },
});
