import { eq, sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints } from "../../src/core/admin/endpoints";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import { verifyEmail } from "../../src/server/auth/identity";
import { AUTH_CHANNEL, SessionCache } from "../../src/server/auth/session-cache";
import type { SessionUser } from "../../src/server/auth/sessions";
import { accountTokens, users } from "../../src/server/db/schema";
import { enqueue } from "../../src/server/jobs/queue";
import { sendMailJob } from "../../src/server/mail/jobs";
import {
  createTestContext,
  invalid,
  type Member,
  TEST_ADMIN_EMAIL,
  TEST_PASSWORD,
  type TestContext,
} from "../support/app";
import { queueDrained } from "../support/jobs";
import { closeMailTestContext, createMailTestContext, type MailTestContext } from "../support/mail-context";
import { linkIn, tokenOf } from "../support/mailbox";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

const NEW_PASSWORD = "a brand new password";

/** The token in the newest mail to this address that links to the page. */
async function tokenMailed(to: string, page: string) {
  const mails = await t.queuedMails(to);
  const mail = mails.findLast((m) => m.text.includes(`/${page}?token=`));
  if (!mail) throw new Error(`no /${page} mail queued for ${to}`);
  return tokenOf(linkIn(mail.text, page));
}

const me = (m: Member) => m.client.call(authEndpoints.user).then((r) => r.body);

