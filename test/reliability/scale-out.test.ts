import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { recordFigures } from "../support/figures";
import { freshDatabase } from "../support/fresh";
import { HttpClient, type ServerProcess, startServer } from "../support/server-process";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisReachable(url: string) {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    socket.once("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

let a: ServerProcess;
let b: ServerProcess;
let drop: () => Promise<void>;

beforeAll(async () => {
  if (!(await redisReachable(REDIS_URL))) {
    throw new Error(
      `The scale-out tests need Redis at ${REDIS_URL}. Start one (redis-server) or set TEST_REDIS_URL.`,
    );
  }
  const db = await freshDatabase();
  drop = db.drop;
  const env = {
    DATABASE_URL: db.url,
    SESSION_SECRET: "z".repeat(64),
    REDIS_URL,
    AUTH_RATE_LIMIT: "6",
    // One public origin for both, as behind a load balancer.
    PUBLIC_URL: "http://localhost:8080",
  };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await drop?.();
});

const origin = "http://localhost:8080";

describe("two instances on one database", () => {
  it("share sessions: signed in through one, known to the other; signed out on one, out on both", async () => {
    const viaA = new HttpClient(a.url, origin);
    const email = `shared-${Date.now()}@example.test`;
    expect(
      (
        await viaA.call(authEndpoints.register, {
          body: { email, password: "one body many parts", firstName: "Shared", lastName: "Session" },
        })
      ).status,
    ).toBe(201);
    const viaB = new HttpClient(b.url, origin);
    viaB.useCookiesOf(viaA);
    expect((await viaB.call(authEndpoints.user)).body.email).toBe(email);

    expect((await viaB.call(authEndpoints.logout)).status).toBe(302);
    const again = new HttpClient(a.url, origin);
    again.useCookiesOf(viaA);
    expect((await again.call(authEndpoints.user)).status).toBe(401);
  });

  it("hold one rate limit across both (counters in Redis)", async () => {
    // A fresh address per run is not possible over loopback, so use a key no other test shares.
    const attempt = (server: ServerProcess) =>
      new HttpClient(server.url, origin).call(authEndpoints.login, {
        body: { email: `limit-${Date.now()}@example.test`, password: "wrong password" },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await attempt(i % 2 === 0 ? a : b)).status);
    // The first test spent some of this minute's budget on registering; 6 in all across both instances.
    const allowed = statuses.filter((s) => s === 401).length;
    expect(statuses).toContain(429);
    expect(allowed).toBeLessThanOrEqual(5);
    expect(statuses.slice(statuses.indexOf(429)).every((s) => s === 429)).toBe(true);
    recordFigures("Scale-out", {
      "instances sharing one database and Redis": 2,
      "sign-in attempts allowed across both in a minute (limit 6, one spent registering)": allowed,
    });
  });
});
