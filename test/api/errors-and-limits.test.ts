import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { endpoint } from "../../src/core/contract";
import { healthEndpoints } from "../../src/core/health/endpoints";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { serve } from "../../src/server/http/endpoint-routes";
import { createLogger } from "../../src/server/http/request-log";
import { createTestContext, messageOf, type TestContext } from "../support/app";
import { freshDatabase } from "../support/fresh";

describe("rate limits", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ AUTH_RATE_LIMIT: "3" });
  });
  afterAll(() => t.close());

  it("stops sign-in attempts from one address after AUTH_RATE_LIMIT a minute", async () => {
    const client = t.visitor();
    const attempt = () =>
      client.call(authEndpoints.login, { body: { email: "someone@example.test", password: "guessing123" } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many requests\. Please wait .+ and try again\.$/);
    // Creating accounts draws on the same budget of the same address.
    const register = await client.call(authEndpoints.register, {
      body: { email: "new@example.test", password: "long enough", firstName: "A", lastName: "B" },
    });
    expect(register.status).toBe(429);
  });
});

describe("unexpected failures", () => {
  it("answer 500 with a plain message, never a stack trace, and are logged with the request id", async () => {
    const created = await freshDatabase();
    const config = loadConfig({
      DATABASE_URL: created.url,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      MAIL_TRANSPORT: "log",
    });
    const database = openDatabase(created.url, { max: 2 });
    const logged: Array<Record<string, unknown>> = [];
    const app = await buildApp({
      config,
      database,
      logger: createLogger({
        level: "error",
        destination: { write: (line: string) => logged.push(JSON.parse(line)) },
      }),
    });
    const boom = endpoint({
      method: "GET",
      path: "/api/boom",
      summary: "Fails",
      caller: "visitor",
      response: null,
    });
    serve(app, boom, async () => {
      throw new Error("secret internals at /srv/app.ts:42");
    });
    try {
      const res = await app.inject({
        method: boom.method,
        url: boom.path,
        headers: { "x-request-id": "req-123" },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: "Something went wrong on our side. Please try again." });
      expect(res.body).not.toContain("secret internals");
      expect(res.headers["x-request-id"]).toBe("req-123");
      expect(logged.some((l) => l.reqId === "req-123" && String(l.msg).includes("request failed"))).toBe(
        true,
      );
    } finally {
      await app.close();
      await database.close();
      await created.drop();
    }
  });

  it("answer 503 quickly when the database is unreachable, and /api/ready says not ready", async () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "silent",
      MAIL_TRANSPORT: "log",
    });
    const database = openDatabase(config.databaseUrl!, { max: 2 });
    const app = await buildApp({ config, database, logger: false });
    try {
      const ready = await app.inject({
        method: healthEndpoints.ready.method,
        url: healthEndpoints.ready.path,
      });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: "not ready" });
      const started = Date.now();
      const res = await app.inject({
        method: authEndpoints.user.method,
        url: authEndpoints.user.path,
        headers: { cookie: "sid=whatever" },
      });
      expect(res.statusCode).toBe(503);
      expect(messageOf(res.json())).toMatch(/temporarily unavailable/);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
