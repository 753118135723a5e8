import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../test/support/server-process";
import { expect, expectAccessible, test } from "./support/fixtures";

// The first administrator sets the ministry up in the browser (decision 062). The shared server is
// a trial with demo administrators, so there /setup is the not-found page; her journey runs on a real
// start of its own (no demo content, no administrator) on an embedded database in a folder of its own.

interface RealStart {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** The built server as `npm start -- --production` runs it, with its mail written to its output. */
async function realStart(): Promise<RealStart> {
  const port = await freePort();
  const dataDir = path.resolve(".tmp", `e2e-setup-${process.env.E2E_PORT}-${port}`);
  const dist = path.resolve(process.env.DIST_DIR ?? "dist");
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [path.join(dist, "server", "main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      DEMO: "0",
      MAIL_TRANSPORT: "log",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await expect
    .poll(() => output.includes("Set up your ministry:") || child.exitCode !== null, { timeout: 90_000 })
    .toBe(true);
  return {
    url: `http://localhost:${port}`,
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

test.describe("the first administrator's setup", () => {
  test("she sets up her ministry from the printed link and arrives in the dashboard as its administrator", async ({
    page,
    allowedConsoleErrors,
  }) => {
    test.slow();
    // At the end, the used link's page and its check answer 404.
    allowedConsoleErrors.push(/status of 404/);
    const real = await realStart();
    try {
      const link = /Set up your ministry: (\S+)/.exec(real.output())?.[1];
      expect(link, real.output()).toMatch(/\/setup\?token=[\w-]{43}$/);

      await page.goto(link!);
      await expect(page.getByRole("heading", { name: "Set up your ministry" })).toBeVisible();
      await expect(page).toHaveTitle(/^Set Up Your Ministry · /);
      await expectAccessible(page);

      // The Settings tab's rules for the names, registering's for her account, said beside each field.
      await page.getByRole("button", { name: "Set up my ministry" }).click();
      await expect(page.getByText("Give the site a name of 1 to 60 characters, on one line.")).toBeVisible();
      await expect(page.getByText("First name is required")).toBeVisible();
      await expect(page.getByLabel("Ministry's name")).toBeFocused();

      await page.getByLabel("Ministry's name").fill("Olive Branch Fellowship");
      await page.getByLabel("Founder's name").fill("Deborah Levi");
      await page.getByLabel("First name").fill("Deborah");
      await page.getByLabel("Last name").fill("Levi");
      await page.getByLabel("E-mail").fill("deborah@olivebranch.test");
      await page.getByLabel("Password", { exact: true }).fill("a garden in every season");
      await page.getByRole("button", { name: "Set up my ministry" }).click();

      await expect(page).toHaveURL(`${real.url}/admin`);
      await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
      const banner = page.getByRole("region", { name: "E-mail confirmation" });
      await expect(banner).toContainText("We sent a link to deborah@olivebranch.test");

      // The confirmation mail (written to the server's output here) confirms her address.
      let confirm: string | undefined;
      await expect
        .poll(() => {
          confirm = /http:\/\/localhost:\d+\/verify-email\?token=[\w-]+/.exec(real.output())?.[0];
          return confirm !== undefined;
        })
        .toBe(true);
      await page.goto(confirm!);
      await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
      await page.goto(`${real.url}/admin`);
      await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
      await expect(banner).toHaveCount(0);
      // The site goes by the names she gave, in the pages the server sends from now on.
      await expect
        .poll(async () => (await page.request.get(`${real.url}/sign-in`)).text())
        .toContain("<title>Sign In · Olive Branch Fellowship</title>");
      await expect
        .poll(async () => (await page.request.get(`${real.url}/`)).text())
        .toContain("Deborah Levi");

      // The link is used: for good, it leads nowhere (the server answers 404; the page says so even
      // when the app's offline copy answers first).
      await page.context().clearCookies();
      expect((await page.request.get(link!)).status()).toBe(404);
      await page.goto(link!);
      await expect(page.getByRole("heading", { name: /Page Not Found/ })).toBeVisible();
    } finally {
      // Nothing of hers keeps asking the server that is about to stop.
      await page.close();
      await real.stop();
    }
  });
});

test.describe("a ministry that has its administrator", () => {
  test("answers /setup with the not-found page, with or without a token", async ({
    page,
    allowedConsoleErrors,
  }) => {
    // The page's own 404, and the link's check.
    allowedConsoleErrors.push(/status of 404/);
    for (const address of ["/setup", "/setup?token=Zm9yZ2VkLXRva2VuLXRoYXQtbmV2ZXItd2FzLXByaW50ZWQ"]) {
      const res = await page.goto(address);
      expect(res?.status()).toBe(404);
      await expect(page).toHaveTitle(/^Page Not Found · /);
      await expect(page.getByRole("heading", { name: /Page Not Found/ })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Set up your ministry" })).toHaveCount(0);
    }
  });
});
