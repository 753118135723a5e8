import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { adminEndpoints } from "../../src/core/admin/endpoints";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { setupEndpoints } from "../../src/core/setup/endpoints";
import { SETUP_LINK_GONE } from "../../src/core/setup/schemas";
import { setupTokens, siteSettings, users } from "../../src/server/db/schema";
import { issueSetupLink } from "../../src/server/features/setup";
import { createTestContext, expectRefused, TEST_PASSWORD, type TestContext } from "../support/app";
import { invalid } from "../support/calls";
import { linkIn, startMailbox, tokenOf } from "../support/mailbox";

// The first administrator sets the ministry up through the one-time link a start without one
// prints (decision 062). Each test has a database of its own: what one setup does closes it for good.

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

async function fresh(env: Record<string, string> = {}) {
  const t = await createTestContext(env);
  closing.push(() => t.close());
  return t;
}

/** A fresh link's token, as `npm run setup-link` or a start prints it. */
async function setupToken(t: TestContext) {
  const link = await issueSetupLink(t.database.db, t.config);
  if (!link) throw new Error("the ministry already has an administrator");
  expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/setup\\?token=[\\w-]{43}$`));
  return tokenOf(link);
}

const founder = {
  ministryName: "Olive Branch Fellowship",
  founderName: "Deborah Levi",
  firstName: "Deborah",
  lastName: "Levi",
  email: "deborah@olivebranch.test",
  password: TEST_PASSWORD,
};

const check = (t: TestContext, token: string) => t.visitor().call(setupEndpoints.check, { body: { token } });

describe("the first administrator's setup", () => {
  it("makes her an administrator at once, signed in, keeps the names, and mails her a confirmation", async () => {
    // Mail sent for real, to a mailbox on loopback.
    const mailbox = await startMailbox();
    const t = await createTestContext({ SMTP_URL: mailbox.url }, { jobs: true });
    closing.push(
      () => t.close(),
      () => mailbox.stop(),
    );
    const token = await setupToken(t);
    const checked = await check(t, token);
    expect(checked.status).toBe(200);
    // She chooses both names: the server's environment sets neither.
    expect(checked.body).toEqual({ ministryName: null, founderName: null });

    const her = t.visitor();
    const res = await her.call(setupEndpoints.setUp, { body: { ...founder, token } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ email: founder.email, isAdmin: true, emailVerified: false });
    expect(res.cookies.map((c) => c.name)).toContain("sid");

    // Signed in, and an administrator before she confirms her address.
    const me = await her.call(authEndpoints.user);
    expect(me.body).toMatchObject({ firstName: "Deborah", isAdmin: true, emailVerified: false });
    expect((await her.call(adminEndpoints.users, { query: {} })).status).toBe(200);

    const [settings] = await t.database.db.select().from(siteSettings);
    expect(settings).toMatchObject({ siteName: "Olive Branch Fellowship", founderName: "Deborah Levi" });

    // The confirmation mail registering sends, delivered; following it confirms her address.
    const mail = await mailbox.next(founder.email);
    const confirm = await her.call(authEndpoints.verifyEmail, {
      body: { token: tokenOf(linkIn(mail.text, "verify-email")) },
    });
    expect(confirm.status).toBe(200);
    expect((await her.call(authEndpoints.user)).body).toMatchObject({ isAdmin: true, emailVerified: true });
  });

  it("refuses a setup link used twice", async () => {
    const t = await fresh();
    const token = await setupToken(t);
    expect((await t.visitor().call(setupEndpoints.setUp, { body: { ...founder, token } })).status).toBe(201);

    const again = await t.visitor().call(setupEndpoints.setUp, {
      body: { ...founder, email: "someone.else@example.test", token },
    });
    expectRefused(again, 404, SETUP_LINK_GONE);
    expect((await check(t, token)).status).toBe(404);
    const admins = await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    expect(admins).toHaveLength(1);
  });

  it("gives one owner when the same link is sent twice at once", async () => {
    const t = await fresh();
    const token = await setupToken(t);
    const answers = await Promise.all(
      ["first@example.test", "second@example.test"].map((email) =>
        t.visitor().call(setupEndpoints.setUp, { body: { ...founder, email, token } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 404]);
    const admins = await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    expect(admins).toHaveLength(1);
  });

  it("refuses an expired link, and keeps nothing of the form", async () => {
    const t = await fresh();
    const token = await setupToken(t);
    await t.database.db.update(setupTokens).set({ expiresAt: sql`now() - interval '1 minute'` });

    expect((await check(t, token)).status).toBe(404);
    expectRefused(await t.visitor().call(setupEndpoints.setUp, { body: { ...founder, token } }), 404);
    expect(await t.database.db.select().from(users)).toHaveLength(0);
  });

  it("works only with the newest link: a new one retires the earlier", async () => {
    const t = await fresh();
    const earlier = await setupToken(t);
    const newer = await setupToken(t);
    expect((await check(t, earlier)).status).toBe(404);
    expect((await check(t, newer)).status).toBe(200);
  });

  it("answers a wrong token 404, whatever its shape", async () => {
    const t = await fresh();
    await setupToken(t);
    for (const token of ["", "x", "a".repeat(43)]) {
      expect((await check(t, token)).status).toBe(404);
      expectRefused(await t.visitor().call(setupEndpoints.setUp, { body: { ...founder, token } }), 404);
    }
  });

  it("checks her name, address and password by registration's rules, and the link still works after", async () => {
    const t = await fresh();
    const token = await setupToken(t);
    const res = await t.visitor().call(setupEndpoints.setUp, {
      body: {
        ...founder,
        token,
        firstName: " ",
        email: "not an address",
        password: "short",
        ministryName: "",
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      firstName: "First name is required",
      email: "Please enter a valid e-mail address",
      password: "Password must be at least 8 characters",
    });
    expect(res.body.errors).toHaveProperty("ministryName");
    expectRefused(
      await t.visitor().call(setupEndpoints.setUp, { body: { ...founder, token, founderName: invalid(7) } }),
      400,
    );
    expect((await check(t, token)).status).toBe(200);
  });

  it("refuses an address that has an account, and the link still works", async () => {
    const t = await fresh();
    const token = await setupToken(t);
    const member = await t.member();
    const res = await t
      .visitor()
      .call(setupEndpoints.setUp, { body: { ...founder, email: member.email, token } });
    expectRefused(res, 409, "An account with this e-mail already exists. Try signing in instead.");
    expect((await check(t, token)).status).toBe(200);
  });

  it("keeps a name the server's environment sets, and saves the other", async () => {
    const t = await fresh({ SITE_NAME: "Grace Garden" });
    const token = await setupToken(t);
    expect((await check(t, token)).body).toEqual({ ministryName: "Grace Garden", founderName: null });
    const res = await t.visitor().call(setupEndpoints.setUp, {
      body: { ...founder, ministryName: "Grace Garden", token },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [settings] = await t.database.db.select().from(siteSettings);
    expect(settings).toMatchObject({ siteName: null, founderName: "Deborah Levi" });
  });
});

describe("once the ministry has an administrator", () => {
  it("makes no link, and closes the links made before", async () => {
    const t = await fresh();
    const token = await setupToken(t);
    // Her address is in ADMIN_EMAILS: an administrator (once she confirms it) already.
    await t.admin();
    expect(await issueSetupLink(t.database.db, t.config)).toBeNull();
    expect((await check(t, token)).status).toBe(404);
    expectRefused(await t.visitor().call(setupEndpoints.setUp, { body: { ...founder, token } }), 404);
  });

  it("counts an account with the administrator's role as the owner", async () => {
    const t = await fresh();
    const token = await setupToken(t);
    const member = await t.member();
    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, member.id));
    expect(await issueSetupLink(t.database.db, t.config)).toBeNull();
    expect((await check(t, token)).status).toBe(404);
  });

  it("leaves a ministry set up through its link closed to a second setup", async () => {
    const t = await fresh();
    const token = await setupToken(t);
    expect((await t.visitor().call(setupEndpoints.setUp, { body: { ...founder, token } })).status).toBe(201);
    expect(await issueSetupLink(t.database.db, t.config)).toBeNull();
  });
});
