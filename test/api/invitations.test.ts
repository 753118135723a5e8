import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { invitationsEndpoints as api } from "../../src/core/invitations/endpoints";
import { INVITATION_MESSAGES } from "../../src/core/invitations/messages";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { publicConfigOf } from "../../src/server/app";
import type { OutgoingMail } from "../../src/server/mail/transport";
import {
  createTestContext,
  expectRefused,
  type Member,
  TEST_PASSWORD,
  type TestClient,
  type TestContext,
} from "../support/app";
import { RedirectWalker, type startOidcProvider, startOidcProviderFor } from "../support/oidc-provider";

const PUBLIC_URL = "http://localhost:4998";
let t: TestContext;
let admin: Member;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let sequence = 0;

beforeAll(async () => {
  const provider = await startOidcProviderFor(PUBLIC_URL);
  idp = provider.idp;
  t = await createTestContext(provider.env);
  admin = await t.admin();
});
afterAll(async () => {
  await t.close();
  await idp.stop();
});

const newAddress = (name = "invitee") => {
  sequence += 1;
  return `${name}${sequence}@example.test`;
};

/** The newest invitation mailed to the address, and the token of its link. */
async function invitationMail(email: string): Promise<{ mail: OutgoingMail; token: string }> {
  const mails = (await t.queuedMails(email)).filter((m) => m.text.includes("/register?invitation="));
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no invitation mailed to ${email}`);
  const link = mail.text.match(/https?:\/\/\S+\/register\?invitation=[\w-]+/)?.[0];
  if (!link) throw new Error(`no link in ${mail.text}`);
  return { mail, token: new URL(link).searchParams.get("invitation")! };
}

async function invite(email: string) {
  const res = await admin.client.call(api.invite, { body: { email } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { invitation: res.body, ...(await invitationMail(email.toLowerCase())) };
}

const register = (client: TestClient, email: string, invitation?: string) =>
  client.call(authEndpoints.register, {
    body: { email, password: TEST_PASSWORD, firstName: "Hannah", lastName: "Newcomer", invitation },
  });

const pendingEmails = async () => (await admin.client.call(api.pending)).body.map((i) => i.email);

/** Runs `during` with joining by invitation, as an administrator may set it, then opens it again. */
async function whileClosed(during: () => Promise<void>) {
  t.config.registration = "invitation";
  try {
    await during();
  } finally {
    t.config.registration = "open";
  }
}

describe("inviting", () => {
  it("mails the address a link, saying who invited her and to what ministry, and lists it as waiting", async () => {
    const email = newAddress("Hannah.Mixed");
    const res = await admin.client.call(api.invite, { body: { email: email.toUpperCase() } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: email.toLowerCase(), invitedBy: "Owner Admin" });

    const { mail } = await invitationMail(email.toLowerCase());
    expect(mail.subject).toBe(`Owner Admin invites you to join ${t.config.siteName}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/register?invitation=`);
    expect(mail.text).toContain("7 days");
    expect(mail.html).toContain(`${PUBLIC_URL}/register?invitation=`);
    expect(mail.html).toContain('name="viewport"');

    const pending = await admin.client.call(api.pending);
    expect(pending.body[0]).toMatchObject({ email: email.toLowerCase(), invitedBy: "Owner Admin" });
    const log = await admin.client.call(moderationEndpoints.adminLog);
    expect(log.body[0]).toMatchObject({ action: "invitation_sent", detail: `To ${email.toLowerCase()}` });
  });

  it("names the ministry as it is called when the invitation is sent", async () => {
    const before = t.config.siteName;
    t.config.siteName = "Daughters of Zion";
    try {
      const { mail } = await invite(newAddress());
      expect(mail.subject).toBe("Owner Admin invites you to join Daughters of Zion");
      expect(mail.text).toContain("You’re invited to join Daughters of Zion");
    } finally {
      t.config.siteName = before;
    }
  });

  it("replaces an invitation still waiting when the same address is invited again", async () => {
    const email = newAddress();
    const first = await invite(email);
    const second = await invite(email);
    expect((await t.visitor().call(api.preview, { params: { token: first.token } })).status).toBe(404);
    expect((await t.visitor().call(api.preview, { params: { token: second.token } })).status).toBe(200);
    expect((await pendingEmails()).filter((e) => e === email)).toHaveLength(1);
  });

  it("refuses an address that already has an account", async () => {
    const member = await t.member();
    const res = await admin.client.call(api.invite, { body: { email: member.email } });
    expectRefused(res, 409, INVITATION_MESSAGES.alreadyMember);
    expect(await t.queuedMails(member.email)).toHaveLength(1); // her own confirmation, no invitation
  });

  it("pages the waiting invitations, newest first", async () => {
    await invite(newAddress());
    await invite(newAddress());
    const firstPage = await admin.client.call(api.pending, { query: { limit: 1 } });
    expect(firstPage.body).toHaveLength(1);
    const next = await admin.client.call(api.pending, { query: { limit: 1, before: firstPage.body[0]!.id } });
    expect(next.body).toHaveLength(1);
    expect(next.body[0]!.id).toBeLessThan(firstPage.body[0]!.id);
  });
});

describe("joining with an invitation", () => {
  it("opens her account with the invited address already confirmed, and the link works only once", async () => {
    const email = newAddress();
    const { token } = await invite(email);
    const visitor = t.visitor();

    const preview = await visitor.call(api.preview, { params: { token } });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ email, siteName: t.config.siteName });

    expectRefused(
      await register(visitor, newAddress("someone.else"), token),
      403,
      INVITATION_MESSAGES.otherAddress,
    );

    const joined = await register(visitor, email, token);
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ email, emailVerified: true });
    const me = await visitor.call(authEndpoints.user);
    expect(me.body).toMatchObject({ email, emailVerified: true });
    // Nothing more to confirm: no confirmation link was mailed.
    expect((await t.queuedMails(email)).filter((m) => m.text.includes("/verify-email?token="))).toHaveLength(
      0,
    );

    expect(await pendingEmails()).not.toContain(email);
    expect((await t.visitor().call(api.preview, { params: { token } })).status).toBe(404);
    expectRefused(await register(t.visitor(), email, token), 403, INVITATION_MESSAGES.invalid);
    expectRefused(await register(t.visitor(), newAddress(), token), 403, INVITATION_MESSAGES.invalid);
  });

  it("refuses a link past its seven days", async () => {
    const email = newAddress();
    const { token, invitation } = await invite(email);
    await t.database.pool.query(
      "update invitations set expires_at = now() - interval '1 minute' where id = $1",
      [invitation.id],
    );
    expectRefused(
      await t.visitor().call(api.preview, { params: { token } }),
      404,
      INVITATION_MESSAGES.invalid,
    );
    expectRefused(await register(t.visitor(), email, token), 403, INVITATION_MESSAGES.invalid);
    expect(await pendingEmails()).not.toContain(email);
  });

  it("refuses a link the administrators withdrew, and records who withdrew it", async () => {
    const email = newAddress();
    const { token, invitation } = await invite(email);
    const revoked = await admin.client.call(api.revoke, { params: { id: invitation.id } });
    expect(revoked.status).toBe(204);
    expect(await pendingEmails()).not.toContain(email);
    expect((await t.visitor().call(api.preview, { params: { token } })).status).toBe(404);
    expectRefused(await register(t.visitor(), email, token), 403, INVITATION_MESSAGES.invalid);
    expectRefused(await admin.client.call(api.revoke, { params: { id: invitation.id } }), 404);
    const log = await admin.client.call(moderationEndpoints.adminLog);
    expect(log.body[0]).toMatchObject({ action: "invitation_revoked", detail: `To ${email}` });
  });

  it("answers 404 for a link nobody was sent", async () => {
    const res = await t
      .visitor()
      .call(api.preview, { params: { token: "a-link-nobody-was-ever-sent-0000" } });
    expectRefused(res, 404);
  });
});

describe("joining by invitation only", () => {
  it("refuses an account without an invitation, and opens one with it", async () => {
    const email = newAddress();
    const { token } = await invite(email);
    await whileClosed(async () => {
      expectRefused(await register(t.visitor(), newAddress("uninvited")), 403, INVITATION_MESSAGES.closed);
      const joined = await register(t.visitor(), email, token);
      expect(joined.status).toBe(201);
      expect(joined.body.emailVerified).toBe(true);
    });
    // Open again: anyone may join.
    expect((await register(t.visitor(), newAddress("walk-in"))).status).toBe(201);
  });

  it("tells the browser whether joining is open", async () => {
    expect(publicConfigOf(t.config).registration).toBe("open");
    await whileClosed(async () => {
      expect(publicConfigOf(t.config).registration).toBe("invitation");
    });
  });
});

describe("external sign-in while joining is by invitation", () => {
  /** Signs in at the provider as `account` and comes back: where the callback sends her. */
  async function signInWithProvider(client: TestClient, account: Parameters<typeof idp.signInAs>[0]) {
    idp.signInAs(account);
    const login = await client.call(authEndpoints.oidcLogin, { query: {} });
    const back = await new RedirectWalker().followUntilLeaving(String(login.headers.location), idp.issuer);
    const done = await client.get(back.pathname + back.search);
    expect(done.status).toBe(302);
    return String(done.headers.location);
  }

  it("opens no new account without an invitation, lets a member in, and opens an invited address's", async () => {
    const existing = {
      sub: "idp-existing",
      email: newAddress("existing"),
      email_verified: true,
      given_name: "Ruth",
    };
    expect(await signInWithProvider(t.visitor(), existing)).toBe("/");

    await whileClosed(async () => {
      const stranger = t.visitor();
      const uninvited = { sub: "idp-stranger", email: newAddress("stranger"), email_verified: true };
      expect(await signInWithProvider(stranger, uninvited)).toBe("/sign-in?error=invitation");
      expect((await stranger.call(authEndpoints.user)).status).toBe(401);

      const member = t.visitor();
      expect(await signInWithProvider(member, existing)).toBe("/");
      expect((await member.call(authEndpoints.user)).body.email).toBe(existing.email);

      // An invited address the provider vouches for opens her account and uses the invitation up.
      const email = newAddress("invited.idp");
      const { token } = await invite(email);
      const unproven = { sub: "idp-unproven", email, email_verified: false };
      expect(await signInWithProvider(t.visitor(), unproven)).toBe("/sign-in?error=invitation");
      const invited = t.visitor();
      expect(await signInWithProvider(invited, { sub: "idp-invited", email, email_verified: true })).toBe(
        "/",
      );
      expect((await invited.call(authEndpoints.user)).body).toMatchObject({ email, emailVerified: true });
      expect((await t.visitor().call(api.preview, { params: { token } })).status).toBe(404);
    });
  });
});

describe("who may invite", () => {
  it("refuses members (403) and visitors (401) every administrator's route", async () => {
    const member = await t.member();
    const { invitation } = await invite(newAddress());
    for (const [client, status] of [
      [member.client, 403],
      [t.visitor(), 401],
    ] as const) {
      expect((await client.call(api.invite, { body: { email: newAddress() } })).status).toBe(status);
      expect((await client.call(api.pending)).status).toBe(status);
      expect((await client.call(api.revoke, { params: { id: invitation.id } })).status).toBe(status);
    }
    expect(await pendingEmails()).toContain(invitation.email);
  });
});
