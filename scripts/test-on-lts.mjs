// `npm run test:lts`: the app on the current Node.js LTS (installed from the npm registry by
// scripts/lib/node-lts.mjs), so a ministry that installs today's Node gets a working app. The whole
// API suite runs once, on this Node (`npm run test:api`); on the LTS run the API tests where a
// runtime's differences show first (password hashing, cookies and sessions; the prayer wall; backups'
// streams and compression), then a start of the built app on the embedded default, with its demo
// content, and a pass over it as a member uses it: sign in, pages, reads, a write, a mail the job
// queue sends, the API document.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { nodeForLts } from "./lib/node-lts.mjs";

const API_TESTS = ["test/api/auth.test.ts", "test/api/prayer.test.ts", "test/api/backup.test.ts"];

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const { bin, version } = nodeForLts(root);
console.log(`\nAPI tests of sign-in, the prayer wall and backups on Node.js ${version}`);
execFileSync(bin, ["node_modules/vitest/vitest.mjs", "run", ...API_TESTS], { stdio: "inherit" });

console.log(`\nA start on the embedded default, and a member's pass over it, on Node.js ${version}`);
const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const dataDir = path.join(root, ".tmp", "lts-start");
fs.rmSync(dataDir, { recursive: true, force: true });
let output = "";
const child = spawn(bin, ["dist/server/main.js"], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
  stdio: ["ignore", "pipe", "pipe"],
});
child.stdout.on("data", (c) => (output += c));
child.stderr.on("data", (c) => (output += c));
const exited = new Promise((resolve) => child.on("exit", resolve));
const url = `http://127.0.0.1:${port}`;
const origin = `http://localhost:${port}`;

/** Waits up to `seconds` for `condition` (checked every tenth of a second) to hold. */
async function until(condition, seconds, what) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("the server exited");
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`${what} within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let cookie = "";
/** A request as the browser sends it: her cookies, and the site's Origin on a write. */
async function call(method, pathname, body) {
  const res = await fetch(url + pathname, {
    method,
    headers: {
      ...(cookie && { cookie }),
      ...(body !== undefined && { "content-type": "application/json", origin }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const type = res.headers.get("content-type") ?? "";
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: type.includes("json") ? JSON.parse(text) : text,
  };
}
/** Signs a demo account in: her session cookie goes with the calls that follow. */
async function signIn(email) {
  cookie = "";
  const login = await call("POST", "/api/auth/login", { email, password: "mishpacha-demo" });
  if (login.status !== 200) fail(`${email} could not sign in`, login);
  cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
const fail = (what, res) => {
  throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
};
const ok = (what) => console.log(`  ✓ ${what}`);

try {
  await until(
    () =>
      fetch(`${url}/api/ready`).then(
        (r) => r.ok,
        () => false,
      ),
    90,
    "the server was not ready",
  );
  ok("started on the embedded default with the demo content");

  await signIn("ruth@example.com");
  const user = await call("GET", "/api/auth/user");
  if (user.status !== 200 || user.body.email !== "ruth@example.com") {
    fail("signed in, she was not known", user);
  }
  ok("the demo member signs in and is known");

  for (const page of ["/", "/community", "/videos"]) {
    const res = await call("GET", page);
    if (res.status !== 200 || !res.text.includes('id="page-state"')) {
      fail(`${page} was not rendered with her answers`, res);
    }
  }
  ok("her home, prayer wall and video library are rendered with her answers");

  for (const list of [
    "/api/prayer-requests",
    "/api/videos",
    "/api/events",
    "/api/articles",
    "/api/notifications",
  ]) {
    const res = await call("GET", list);
    if (res.status !== 200 || !Array.isArray(res.body) || res.body.length === 0) {
      fail(`${list} was empty`, res);
    }
  }
  ok("the prayer wall, videos, events, articles and her notifications are read");

  const content = `Strength for the week ahead (${version}).`;
  const shared = await call("POST", "/api/prayer-requests", { content });
  if (shared.status !== 201) fail("sharing a prayer request failed", shared);
  const wall = await call("GET", "/api/prayer-requests");
  if (wall.body[0]?.content !== content) fail("her new request is not first on the wall", wall);
  ok("a prayer request she shares is first on the wall");

  // Registering queues the verification mail; the job queue's worker writes it to the output.
  cookie = "";
  const email = `lts-${Date.now()}@example.test`;
  const registered = await call("POST", "/api/auth/register", {
    email,
    password: "grace-and-peace",
    firstName: "Lydia",
    lastName: "Tester",
  });
  if (registered.status !== 201) fail("a new member could not register", registered);
  await until(
    // Each logged mail is one JSON record naming its address.
    () => output.includes(`"to":"${email}"`) && output.includes("/verify-email?token="),
    30,
    "the job queue did not send her verification mail",
  );
  ok("the job queue sends a new member's verification mail");

  await signIn("naomi@example.com");
  const document = await call("GET", "/api/openapi.json");
  if (
    document.status !== 200 ||
    document.body.openapi !== "3.1.0" ||
    !document.body.paths["/api/prayer-requests"]
  ) {
    fail("the API document did not load", document);
  }
  ok("the API document loads for the administrator");
} catch (err) {
  console.error(`✗ ${err.message}\n${output}`);
  process.exitCode = 1;
} finally {
  child.kill("SIGTERM");
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
