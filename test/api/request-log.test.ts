import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { eventsEndpoints } from "../../src/core/events/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { createLogger, requestIds } from "../../src/server/http/request-log";
import { createTestContext, type Member, type TestContext } from "../support/app";
import { linkIn, tokenOf } from "../support/mailbox";

type Line = Record<string, unknown>;

describe("the request log", () => {
  let t: TestContext;
  let lines: string[];
  let member: Member;
  let token: string;
  let feedPath: string;
  beforeAll(async () => {
    lines = [];
    const logger = createLogger({
      level: "info",
      destination: { write: (line: string) => lines.push(line) },
    });
    t = await createTestContext({}, { logger });
    member = await t.member({ email: "hannah.logged@example.test" });
    const [mail] = await t.queuedMails(member.email);
    token = tokenOf(linkIn(mail?.text ?? "", "verify-email"));
    await member.client.call(authEndpoints.verifyEmail, { body: { token } });
    await member.client.call(prayerEndpoints.share, { body: { content: "Pray for my sister's surgery." } });
    await member.client.page(`/reset-password?token=${token}`);
    await t
      .visitor()
      .call(authEndpoints.login, { body: { email: member.email, password: "wrong password" } });
    await t.visitor().call(prayerEndpoints.wall);
    const feed = await member.client.call(eventsEndpoints.feed);
    feedPath = new URL(feed.body.url).pathname;
    await t.visitor().page(feedPath);
    await t.app.inject({ method: "GET", url: '/api/no-such-"route"\\\u00e9?q=1' });
  });
  afterAll(() => t.close());

  const parsed = () => lines.map((l) => JSON.parse(l) as Line);
  const requestLines = () => parsed().filter((l) => typeof l.status === "number");

  it("writes one line per request with method, path, status, time, request id and member", () => {
    const shared = requestLines().find((l) => l.method === "POST" && l.path === "/api/prayer-requests");
    expect(shared).toMatchObject({ status: 201, userId: member.id, level: 30 });
    expect(shared?.reqId).toEqual(expect.any(String));
    expect(shared?.ms).toEqual(expect.any(Number));
    const ids = requestLines().map((l) => l.reqId);
    expect(new Set(ids).size).toBe(ids.length);
    const refused = requestLines().find((l) => l.path === "/api/prayer-requests" && l.method === "GET");
    expect(refused).toMatchObject({ status: 401 });
    expect(refused).not.toHaveProperty("userId");
  });

  it("writes each request as one JSON line with pino's own fields, an odd path included", () => {
    expect(lines.every((l) => l.endsWith("\n") && l.trimEnd().split("\n").length === 1)).toBe(true);
    const odd = requestLines().find((l) => String(l.path).startsWith("/api/no-such-"));
    expect(odd).toMatchObject({ path: "/api/no-such-%22route%22/%C3%A9", status: 404, method: "GET" });
    expect(odd).toEqual(expect.objectContaining({ pid: process.pid, hostname: expect.any(String) }));
  });

  it("leaves the query string, and so a mailed link's token, out of the path", () => {
    const page = requestLines().find((l) => String(l.path).startsWith("/reset-password"));
    expect(page?.path).toBe("/reset-password");
  });

  it("names a calendar feed by its route, never by the token in its path", () => {
    expect(feedPath).toMatch(/^\/api\/calendar-feed\/.{20,}/);
    const feed = requestLines().find((l) => String(l.path).startsWith("/api/calendar-feed/"));
    expect(feed).toMatchObject({ path: "/api/calendar-feed/:token", status: 200 });
    expect(lines.join("\n")).not.toContain(feedPath);
  });

  it("never carries cookies, tokens, passwords or e-mail addresses", () => {
    const all = lines.join("\n");
    expect(lines.length).toBeGreaterThan(5);
    expect(all).not.toContain(member.email);
    expect(all).not.toMatch(/@example\.test/);
    expect(all).not.toContain(token);
    expect(all).not.toContain("wrong password");
    // The session cookie's value (the signed-in marker's "1" would be found anywhere).
    const secrets = [...member.client.jar.values()].filter((v) => v.length >= 16);
    expect(secrets.length).toBeGreaterThan(0);
    for (const value of secrets) expect(all).not.toContain(value);
    expect(all.toLowerCase()).not.toContain("cookie");
  });

  it("keeps addresses out of a logged error's message", () => {
    const logger = createLogger({
      level: "error",
      destination: { write: (line: string) => lines.push(line) },
    });
    const before = lines.length;
    logger.error(
      { err: new Error("duplicate key: Key (email)=(miriam@example.org) already exists") },
      "failed",
    );
    const [line] = lines.slice(before);
    expect(line).toContain("Key (email)=([email]) already exists");
    expect(line).not.toContain("miriam@example.org");
  });

  it("keeps the request id a proxy sent, and otherwise makes one no other instance makes", () => {
    const [one, other] = [requestIds(), requestIds()];
    expect(one("edge-42.a")).toBe("edge-42.a");
    expect(one("not an id; drop table")).not.toBe("not an id; drop table");
    const made = [one(undefined), one(undefined), other(undefined), other(undefined)];
    expect(new Set(made).size).toBe(4);
  });

  /** A server writing to standard output as `npm start`'s does (test/support/request-log-child.ts). */
  function childServer(count: number, then: "exit" | "stay") {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "test/support/request-log-child.ts", String(count), then],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    const answered = () => output.split("\n").filter((l) => l.includes('"path":"/api/answered/'));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    return { child, answered, exited };
  }

  it("writes every line a process gathered before it exits", async () => {
    const server = childServer(300, "exit");
    expect(await server.exited).toBe(0);
    const lines = server.answered().map((l) => JSON.parse(l) as Line);
    expect(lines.map((l) => l.path)).toEqual(Array.from({ length: 300 }, (_, n) => `/api/answered/${n}`));
  });

  it("writes a quiet server's line without waiting for more", async () => {
    const server = childServer(1, "stay");
    try {
      await expect.poll(() => server.answered().length, { timeout: 10_000 }).toBe(1);
    } finally {
      server.child.kill();
      await server.exited;
    }
  });
});
