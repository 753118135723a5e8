// `node scripts/stage.mjs <script>...`: runs the named npm scripts in order, stopping at the first
// that fails, as `npm test` runs its stages, and appends "<script> <seconds>" for each (" failed"
// after the one that failed) to .tmp/stage-times.txt, which `.ci/run` prints at the end: a slow run
// says which stage grew.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const file = path.join(root, ".tmp", "stage-times.txt");
fs.mkdirSync(path.dirname(file), { recursive: true });

for (const name of process.argv.slice(2)) {
  const started = performance.now();
  const code = await new Promise((resolve) => {
    const child = spawn("npm", ["run", name], { stdio: "inherit" });
    child.on("error", () => resolve(1));
    child.on("exit", (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  fs.appendFileSync(file, `${name} ${seconds}${code === 0 ? "" : " failed"}\n`);
  if (code !== 0) process.exit(code);
}
