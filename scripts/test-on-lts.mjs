// `npm run test:lts`: the API tests, and a start of the built app on the embedded default, on the
// current Node.js LTS (installed from the npm registry by scripts/lib/node-lts.mjs), so a ministry
// that installs today's Node gets a working app. `npm test` runs it after the tests on this Node.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { nodeForLts } from "./lib/node-lts.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const { bin, version } = nodeForLts(root);
console.log(`\nAPI tests on Node.js ${version}`);
execFileSync(bin, ["node_modules/vitest/vitest.mjs", "run", "test/api"], { stdio: "inherit" });

console.log(`\nA start on the embedded default on Node.js ${version}`);
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
try {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("the server exited");
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error("the server was not ready within 90 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  const origin = `http://localhost:${port}`;
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: "ruth@example.com", password: "mishpacha-demo" }),
  });
  if (!login.ok) throw new Error(`the demo member could not sign in: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const home = await fetch(`${url}/`, { headers: { cookie } });
  const wall = await fetch(`${url}/api/prayer-requests`, { headers: { cookie } });
  const requests = await wall.json();
  if (
    !home.ok ||
    !(await home.text()).includes("page-state") ||
    !Array.isArray(requests) ||
    !requests.length
  ) {
    throw new Error("the home page was not rendered with her answers, or the prayer wall was empty");
  }
  console.log(`✓ started on the embedded default, signed in, rendered home and read the prayer wall`);
} catch (err) {
  console.error(`✗ ${err.message}\n${output}`);
  process.exitCode = 1;
} finally {
  child.kill("SIGTERM");
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
