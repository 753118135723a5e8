import { type ChildProcess, spawn } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium, expect, test } from "@playwright/test";
import { startOidcProvider } from "../test/support/oidc-provider";
import { freePort } from "../test/support/server-process";
import { CHROMIUM_ARGS, testBrowserPath } from "./support/chromium";

// Going live as docs/deploy.md says: Debian's Caddy in front, with the repository's
// deploy/Caddyfile, the app on 127.0.0.1 with PUBLIC_URL on https and TRUST_PROXY=1. Caddy's own
// certificate authority stands in for Let's Encrypt; the browser trusts it as a member's browser
// trusts a public one.

const root = path.resolve(import.meta.dirname, "..");
const caddy = process.env.CADDY_PATH ?? "/usr/bin/caddy";
const dist = path.resolve(root, process.env.DIST_DIR ?? "dist");

/** A process whose output is kept, for the message when it fails. */
function started(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (c) => {
    output += c;
  });
  child.stderr!.on("data", (c) => {
    output += c;
  });
  return { child, output: () => output };
}

/** Polls `check` until it holds, or fails with what `what()` says. */
async function until(check: () => Promise<boolean> | boolean, what: () => string, ms = 60_000) {
  const deadline = Date.now() + ms;
  const holds = async () => {
    try {
      return await check();
    } catch {
      return false;
    }
  };
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

/** The base64 SHA-256 of a certificate's public key, as Chromium's SPKI list takes it. */
const spkiHash = (pem: string) =>
  createHash("sha256")
    .update(new X509Certificate(pem).publicKey.export({ type: "spki", format: "der" }))
    .digest("base64");

test.describe("going live behind Caddy", () => {
  let work: string;
  let app: ReturnType<typeof started>;
  let proxy: ReturnType<typeof started>;
  let idp: Awaited<ReturnType<typeof startOidcProvider>>;
  let browser: Browser;
  let httpPort: number;
  let site: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    if (!fs.existsSync(caddy)) {
      throw new Error(
        `Caddy is not at ${caddy}: run "node scripts/ensure-caddy.mjs" (npm run test:e2e does).`,
      );
    }
    work = fs.mkdtempSync(path.join(os.tmpdir(), "mishpacha-https-"));
    const [appPort, httpsPort] = [await freePort(), await freePort()];
    httpPort = await freePort();
    site = `https://localhost:${httpsPort}`;
    idp = await startOidcProvider({
      clientId: "mishpacha",
      clientSecret: "a-secret-of-the-test-provider",
      redirectUri: `${site}/api/callback`,
    });
    idp.signInAs({
      sub: "lydia-1",
      email: "lydia@ministry.example",
      email_verified: true,
      given_name: "Lydia",
    });

    app = started(process.execPath, [path.join(dist, "server", "main.js")], {
      PORT: String(appPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: site,
      TRUST_PROXY: "1",
      DATA_DIR: path.join(work, "data"),
      DEMO: "1",
      LOG_LEVEL: "warn",
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: "mishpacha",
      OIDC_CLIENT_SECRET: "a-secret-of-the-test-provider",
    });
    await until(
      async () => (await fetch(`http://127.0.0.1:${appPort}/api/ready`)).ok,
      () => `the app did not start:\n${app.output()}`,
    );

    // The global options only move Caddy's ports and certificates into this test's folder; the
    // site is the repository's deploy/Caddyfile, word for word.
    const caddyfile = path.join(work, "Caddyfile");
    fs.writeFileSync(
      caddyfile,
      `{
	http_port ${httpPort}
	local_certs
	skip_install_trust
	admin off
	storage file_system ${path.join(work, "caddy")}
}
import ${path.join(root, "deploy", "Caddyfile")}
`,
    );
    proxy = started(caddy, ["run", "--config", caddyfile, "--adapter", "caddyfile"], {
      MISHPACHA_DOMAIN: `localhost:${httpsPort}`,
      MISHPACHA_PORT: String(appPort),
      XDG_CONFIG_HOME: path.join(work, "config"),
      XDG_DATA_HOME: path.join(work, "share"),
    });
    const authority = path.join(work, "caddy", "pki", "authorities", "local");
    await until(
      () =>
        fs.existsSync(path.join(authority, "intermediate.crt")) &&
        proxy.output().includes("certificate obtained"),
      () => `Caddy did not get its certificate:\n${proxy.output()}`,
    );
    const trusted = ["root.crt", "intermediate.crt"].map((f) =>
      spkiHash(fs.readFileSync(path.join(authority, f), "utf8")),
    );
    browser = await chromium.launch({
      executablePath: testBrowserPath(),
      args: [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${trusted.join(",")}`],
    });
  });

  test.afterAll(async () => {
    await browser?.close();
    if (proxy) await stop(proxy.child);
    if (app) await stop(app.child);
    await idp?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test("a member signs in through https: secure cookies, redirects and the provider's callback on the public origin, plain http redirected; the dashboard says payments are not set up", async () => {
    test.slow();
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // Plain http:// lands on https://.
    const first = await page.goto(`http://localhost:${httpPort}/sign-in`);
    expect(first!.ok()).toBe(true);
    expect(page.url()).toBe(`${site}/sign-in`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);

    // The demo member signs in with her password.
    await page.getByLabel("E-mail").fill("ruth@example.com");
    await page.getByLabel("Password", { exact: true }).fill("mishpacha-demo");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(`${site}/`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Ruth");
    const sid = (await context.cookies()).find((c) => c.name === "sid");
    expect(sid).toMatchObject({ secure: true, httpOnly: true, domain: "localhost" });
    await context.close();

    // Another signs in through the identity provider: it is sent back to the public origin.
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto(`${site}/sign-in`);
    const toProvider = second.waitForRequest((r) => r.url().startsWith(`${idp.issuer}/auth`));
    await second.getByRole("link", { name: "Continue with single sign-on" }).click();
    const asked = new URL((await toProvider).url());
    expect(asked.searchParams.get("redirect_uri")).toBe(`${site}/api/callback`);
    await expect(second).toHaveURL(new RegExp(`^${site}/`));
    expect(new URL(second.url()).pathname).not.toBe("/sign-in");
    expect((await other.cookies()).find((c) => c.name === "sid")).toMatchObject({ secure: true });
    await other.close();

    // This site takes no payments: the dashboard's Revenue tab says so, and how to set them up.
    const admin = await browser.newContext();
    const dashboard = await admin.newPage();
    await dashboard.goto(`${site}/sign-in`);
    await dashboard.getByLabel("E-mail").fill("naomi@example.com");
    await dashboard.getByLabel("Password", { exact: true }).fill("mishpacha-demo");
    await dashboard.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(dashboard).toHaveURL(`${site}/`);
    await dashboard.goto(`${site}/admin?tab=revenue`);
    await expect(
      dashboard.getByRole("heading", { name: "Online payments are not set up yet." }),
    ).toBeVisible();
    await expect(dashboard.getByText("STRIPE_SECRET_KEY")).toBeVisible();
    await expect(dashboard.getByText("Conversion Rate")).toHaveCount(0);
    await admin.close();
    expect(errors).toEqual([]);
  });
});
