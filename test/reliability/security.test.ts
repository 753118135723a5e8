import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { healthEndpoints } from "../../src/core/health/endpoints";
import { createTestContext, TEST_PASSWORD, type TestContext } from "../support/app";
import { recordFigures } from "../support/figures";
import { type FreshServer, serverOnFreshDatabase } from "../support/fresh";
import type { ServerProcess } from "../support/server-process";

function expectSecurityHeaders(headers: Headers | Record<string, unknown>, kind: "document" | "api") {
  const get = (name: string) =>
    headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined);
  const csp = String(get("content-security-policy"));
  if (kind === "document") {
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
  } else {
    // Data only: nothing may load or run at all.
    expect(csp).toMatch(/^default-src 'none';/);
  }
  expect(csp).toContain("frame-ancestors 'none'");
  expect(/script-src [^;]*'unsafe-inline'/.test(csp)).toBe(false);
  expect(/script-src [^;]*'unsafe-eval'/.test(csp)).toBe(false);
  expect(get("x-content-type-options")).toBe("nosniff");
  expect(get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(get("x-frame-options")).toBe("DENY");
}

describe("security headers on every kind of response", () => {
  let run: FreshServer;
  let server: ServerProcess;
  beforeAll(async () => {
    run = await serverOnFreshDatabase({ SESSION_SECRET: "h".repeat(64) });
    server = run.server;
  });
  afterAll(() => run?.close());

  it("pages, assets, API answers and errors all carry them", async () => {
    const page = await fetch(`${server.url}/community`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expectSecurityHeaders(page.headers, "document");
    const html = await page.text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const js = await fetch(server.url + asset, { headers: { "accept-encoding": "br, gzip" } });
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(js.headers.get("content-encoding")).toBe("br");
    expectSecurityHeaders(js.headers, "document");
    for (const path of [healthEndpoints.health.path, authEndpoints.user.path, "/api/nothing-here"]) {
      expectSecurityHeaders((await fetch(server.url + path)).headers, "api");
    }
    // No inline script can run: the only inline block is JSON data.
    expect(html).not.toMatch(/<script(?![^>]*(type="module"|type="application\/json"))[^>]*>[^<]+<\/script>/);
    expect(page.headers.get("strict-transport-security")).toBeNull();
    recordFigures("Security", {
      "kinds of response checked for CSP, nosniff, frame denial and referrer policy":
        "page, asset, API, 401, 404",
    });
  });
});

describe("on https", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ PUBLIC_URL: "https://community.example.org" });
  });
  afterAll(() => t.close());

  it("sends HSTS and marks the session cookie Secure, httpOnly and SameSite=Lax", async () => {
    const res = await t.visitor().call(authEndpoints.register, {
      body: { email: "secure@example.test", password: TEST_PASSWORD, firstName: "S", lastName: "C" },
      headers: { origin: "https://community.example.org" },
    });
    expect(res.status).toBe(201);
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
    const sid = res.cookies.find((c) => c.name === "sid")!;
    expect(sid).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/" });
    expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    recordFigures("Security", { "session cookie on https": "Secure, httpOnly, SameSite=Lax; HSTS one year" });
  });

  it("refuses a request whose Origin matches only the Host it forged, not PUBLIC_URL", async () => {
    const forged = "community.example.org.evil.example";
    const res = await t.visitor().call(authEndpoints.register, {
      body: { email: "forged.host@example.test", password: TEST_PASSWORD, firstName: "F", lastName: "H" },
      headers: { origin: `http://${forged}`, host: forged },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("This request must come from the site itself.");
  });
});
