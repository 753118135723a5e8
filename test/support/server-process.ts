import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Endpoint } from "../../src/core/contract";
import { type CallArgs, type Reply, sent } from "./calls";

export const distServer = () => path.resolve(process.env.DIST_DIR ?? "dist", "server", "main.js");

export function requireBuild() {
  if (!fs.existsSync(distServer())) {
    throw new Error('These tests run the built server: run "npm run build" first (npm test does).');
  }
}

const listensOn = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    // No host: every address, as a server that binds 0.0.0.0 or :: will ask for.
    server.listen(port, () => server.close(() => resolve(true)));
  });

/**
 * A port nothing listens on now, for a server a test starts of its own. It is drawn from below the
 * range the kernel hands out to port-0 listeners and outgoing connections (32768–60999 on Linux), so
 * that another test's server or a connection cannot take it in the moments before this one binds it.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 500; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await listensOn(port)) return port;
  }
  throw new Error("no free port between 20000 and 32000");
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or the signal) when the process ends. */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** Runs the built server (`dist/server/main.js`) as `npm start` would, with the given environment. */
export async function startServer(
  env: Record<string, string>,
  options: { port?: number } = {},
): Promise<ServerProcess> {
  requireBuild();
  const port = options.port ?? (await freePort());
  let output = "";
  const child = spawn(process.execPath, [distServer()], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: "warn",
      DEMO: "0",
      MAIL_TRANSPORT: "log",
      // Members registered by a test (the load test's) share far more than a first day allows.
      NEW_MEMBER_PRAYER_LIMIT: "100000",
      NEW_MEMBER_POST_LIMIT: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (c) => {
    output += c;
  });
  child.stderr!.on("data", (c) => {
    output += c;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let done = false;
  void exited.then(() => {
    done = true;
  });
  while (true) {
    if (done) throw new Error(`server exited during start:\n${output}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server not ready after 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    exited,
    stop(signal = "SIGTERM") {
      if (!done) child.kill(signal);
      return exited;
    },
  };
}

/** A tiny client with a cookie jar and the site's Origin, over real HTTP. */
export class HttpClient {
  private readonly jar = new Map<string, string>();
  constructor(
    private readonly base: string,
    private readonly origin: string = base.replace("127.0.0.1", "localhost"),
  ) {}

  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  useCookiesOf(other: HttpClient) {
    for (const [k, v] of other.jar) this.jar.set(k, v);
  }

  /** Calls an endpoint by its declaration; the answer is typed as the endpoint's (see `TestClient`). */
  async call<E extends Endpoint>(e: E, ...input: CallArgs<E>) {
    const { url, body, headers } = sent(e, input);
    const res = await this.request(e.method, url, body, headers);
    return { ...res, body: res.body as Reply<E> };
  }

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.base + url, {
      method,
      redirect: "manual",
      headers: {
        ...(body !== undefined && { "content-type": "application/json" }),
        ...(method !== "GET" && { origin: this.origin }),
        // As a browser says of a request from one of the site's own pages.
        "sec-fetch-site": "same-origin",
        ...(this.jar.size && { cookie: this.cookie }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (!value || /max-age=0|expires=Thu, 01 Jan 1970/i.test(c)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, body: json, text, headers: res.headers };
  }
}