describe("rights an address grants are granted only to a proven address", () => {
  it("makes no administrator of a member who changes her e-mail to an administrator's address", async () => {
    const m = await t.member();
    const res = await m.client.call(profileEndpoints.update, {
      body: { email: TEST_ADMIN_EMAIL, currentPassword: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: m.email, pendingEmail: TEST_ADMIN_EMAIL });
    expect((await m.client.call(adminEndpoints.users)).status).toBe(403);
    expect(await me(m)).toMatchObject({ email: m.email, isAdmin: false });
  });

  it("makes no administrator of a visitor who registers with an administrator's address until she confirms it", async () => {
    const owner = await t.member({ email: TEST_ADMIN_EMAIL });
    expect(await me(owner)).toMatchObject({ emailVerified: false, isAdmin: false });
    expect((await owner.client.call(adminEndpoints.users)).status).toBe(403);
    await t.verify(owner);
    expect(await me(owner)).toMatchObject({ emailVerified: true, isAdmin: true });
    expect((await owner.client.call(adminEndpoints.users)).status).toBe(200);
  });
});

describe("verifying an address", () => {
  it("mails a single-use link on registration and confirms the address with it", async () => {
    const m = await t.member({ firstName: "Hannah" });
    const [mail] = await t.queuedMails(m.email);
    expect(mail!.subject).toContain(t.config.siteName);
    expect(mail!.html).toContain("Hannah");
    const link = linkIn(mail!.text, "verify-email");
    expect(link.startsWith(`${t.config.publicUrl}/verify-email?token=`)).toBe(true);
    const stored = await t.database.db.select().from(accountTokens).where(eq(accountTokens.userId, m.id));
    expect(stored.map((r) => r.tokenHash)).not.toContain(tokenOf(link));

    const res = await t.visitor().call(authEndpoints.verifyEmail, { body: { token: tokenOf(link) } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Thank you. Your e-mail address is confirmed.", email: m.email });
    expect((await me(m)).emailVerified).toBe(true);
    const again = await t.visitor().call(authEndpoints.verifyEmail, { body: { token: tokenOf(link) } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("This link has expired or has already been used.");
  });

  it("forgets her cached session as it confirms her address, before the database's notice comes", async () => {
    const m = await t.member();
    const token = await tokenMailed(m.email, "verify-email");
    // A cache holding a connection on LISTEN that then hears nothing: only what the confirmation
    // itself does reaches it, as when her next request comes before the notice.
    let listening: pg.PoolClient | undefined;
    const cache = new SessionCache<SessionUser>();
    const pool = { connect: async () => (listening = await t.database.pool.connect()) } as unknown as pg.Pool;
    await cache.listen(pool);
    await listening!.query(`UNLISTEN ${AUTH_CHANNEL}`);
    try {
      const user = { id: m.id, emailVerifiedAt: null } as unknown as SessionUser;
      cache.set("her-session", { user, userId: m.id, expiresAt: Date.now() + 60_000 });
      expect(cache.get("her-session")).toBeDefined();
      await verifyEmail(t.database.db, cache, token);
      expect(cache.get("her-session")).toBeUndefined();
    } finally {
      await cache.close();
    }
  });

  it("refuses a link older than 24 hours", async () => {
    const m = await t.member();
    const token = await tokenMailed(m.email, "verify-email");
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.userId, m.id));
    expect((await t.visitor().call(authEndpoints.verifyEmail, { body: { token } })).status).toBe(400);
    expect((await me(m)).emailVerified).toBe(false);
  });

  it("rejects a missing or malformed token with the link's message", async () => {
    for (const body of [{}, { token: "" }, { token: "short" }, { token: 42 }]) {
      const res = await t.visitor().call(authEndpoints.verifyEmail, { body: invalid(body) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("This link has expired or has already been used.");
    }
  });

  it("resends a fresh link a few times an hour, then answers 429, and only the newest link works", async () => {
    const m = await t.member();
    const first = await tokenMailed(m.email, "verify-email");
    const res = await m.client.call(authEndpoints.resendVerification);
    expect(res.status).toBe(202);
    expect(res.body.message).toBe(`We've sent a new confirmation link to ${m.email}.`);
    // The mail not yet sent is replaced, not doubled: one event, one mail.
    expect(await t.queuedMails(m.email)).toHaveLength(1);
    expect((await t.visitor().call(authEndpoints.verifyEmail, { body: { token: first } })).status).toBe(400);
    expect((await m.client.call(authEndpoints.resendVerification)).status).toBe(202);
    const limited = await m.client.call(authEndpoints.resendVerification);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/several links in the last hour/);
    const newest = await tokenMailed(m.email, "verify-email");
    expect((await t.visitor().call(authEndpoints.verifyEmail, { body: { token: newest } })).status).toBe(200);
    expect((await m.client.call(authEndpoints.resendVerification)).status).toBe(409);
  });

  it("answers 401 to a visitor asking for a new link", async () => {
    expect((await t.visitor().call(authEndpoints.resendVerification)).status).toBe(401);
  });
});

describe("resetting a forgotten password", () => {
  it("takes as long to answer for an address without an account as for one with an account", async () => {
    // Someone trying a list of addresses asks about each once: 60 accounts, 10 of them to warm up.
    const known = await t.database.db
      .insert(users)
      .values(Array.from({ length: 60 }, (_, i) => ({ email: `timing.known.${i}@example.test` })))
      .returning({ email: users.email });
    const ask = async (email: string) => {
      const started = process.hrtime.bigint();
      const res = await t.app.inject({
        method: authEndpoints.passwordReset.method,
        url: authEndpoints.passwordReset.path,
        payload: { email },
        headers: { origin: t.config.publicOrigin },
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(res.statusCode).toBe(202);
      return ms;
    };
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    // Interleaved, each kind first in turn, so whatever slows the machine slows both alike.
    for (let i = 0; i < 60; i++) {
      const k = async () => knownMs.push(await ask(known[i]!.email));
      const u = async () => unknownMs.push(await ask(`timing.unknown.${i}@example.test`));
      if (i % 2 === 0) await k().then(u);
      else await u().then(k);
    }
    const median = (values: number[]) => {
      const sorted = values.slice(10).sort((a, b) => a - b);
      return (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
    };
    const [knownMedian, unknownMedian] = [median(knownMs), median(unknownMs)];
    expect(
      Math.abs(knownMedian - unknownMedian),
      `medians: ${knownMedian.toFixed(2)} ms with an account, ${unknownMedian.toFixed(2)} ms without`,
    ).toBeLessThan(2);
  });

  describe("through the link mailed to her", () => {
    let r: MailTestContext;
    beforeAll(async () => {
      r = await createMailTestContext({});
    });
    afterAll(() => closeMailTestContext(r));

    /** The token in the next reset mail to reach her mailbox. */
    async function resetToken(email: string) {
      for (;;) {
        const mail = await r.mailbox.next(email);
        if (mail.text.includes("/reset-password?token=")) return tokenOf(linkIn(mail.text, "reset-password"));
      }
    }

    it("answers the same whether or not the address has an account", async () => {
      const m = await r.t.member();
      const known = await r.t
        .visitor()
        .call(authEndpoints.passwordReset, { body: { email: m.email.toUpperCase() } });
      const unknown = await r.t
        .visitor()
        .call(authEndpoints.passwordReset, { body: { email: "nobody.here@example.test" } });
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(known.body).toEqual(unknown.body);
      expect(await resetToken(m.email)).toBeTruthy();
      await queueDrained(r.t);
      expect(r.mailbox.to("nobody.here@example.test")).toEqual([]);
    });

    it("lets her back in with a new password, proves her address and ends every other session", async () => {
      const m = await r.t.member();
      await r.t.visitor().call(authEndpoints.passwordReset, { body: { email: m.email } });
      const token = await resetToken(m.email);
      const device = r.t.visitor();
      const res = await device.call(authEndpoints.passwordResetConfirm, {
        body: { token, password: NEW_PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: m.id, emailVerified: true });
      expect((await device.call(authEndpoints.user)).body.id).toBe(m.id);
      expect((await m.client.call(authEndpoints.user)).status).toBe(401);
      const old = await r.t
        .visitor()
        .call(authEndpoints.login, { body: { email: m.email, password: TEST_PASSWORD } });
      expect(old.status).toBe(401);
      const fresh = await r.t
        .visitor()
        .call(authEndpoints.login, { body: { email: m.email, password: NEW_PASSWORD } });
      expect(fresh.status).toBe(200);
      const reuse = await r.t
        .visitor()
        .call(authEndpoints.passwordResetConfirm, { body: { token, password: "another one!" } });
      expect(reuse.status).toBe(400);
    });

    it("lets her sign in at once with her new password, however many guesses made her wait", async () => {
      const m = await r.t.member();
      for (let i = 0; i < 5; i++) {
        const guess = await r.t
          .visitor()
          .call(authEndpoints.login, { body: { email: m.email, password: "a wrong guess" } });
        expect(guess.status).toBe(401);
      }
      const waiting = await r.t
        .visitor()
        .call(authEndpoints.login, { body: { email: m.email, password: TEST_PASSWORD } });
      expect(waiting.status).toBe(429);
      await r.t.visitor().call(authEndpoints.passwordReset, { body: { email: m.email } });
      const token = await resetToken(m.email);
      expect(
        (
          await r.t
            .visitor()
            .call(authEndpoints.passwordResetConfirm, { body: { token, password: NEW_PASSWORD } })
        ).status,
      ).toBe(200);
      const login = await r.t
        .visitor()
        .call(authEndpoints.login, { body: { email: m.email, password: NEW_PASSWORD } });
      expect(login.status).toBe(200);
    });

    it("refuses a link older than one hour and a password too short", async () => {
      const m = await r.t.member();
      await r.t.visitor().call(authEndpoints.passwordReset, { body: { email: m.email } });
      const token = await resetToken(m.email);
      const short = await r.t
        .visitor()
        .call(authEndpoints.passwordResetConfirm, { body: { token, password: "short" } });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe("Password must be at least 8 characters");
      await r.t.database.db
        .update(accountTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(accountTokens.userId, m.id));
      const late = await r.t
        .visitor()
        .call(authEndpoints.passwordResetConfirm, { body: { token, password: NEW_PASSWORD } });
      expect(late.status).toBe(400);
    });

    it("sends a few links an hour for one address, whatever the sign-in limit allows, without saying so", async () => {
      const m = await r.t.member();
      const answers = [];
      for (let i = 0; i < 5; i++) {
        answers.push(await r.t.visitor().call(authEndpoints.passwordReset, { body: { email: m.email } }));
        await queueDrained(r.t);
      }
      expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
      const links = r.mailbox.to(m.email).filter((mail) => mail.text.includes("/reset-password?token="));
      expect(links).toHaveLength(3);
      const issued = await r.t.database.db
        .select()
        .from(accountTokens)
        .where(sql`${accountTokens.userId} = ${m.id} and ${accountTokens.purpose} = 'reset_password'`);
      expect(issued).toHaveLength(3);
    });

    it("gives an address taken ahead of its owner back to the owner, and shuts the squatter out", async () => {
      const address = "taken.early@example.test";
      const squatter = await r.t.member({ email: address });
      const owner = r.t.visitor();
      const blocked = await owner.call(authEndpoints.register, {
        body: { email: address, password: TEST_PASSWORD, firstName: "Real", lastName: "Owner" },
      });
      expect(blocked.status).toBe(409);
      await owner.call(authEndpoints.passwordReset, { body: { email: address } });
      const token = await resetToken(address);
      const res = await owner.call(authEndpoints.passwordResetConfirm, {
        body: { token, password: NEW_PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ email: address, emailVerified: true });
      expect((await squatter.client.call(authEndpoints.user)).status).toBe(401);
      const squatterLogin = await r.t
        .visitor()
        .call(authEndpoints.login, { body: { email: address, password: TEST_PASSWORD } });
      expect(squatterLogin.status).toBe(401);
    });
  });
});

describe("changing the e-mail address", () => {
  const profileOf = async (m: Member) => (await m.client.call(profileEndpoints.get)).body;

  it("asks for her current password, and a missing or wrong one changes nothing", async () => {
    const m = await t.member({ firstName: "Priscilla" });
    const next = `priscilla.next.${m.id}@example.test`;
    const missing = await m.client.call(profileEndpoints.update, {
      body: { firstName: "Prisca", email: next },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      message: "Please enter your current password to change your e-mail address.",
      errors: { currentPassword: "Please enter your current password to change your e-mail address." },
    });
    const wrong = await m.client.call(profileEndpoints.update, {
      body: { firstName: "Prisca", email: next, currentPassword: "not my password" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      message: "Your current password is not correct.",
      errors: { currentPassword: "Your current password is not correct." },
    });
    expect(await profileOf(m)).toMatchObject({ firstName: "Priscilla", email: m.email, pendingEmail: null });
    expect(await t.queuedMails(next)).toEqual([]);

    const right = await m.client.call(profileEndpoints.update, {
      body: { firstName: "Prisca", email: next, currentPassword: TEST_PASSWORD },
    });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ firstName: "Prisca", email: m.email, pendingEmail: next });
  });

  it("asks nothing more when the address stays hers", async () => {
    const m = await t.member();
    const res = await m.client.call(profileEndpoints.update, {
      body: { email: m.email.toUpperCase(), lastName: "Unchanged-Address" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: m.email, lastName: "Unchanged-Address", pendingEmail: null });
  });

  it("slows wrong passwords at her address as sign-in does", async () => {
    const m = await t.member();
    const body = { email: `guessed.${m.id}@example.test`, currentPassword: "a guess" };
    let refused: { status: number; body: { message?: string } } | undefined;
    // Five wrong ones are free; then each next try waits (1 s, 2 s…), however slow this machine is.
    for (let i = 0; i < 10 && refused?.status !== 429; i++) {
      refused = await m.client.call(profileEndpoints.update, { body });
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body.message).toMatch(
      /^Too many wrong passwords\. Please wait \d+ seconds? and try again\.$/,
    );
    expect((await profileOf(m)).pendingEmail).toBeNull();
  });

  describe("for a member who signs in through her provider and has no password here", () => {
    async function providerMember() {
      const m = await t.member();
      await t.app.db.update(users).set({ passwordHash: null }).where(eq(users.id, m.id));
      return m;
    }

    it("takes a recent sign-in as her proof", async () => {
      const m = await providerMember();
      const next = `provider.next.${m.id}@example.test`;
      const res = await m.client.call(profileEndpoints.update, { body: { email: next } });
      expect(res.status).toBe(200);
      expect(res.body.pendingEmail).toBe(next);
    });

    it("asks her to sign in again when her sign-in is older than ten minutes, and changes nothing", async () => {
      const m = await providerMember();
      await t.app.db.execute(
        sql`update sessions set created_at = now() - interval '11 minutes' where user_id = ${m.id}`,
      );
      const res = await m.client.call(profileEndpoints.update, {
        body: { firstName: "Later", email: `provider.late.${m.id}@example.test` },
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        "For your safety, please sign in again, then change your e-mail address within 10 minutes.",
      );
      expect(await profileOf(m)).toMatchObject({ firstName: m.firstName, pendingEmail: null });
      // Her name alone still changes without it.
      const named = await m.client.call(profileEndpoints.update, { body: { firstName: "Later" } });
      expect(named.body.firstName).toBe("Later");
    });
  });

  it("keeps the old address until the new one is confirmed, tells the old one, and reserves nothing", async () => {
    const m = await t.member({ firstName: "Lydia" });
    const next = `lydia.next.${m.id}@example.test`;
    const res = await m.client.call(profileEndpoints.update, {
      body: { email: next, currentPassword: TEST_PASSWORD },
    });
    expect(res.body).toMatchObject({ email: m.email, pendingEmail: next });
    const notice = (await t.queuedMails(m.email)).at(-1)!;
    expect(notice.text).toContain(next);
    expect(notice.text).not.toContain("/confirm-email?token=");
    const token = await tokenMailed(next, "confirm-email");

    // Someone else registers the address meanwhile: it was not reserved, so the link now fails.
    const other = await t.member({ email: next });
    const clash = await t.visitor().call(profileEndpoints.confirmEmailChange, { body: { token } });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe("Another account already uses this e-mail address.");
    expect((await me(m)).email).toBe(m.email);
    expect((await me(other)).email).toBe(next);
  });

  it("cancels a pending change", async () => {
    const m = await t.member();
    await m.client.call(profileEndpoints.update, {
      body: { email: `cancel.${m.id}@example.test`, currentPassword: TEST_PASSWORD },
    });
    const token = await tokenMailed(`cancel.${m.id}@example.test`, "confirm-email");
    const res = await m.client.call(profileEndpoints.cancelEmailChange);
    expect(res.status).toBe(200);
    expect(res.body.pendingEmail).toBeNull();
    expect((await t.visitor().call(profileEndpoints.confirmEmailChange, { body: { token } })).status).toBe(
      400,
    );
  });

  it("makes the confirmed new address hers and verified, and an administrator's address only then grants rights", async () => {
    const fresh = await createTestContext({ ADMIN_EMAILS: "pastor@ministry.test" });
    try {
      const m = await fresh.member();
      await m.client.call(profileEndpoints.update, {
        body: { email: "pastor@ministry.test", currentPassword: TEST_PASSWORD },
      });
      expect((await m.client.call(adminEndpoints.users)).status).toBe(403);
      const [mail] = await fresh.queuedMails("pastor@ministry.test");
      const res = await fresh.visitor().call(profileEndpoints.confirmEmailChange, {
        body: { token: tokenOf(linkIn(mail!.text, "confirm-email")) },
      });
      expect(res.status).toBe(200);
      expect(res.body.email).toBe("pastor@ministry.test");
      expect((await m.client.call(authEndpoints.user)).body).toMatchObject({
        email: "pastor@ministry.test",
        emailVerified: true,
        isAdmin: true,
      });
    } finally {
      await fresh.close();
    }
  });
});

describe("changing the password and signing out elsewhere", () => {
  it("refuses a wrong current password with a message under that field", async () => {
    const m = await t.member();
    const res = await m.client.call(profileEndpoints.changePassword, {
      body: { currentPassword: "not my password", newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: "Your current password is not correct.",
      errors: { currentPassword: "Your current password is not correct." },
    });
  });

  it("changes it, keeps this device signed in, ends the others and tells her mailbox", async () => {
    const m = await t.member();
    const laptop = t.visitor();
    await laptop.call(authEndpoints.login, { body: { email: m.email, password: TEST_PASSWORD } });
    const res = await m.client.call(profileEndpoints.changePassword, {
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await m.client.call(authEndpoints.user)).status).toBe(200);
    expect((await laptop.call(authEndpoints.user)).status).toBe(401);
    expect((await t.queuedMails(m.email)).at(-1)!.subject).toMatch(/password/i);
    const login = await t
      .visitor()
      .call(authEndpoints.login, { body: { email: m.email, password: NEW_PASSWORD } });
    expect(login.status).toBe(200);
  });

  it("signs her out of every other device", async () => {
    const m = await t.member();
    const phone = t.visitor();
    const tablet = t.visitor();
    for (const device of [phone, tablet]) {
      await device.call(authEndpoints.login, { body: { email: m.email, password: TEST_PASSWORD } });
    }
    const res = await m.client.call(profileEndpoints.signOutOthers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "2 other devices have been signed out.", ended: 2 });
    expect((await phone.call(authEndpoints.user)).status).toBe(401);
    expect((await tablet.call(authEndpoints.user)).status).toBe(401);
    expect((await m.client.call(authEndpoints.user)).status).toBe(200);
  });

  it("has no password to change for a member who signs in only through her provider", async () => {
    const m = await t.member();
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, m.id));
    expect((await m.client.call(profileEndpoints.get)).body.hasPassword).toBe(false);
    const res = await m.client.call(profileEndpoints.changePassword, {
      body: { currentPassword: "anything", newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(400);
  });
});

describe("mail rides on the change that causes it", () => {
  it("enqueues nothing when the change's transaction rolls back", async () => {
    const to = "rolled.back@example.test";
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueue(tx, sendMailJob, { to, subject: "s", text: "t", html: "<p>t</p>" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await t.queuedMails(to)).toEqual([]);
  });

  it("enqueues nothing when registration is refused", async () => {
    const m = await t.member();
    const before = (await t.queuedMails(m.email)).length;
    await t.visitor().call(authEndpoints.register, {
      body: { email: m.email, password: TEST_PASSWORD, firstName: "Again", lastName: "Again" },
    });
    expect(await t.queuedMails(m.email)).toHaveLength(before);
  });
});
