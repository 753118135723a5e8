import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import type { BodyIn } from "../../src/core/contract";
import { healthEndpoints } from "../../src/core/health/endpoints";
import { sessions, users } from "../../src/server/db/schema";
import {
  createTestContext,
  invalid,
  type Member,
  messageOf,
  TEST_PASSWORD,
  type TestContext,
  urlFor,
} from "../support/app";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const register = (body: BodyIn<typeof authEndpoints.register>) =>
  t.visitor().call(authEndpoints.register, { body });
const valid = (email: string) => ({ email, password: TEST_PASSWORD, firstName: "Ruth", lastName: "Abrams" });

describe("registering", () => {
  it("creates the member, signs her in with a secure session cookie", async () => {
    const client = t.visitor();
    const res = await client.call(authEndpoints.register, { body: valid("ruth.register@example.test") });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: "ruth.register@example.test",
      firstName: "Ruth",
      lastName: "Abrams",
      membershipTier: "free",
      isAdmin: false,
      profileImageUrl: null,
    });
    expect(new Date(res.body.createdAt).getFullYear()).toBeGreaterThan(2000);
    expect(res.body).not.toHaveProperty("passwordHash");
    const sid = res.cookies.find((c) => c.name === "sid")!;
    expect(sid.httpOnly).toBe(true);
    expect(sid.sameSite).toBe("Lax");
    expect(sid.path).toBe("/");
    expect(sid.maxAge).toBe(30 * 24 * 3600);
    expect(res.cookies.find((c) => c.name === "signed_in")?.httpOnly).toBeFalsy();

    const me = await client.call(authEndpoints.user);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe("ruth.register@example.test");
  });

  it("stores only a hash of the session token", async () => {
    const client = t.visitor();
    await client.call(authEndpoints.register, { body: valid("hash.check@example.test") });
    const token = client.jar.get("sid")!;
    const hash = createHash("sha256").update(token).digest("hex");
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.id, hash));
    expect(rows).toHaveLength(1);
    const raw = await t.database.db.select().from(sessions).where(eq(sessions.id, token));
    expect(raw).toHaveLength(0);
  });

  it("rejects a password shorter than 8 characters", async () => {
    const res = await register({ ...valid("short@example.test"), password: "1234567" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Password must be at least 8 characters");
    expect(res.body.errors?.password).toBe("Password must be at least 8 characters");
  });

  it("rejects an invalid e-mail address and blank names", async () => {
    expect((await register({ ...valid("nope"), email: "not-an-email" })).body.message).toBe(
      "Please enter a valid e-mail address",
    );
    const blank = await register({ ...valid("blank@example.test"), firstName: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("First name is required");
  });

  it("refuses an e-mail that already has an account, whatever its case", async () => {
    expect((await register(valid("taken@example.test"))).status).toBe(201);
    const again = await register(valid("Taken@Example.TEST"));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already exists/);
    const [row] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = 'taken@example.test'`);
    expect(row?.count).toBe(1);
  });

  it("answers 400 with a message for a body that is not an object", async () => {
    const res = await t.visitor().call(authEndpoints.register, { body: invalid(null) });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
  });
});

describe("signing in", () => {
  beforeAll(async () => {
    await register(valid("signin@example.test"));
  });

  it("signs in with the right password, case-insensitively on the e-mail", async () => {
    const client = t.visitor();
    const res = await client.call(authEndpoints.login, {
      body: { email: "SignIn@example.test", password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe("signin@example.test");
    expect((await client.call(authEndpoints.user)).status).toBe(200);
  });

  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    const wrong = await t
      .visitor()
      .call(authEndpoints.login, { body: { email: "signin@example.test", password: "wrong password" } });
    const unknown = await t
      .visitor()
      .call(authEndpoints.login, { body: { email: "nobody@example.test", password: "whatever1" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Incorrect e-mail or password" });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.cookies.find((c) => c.name === "sid")).toBeUndefined();
  });

  it("issues a new session token on every sign-in and drops the previous one", async () => {
    const client = t.visitor();
    await client.call(authEndpoints.login, {
      body: { email: "signin@example.test", password: TEST_PASSWORD },
    });
    const first = client.jar.get("sid")!;
    await client.call(authEndpoints.login, {
      body: { email: "signin@example.test", password: TEST_PASSWORD },
    });
    const second = client.jar.get("sid")!;
    expect(second).not.toBe(first);
    const stale = await t.visitor().call(authEndpoints.user, { headers: { cookie: `sid=${first}` } });
    expect(stale.status).toBe(401);
  });
});

describe("guessing a password", () => {
  const tryPassword = (email: string, password: string) =>
    t.visitor().call(authEndpoints.login, { body: { email, password } });
  /** How the failures at an address are stored: under its hash. */
  const accountOf = (email: string) => createHash("sha256").update(email.toLowerCase()).digest("hex");
  /** The wait the last failure set for this address is over (time moved on, not slept through). */
  const waitIsOver = (email: string) =>
    t.database.pool.query(
      "update sign_in_throttles set retry_at = now() - interval '1 second' where account = $1",
      [accountOf(email)],
    );
  const failFiveTimes = async (email: string) => {
    for (let i = 0; i < 5; i++) expect((await tryPassword(email, "not her password")).status).toBe(401);
  };

  it("makes each try after 5 failures wait longer, 1 s, 2 s, 4 s… up to 15 minutes, and answers 429 meanwhile", async () => {
    const m = await t.member();
    await failFiveTimes(m.email);
    // Even the right password is refused while she waits: it is not checked then.
    const waiting = await tryPassword(m.email, TEST_PASSWORD);
    expect(waiting.status).toBe(429);
    expect(waiting.body.message).toBe(
      "Too many failed sign-ins with this e-mail address. Please wait 1 second and try again.",
    );
    expect(waiting.headers["retry-after"]).toBe("1");
    expect(waiting.cookies.find((c) => c.name === "sid")).toBeUndefined();
    // Another account is not slowed by her attacker.
    const other = await t.member();
    expect((await tryPassword(other.email, TEST_PASSWORD)).status).toBe(200);

    for (const wait of ["2", "4", "8"]) {
      await waitIsOver(m.email);
      expect((await tryPassword(m.email, "not her password")).status).toBe(401);
      const next = await tryPassword(m.email, "not her password");
      expect(next.status).toBe(429);
      // The wait set at the failure doubled; the header counts what is left of it when she asks,
      // which on a slow machine may be a second less.
      const { rows } = await t.database.pool.query<{ wait: number }>(
        "select round(extract(epoch from retry_at - last_failure_at))::int as wait from sign_in_throttles where account = $1",
        [accountOf(m.email)],
      );
      expect(String(rows[0]!.wait)).toBe(wait);
      expect(Number(next.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(Number(next.headers["retry-after"])).toBeLessThanOrEqual(Number(wait));
    }
    await t.database.pool.query("update sign_in_throttles set failures = 40 where account = $1", [
      accountOf(m.email),
    ]);
    await waitIsOver(m.email);
    expect((await tryPassword(m.email, "not her password")).status).toBe(401);
    const capped = await tryPassword(m.email, "not her password");
    expect(capped.headers["retry-after"]).toBe("900");
    expect(capped.body.message).toBe(
      "Too many failed sign-ins with this e-mail address. Please wait 15 minutes and try again.",
    );
  });

  it("lets her in with the right password once the wait is over, and forgets the failures then", async () => {
    const m = await t.member();
    await failFiveTimes(m.email);
    expect((await tryPassword(m.email, TEST_PASSWORD)).status).toBe(429);
    await waitIsOver(m.email);
    expect((await tryPassword(m.email, TEST_PASSWORD)).status).toBe(200);
    await failFiveTimes(m.email);
    expect((await tryPassword(m.email, TEST_PASSWORD)).status).toBe(429);
  });

  it("starts counting again after a day without a failure", async () => {
    const m = await t.member();
    await failFiveTimes(m.email);
    await t.database.pool.query(
      "update sign_in_throttles set last_failure_at = now() - interval '25 hours', retry_at = null where account = $1",
      [accountOf(m.email)],
    );
    await failFiveTimes(m.email);
    expect((await tryPassword(m.email, TEST_PASSWORD)).status).toBe(429);
  });

  it("slows guesses at an address without an account just the same, so the wait tells nobody who has one", async () => {
    await failFiveTimes("no.account.here@example.test");
    const waiting = await tryPassword("no.account.here@example.test", "whatever1");
    expect(waiting.status).toBe(429);
    expect(waiting.headers["retry-after"]).toBe("1");
  });
});

describe("the current user", () => {
  it("answers 401 Unauthorized to a visitor", async () => {
    const res = await t.visitor().call(authEndpoints.user);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthorized" });
  });

  it("marks verified addresses in ADMIN_EMAILS as administrators, whatever their case", async () => {
    const admin = await t.member({ email: "Owner@Example.test" });
    expect((await admin.client.call(authEndpoints.user)).body.isAdmin).toBe(false);
    await t.verify(admin);
    expect((await admin.client.call(authEndpoints.user)).body.isAdmin).toBe(true);
  });

  it("marks members with the admin role as administrators", async () => {
    const m = await t.member();
    expect((await m.client.call(authEndpoints.user)).body.isAdmin).toBe(false);
    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, m.id));
    expect((await m.client.call(authEndpoints.user)).body.isAdmin).toBe(true);
  });
});

describe("sessions", () => {
  it("ends the session on sign-out and returns to the home page", async () => {
    const m = await t.member();
    const token = m.client.jar.get("sid")!;
    const res = await m.client.call(authEndpoints.logout);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/");
    expect(m.client.jar.has("sid")).toBe(false);
    expect((await t.visitor().call(authEndpoints.user, { headers: { cookie: `sid=${token}` } })).status).toBe(
      401,
    );
  });

  /** Her browser going to sign-out with exactly these headers (and her cookies). */
  const goToSignOut = (m: Member, headers: Record<string, string>) =>
    t.app.inject({
      method: authEndpoints.logout.method,
      url: urlFor(authEndpoints.logout),
      headers: { cookie: [...m.client.jar].map(([k, v]) => `${k}=${v}`).join("; "), ...headers },
    });

  it("does not end her session when another site sends her to sign-out, and shows her where to sign out herself", async () => {
    const m = await t.member();
    // A link or a redirect on another site, on a sibling site, and from another site in an older
    // browser (no fetch metadata: only the Referer, or nothing at all).
    for (const headers of <Record<string, string>[]>[
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { referer: "https://evil.example/page" },
      {},
    ]) {
      const res = await goToSignOut(m, headers);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/profile?tab=settings");
      expect(res.cookies).toEqual([]);
      expect((await m.client.call(authEndpoints.user)).status).toBe(200);
    }
  });

  it("signs her out from her own pages, from the address bar, and from the site in an older browser", async () => {
    for (const headers of <Record<string, string>[]>[
      { "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
      { referer: `${t.config.publicOrigin}/profile?tab=settings` },
    ]) {
      const m = await t.member();
      const res = await goToSignOut(m, headers);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/");
      expect((await m.client.call(authEndpoints.user)).status).toBe(401);
    }
  });

  it("expires a session after its 30 days", async () => {
    const m = await t.member();
    const hash = createHash("sha256").update(m.client.jar.get("sid")!).digest("hex");
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, hash));
    const res = await m.client.call(authEndpoints.user);
    expect(res.status).toBe(401);
  });

  it("slides the expiry forward when the member comes back", async () => {
    const m = await t.member();
    const hash = createHash("sha256").update(m.client.jar.get("sid")!).digest("hex");
    const soon = new Date(Date.now() + 3 * 86_400_000);
    await t.database.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, hash));
    const res = await m.client.call(authEndpoints.user);
    expect(res.status).toBe(200);
    expect(res.cookies.find((c) => c.name === "sid")).toBeDefined();
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, hash));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });
});

describe("request safety", () => {
  /** Sends the sign-in route a payload as it is, from the site, not JSON the client would write. */
  const signInWithRawBody = (payload: string, contentType: string) =>
    t.app.inject({
      method: authEndpoints.login.method,
      url: authEndpoints.login.path,
      payload,
      headers: { "content-type": contentType, origin: t.config.publicOrigin },
    });

  it("refuses a state-changing request from another site or without an Origin", async () => {
    const body = valid("csrf@example.test");
    const foreign = await t
      .visitor()
      .call(authEndpoints.register, { body, headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toMatch(/must come from the site/);
    const client = t.visitor();
    const res = await t.app.inject({
      method: authEndpoints.register.method,
      url: authEndpoints.register.path,
      payload: body,
    });
    expect(res.statusCode).toBe(403);
    expect((await client.call(authEndpoints.register, { body })).status).toBe(201);
  });

  it("refuses a form-style text/plain body", async () => {
    const res = await signInWithRawBody("email=a@b.c", "text/plain");
    expect(res.statusCode).toBe(415);
    expect(messageOf(res.json())).toMatch(/JSON/);
  });

  it("answers clear messages for malformed JSON and oversized bodies", async () => {
    const bad = await signInWithRawBody("{not json", "application/json");
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad.json())).toBe("The request body is not valid JSON.");
    const huge = await t
      .visitor()
      .call(authEndpoints.login, { body: { email: "a@b.co", password: "x".repeat(200_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe("The request is too large.");
  });

  it("answers 404 with JSON for an unknown API path", async () => {
    const res = await t.visitor().get("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not found" });
  });

  it("sends security headers", async () => {
    const res = await t.visitor().call(healthEndpoints.health);
    expect(res.status).toBe(200);
    // An API answer is data: its policy lets nothing load or run.
    expect(res.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(res.headers["x-request-id"]).toBeTruthy();
  });
});

describe("health", () => {
  it("reports the process up and the database reachable", async () => {
    expect((await t.visitor().call(healthEndpoints.health)).body).toEqual({ status: "ok" });
    expect((await t.visitor().call(healthEndpoints.ready)).body).toEqual({ status: "ready" });
  });
});
