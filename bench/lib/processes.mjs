import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitForUrl(url, timeoutMs = 60_000, isDone = () => false) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (isDone()) throw new Error(`process exited before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return Date.now() - started;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts `node <script>` with env and waits for /api/ready; returns timing and a stop(). With
 * `logFile`, the server's output goes to that file, as a service's goes to its journal, rather than
 * through a pipe into this process. `node` runs it on another Node.js binary.
 */
export async function startNode(script, env, readyPath = "/api/ready", { logFile, node } = {}) {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const started = Date.now();
  let output = "";
  let exited = false;
  const fd = logFile ? fs.openSync(logFile, "w") : undefined;
  const child = spawn(node ?? process.execPath, [script], {
    env: { ...process.env, HOST: "127.0.0.1", ...env, PORT: String(port) },
    stdio: ["ignore", fd ?? "pipe", fd ?? "pipe"],
  });
  if (fd !== undefined) fs.closeSync(fd);
  child.stdout?.on("data", (c) => (output += c));
  child.stderr?.on("data", (c) => (output += c));
  const exit = new Promise((resolve) =>
    child.on("exit", (code) => {
      exited = true;
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(url + readyPath, 90_000, () => exited);
  } catch (err) {
    child.kill("SIGKILL");
    throw new Error(`${err.message}\n${logFile ? fs.readFileSync(logFile, "utf8").slice(-4000) : output}`);
  }
  return {
    url,
    port,
    pid: child.pid,
    readyMs: Date.now() - started,
    output: () => (logFile ? fs.readFileSync(logFile, "utf8") : output),
    rssMb: () => {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
        return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
      } catch {
        return Number.NaN;
      }
    },
    async stop() {
      if (!exited) child.kill("SIGTERM");
      await exit;
    },
  };
}
