import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { healthEndpoints } from "../../src/core/health/endpoints";
import { startEmbeddedPostgres } from "../../src/server/db/embedded-postgres";
import { queryOnce, uniqueName } from "../support/databases";
import { recordFigures } from "../support/figures";
import { freshDatabase } from "../support/fresh";
import { HttpClient, startServer } from "../support/server-process";

const SECRET = "s".repeat(64);
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

async function database() {
  const db = await freshDatabase();
  cleanups.push(db.drop);
  return db;
}

const account = (email: string) => ({
  email,
  password: "steadfast love",
  firstName: "Load",
  lastName: "Tester",
});

describe("graceful stop", () => {
  it("lets in-flight requests finish on SIGTERM, refuses new ones and exits cleanly", async () => {
    const db = await database();
    const server = await startServer({
      DATABASE_URL: db.url,
      SESSION_SECRET: SECRET,
      AUTH_RATE_LIMIT: "10000",
      // At debug the server logs each request as it arrives: the signal is sent once all are inside.
      LOG_LEVEL: "debug",
    });
    const client = new HttpClient(server.url);
    // Registrations hash passwords (tens of milliseconds each), so many are in flight at once.
    const inFlight = Array.from({ length: 24 }, (_, i) =>
      client.call(authEndpoints.register, { body: account(`drain-${i}@example.test`) }),
    );
    const arrived = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"request received"') && line.includes(authEndpoints.register.path))
        .length;
    await new Promise<void>((resolve) => {
      const check = () => {
        if (arrived() < 24) return;
        server.child.stdout!.off("data", check);
        resolve();
      };
      server.child.stdout!.on("data", check);
      check();
    });
    const code = server.stop("SIGTERM");
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    await expect(fetch(`${server.url}${healthEndpoints.health.path}`)).rejects.toThrow();
    expect(await code).toBe(0);
    const [row] = await queryOnce<{ n: number }>(db.url, "select count(*)::int as n from users");
    expect(row!.n).toBe(24);
    recordFigures("Faults", { "requests in flight at SIGTERM, all answered": answers.length });
  });
});

describe("a hard kill in the middle of writes", () => {
  it("keeps every acknowledged write whole, and the restart does not re-run migrations", async () => {
    const db = await database();
    const env = { DATABASE_URL: db.url, SESSION_SECRET: SECRET, AUTH_RATE_LIMIT: "100000" };
    const server = await startServer(env);
    const client = new HttpClient(server.url);
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const email = `crash-${next++}@example.test`;
        const res = await client
          .call(authEndpoints.register, { body: account(email) })
          .catch(() => undefined);
        if (res?.status === 201) acknowledged.push(email);
        if (acknowledged.length >= 60 && !killed) {
          killed = true;
          server.child.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await server.exited;

    const restarted = await startServer(env);
    cleanups.push(() => restarted.stop());
    const rows = await queryOnce<{ email: string; joined: number }>(
      db.url,
      `select u.email, (select count(*)::int from activity_log a where a.user_id = u.id and a.kind = 'member_joined') as joined
       from users u`,
    );
    const stored = new Map(rows.map((r) => [r.email, r.joined]));
    for (const email of acknowledged) expect(stored.get(email), email).toBe(1);
    // Atomic: no member without the activity row written in the same transaction.
    expect(rows.filter((r) => r.joined !== 1)).toEqual([]);
    const migrations = fs.readdirSync("src/server/db/migrations").filter((f) => f.endsWith(".sql")).length;
    const [applied] = await queryOnce<{ n: number }>(
      db.url,
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    expect(applied!.n).toBe(migrations);
    const login = await new HttpClient(restarted.url).call(authEndpoints.login, {
      body: { email: acknowledged[0]!, password: "steadfast love" },
    });
    expect(login.status).toBe(200);
    recordFigures("Faults", {
      "writes acknowledged before SIGKILL": acknowledged.length,
      "acknowledged writes missing after restart": acknowledged.filter((e) => !stored.has(e)).length,
    });
    // Two server starts and 60 password hashes: on a busy two-core machine this takes its time.
  }, 90_000);
});

describe("a database outage", () => {
  it("answers 503 within a bounded time, reports not ready, and recovers by itself", async () => {
    const dataDir = path.resolve(".tmp", uniqueName("outage"));
    let cluster = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    cleanups.push(async () => {
      await cluster.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const server = await startServer({ DATABASE_URL: cluster.url, SESSION_SECRET: SECRET });
    cleanups.push(() => server.stop());
    const member = new HttpClient(server.url);
    expect((await member.call(authEndpoints.register, { body: account("outage@example.test") })).status).toBe(
      201,
    );

    await cluster.stop();
    const started = Date.now();
    const during = await member.call(authEndpoints.user).catch((err) => {
      throw new Error(
        `the server is gone: ${err}\n${server
          .output()
          .split("\n")
          .filter((l) => /fatal|"level":[56]0/.test(l))
          .join("\n")
          .slice(-4000)}`,
      );
    });
    const waited = Date.now() - started;
    expect(during.status).toBe(503);
    expect(during.body.message).toMatch(/temporarily unavailable/);
    expect(waited).toBeLessThan(10_000);
    expect((await member.call(healthEndpoints.ready)).status).toBe(503);
    expect((await member.call(healthEndpoints.health)).status).toBe(200);

    cluster = await startEmbeddedPostgres({ dataDir, ephemeral: true, port: cluster.port });
    let recoveredAfter = 0;
    for (let i = 0; i < 200; i += 1) {
      if ((await member.call(healthEndpoints.ready)).status === 200) {
        recoveredAfter = i;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const after = await member.call(authEndpoints.user);
    expect(after.status).toBe(200);
    expect(after.body.email).toBe("outage@example.test");
    recordFigures("Faults", {
      "answer time while the database is down (ms)": waited,
      "ready checks until recovered": recoveredAfter + 1,
    });
  });
});
