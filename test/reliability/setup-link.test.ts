import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { setupEndpoints } from "../../src/core/setup/endpoints";
import {
  distServer,
  HttpClient,
  requireBuild,
  type ServerProcess,
  startServer,
} from "../support/server-process";

// A real start (no demo content) on the embedded default, as `npm start -- --production` runs it:
// with no administrator it prints a one-time setup link, `npm run setup-link` makes a fresh one
// whether the server runs or not, and once the ministry is set up neither gives one (decision 062).

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "mishpacha-setup-"));
const running: ServerProcess[] = [];

beforeAll(() => requireBuild());
afterAll(async () => {
  for (const server of running) await server.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const run = promisify(execFile);
/** The built command `npm run setup-link` runs, as a separate process. */
const setupLinkCommand = (env: Record<string, string>) =>
  run(process.execPath, [path.join(path.dirname(distServer()), "setup-link.js")], {
    env: { ...process.env, DATABASE_URL: "", ...env },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );

const SETUP_LINE = /Set up your ministry: (http:\/\/localhost:\d+\/setup\?token=([\w-]{43}))$/m;

/** The token of the link a start or the command printed. */
function printedToken(output: string) {
  const token = SETUP_LINE.exec(output)?.[2];
  if (!token) throw new Error(`no setup link was printed:\n${output}`);
  return token;
}

async function realStart(dataDir: string) {
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: "", DEMO: "0" });
  running.push(server);
  const deadline = Date.now() + 10_000;
  while (!server.output().includes("    Mail:")) {
    if (Date.now() > deadline) throw new Error(`the start said nothing of itself:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return server;
}

describe("the first administrator's setup link on a real start", () => {
  it("is printed at the start, made afresh by npm run setup-link, used once, and then given no more", async () => {
    const dataDir = path.join(scratch, "data");
    const server = await realStart(dataDir);
    expect(server.output()).toContain("Real start: no demo content");
    const printed = printedToken(server.output());
    const visitor = new HttpClient(server.url);
    const page = (token?: string) =>
      visitor.request("GET", token === undefined ? "/setup" : `/setup?token=${token}`);
    expect((await page(printed)).status).toBe(200);
    expect((await page()).status).toBe(404);

    // The command, with the server running: a fresh link, and the one printed before stops working.
    const command = await setupLinkCommand({
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${server.port}`,
    });
    expect(command.code, command.out).toBe(0);
    const fresh = printedToken(command.out);
    expect((await page(printed)).status).toBe(404);
    expect((await page(fresh)).status).toBe(200);
    expect((await visitor.call(setupEndpoints.check, { body: { token: fresh } })).status).toBe(200);

    const res = await visitor.call(setupEndpoints.setUp, {
      body: {
        token: fresh,
        ministryName: "Olive Branch Fellowship",
        founderName: "Deborah Levi",
        firstName: "Deborah",
        lastName: "Levi",
        email: "deborah@olivebranch.test",
        password: "a garden in every season",
      },
    });
    expect(res.status, res.text).toBe(201);
    expect((await visitor.call(authEndpoints.user)).body).toMatchObject({ isAdmin: true });
    // Used once; and with an administrator, no setup page at all.
    expect((await page(fresh)).status).toBe(404);
    expect(
      (await new HttpClient(server.url).call(setupEndpoints.check, { body: { token: fresh } })).status,
    ).toBe(404);
    await server.stop();

    // The command on the stopped data folder: setup is done, and it says so.
    const done = await setupLinkCommand({ DATA_DIR: dataDir });
    expect(done.code).not.toBe(0);
    expect(done.out).toContain("Setup is done");
    expect(done.out).not.toMatch(SETUP_LINE);

    const again = await realStart(dataDir);
    expect(again.output()).not.toContain("Set up your ministry");
  }, 240_000);
});
