import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEndpoints } from "../../src/core/admin/endpoints";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { users } from "../../src/server/db/schema";
import {
  createTestContext,
  TEST_ADMIN_EMAIL,
  TEST_PASSWORD,
  type TestClient,
  type TestContext,
} from "../support/app";
import { RedirectWalker, type startOidcProvider, startOidcProviderFor } from "../support/oidc-provider";

const PUBLIC_URL = "http://localhost:4999";
let t: TestContext;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  const provider = await startOidcProviderFor(PUBLIC_URL);
  idp = provider.idp;
  t = await createTestContext(provider.env);
});
afterAll(async () => {
  await t.close();
  await idp.stop();
});

/** /api/login → provider → back at /api/callback, as a browser would; returns the callback URL. */
async function startSignIn(client: TestClient, returnTo?: string) {
  const login = await client.call(authEndpoints.oidcLogin, { query: { returnTo } });
  expect(login.status).toBe(302);
  const authorize = new URL(String(login.headers.location));
  expect(authorize.origin).toBe(idp.issuer);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("state")).toBeTruthy();
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}${authEndpoints.oidcCallback.path}`);
  const back = await new RedirectWalker().followUntilLeaving(authorize.href, idp.issuer);
  expect(back.pathname).toBe(authEndpoints.oidcCallback.path);
  return back;
}

describe("external sign-in", () => {
  it("creates the member from the ID token's claims and signs her in", async () => {
    idp.signInAs({
      sub: "idp-user-1",
      email: "Esther.Idp@Example.test",
      email_verified: true,
      given_name: "Esther",
      family_name: "Idp",
      picture: "https://images.example.test/esther.png",
    });
    const client = t.visitor();
    const back = await startSignIn(client, "/community");
    const done = await client.get(back.pathname + back.search);
    expect(done.status).toBe(302);
    expect(done.headers.location).toBe("/community");
    const me = await client.call(authEndpoints.user);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: "esther.idp@example.test",
      firstName: "Esther",
      lastName: "Idp",
      profileImageUrl: "https://images.example.test/esther.png",
    });
  });

  it("updates the same member on her next sign-in instead of creating another", async () => {
    idp.signInAs({
      sub: "idp-user-2",
      email: "miriam.idp@example.test",
      email_verified: true,
      given_name: "Miri",
    });
    const first = t.visitor();
    const back1 = await startSignIn(first);
    await first.get(back1.pathname + back1.search);

    idp.signInAs({
      sub: "idp-user-2",
      email: "miriam.idp@example.test",
      email_verified: true,
      given_name: "Miriam",
    });
    const second = t.visitor();
    const back2 = await startSignIn(second);
    await second.get(back2.pathname + back2.search);
    expect((await second.call(authEndpoints.user)).body.firstName).toBe("Miriam");
    const rows = await t.database.db.select().from(users).where(eq(users.email, "miriam.idp@example.test"));
    expect(rows).toHaveLength(1);
  });

  it("refuses a callback whose state was tampered with", async () => {
    idp.signInAs({ sub: "idp-user-3", email: "tampered@example.test", email_verified: true });
    const client = t.visitor();
    const back = await startSignIn(client);
    back.searchParams.set("state", "forged-state");
    const res = await client.get(back.pathname + back.search);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/sign-in?error=external");
    expect(client.jar.has("sid")).toBe(false);
    expect((await client.call(authEndpoints.user)).status).toBe(401);
    const rows = await t.database.db.select().from(users).where(eq(users.email, "tampered@example.test"));
    expect(rows).toHaveLength(0);
  });

  it("refuses a callback that did not start here", async () => {
    // A forged return: the provider's own parameters, which the declaration does not describe.
    const res = await t.visitor().get(`${authEndpoints.oidcCallback.path}?code=abc&state=xyz`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/sign-in?error=external");
  });

  it("does not let an unverified address take over an existing account", async () => {
    const existing = await t.member({ email: "owned@example.test" });
    idp.signInAs({ sub: "idp-attacker", email: "owned@example.test", email_verified: false });
    const client = t.visitor();
    const back = await startSignIn(client);
    const res = await client.get(back.pathname + back.search);
    expect(res.headers.location).toBe("/sign-in?error=external");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(row?.oidcSubject).toBeNull();
  });

  it("makes no administrator of an address the provider did not verify", async () => {
    idp.signInAs({ sub: "idp-chooser", email: TEST_ADMIN_EMAIL, email_verified: false, given_name: "Eve" });
    const client = t.visitor();
    const back = await startSignIn(client);
    await client.get(back.pathname + back.search);
    const me = await client.call(authEndpoints.user);
    expect(me.body).toMatchObject({ email: TEST_ADMIN_EMAIL, emailVerified: false, isAdmin: false });
    expect((await client.call(adminEndpoints.users)).status).toBe(403);
    // She is asked to prove the address with a link of ours instead.
    expect((await t.queuedMails(TEST_ADMIN_EMAIL)).at(-1)?.text).toContain("/verify-email?token=");
  });

  it("counts an address as verified when the provider says so", async () => {
    idp.signInAs({ sub: "idp-verified", email: "rivka.idp@example.test", email_verified: true });
    const client = t.visitor();
    const back = await startSignIn(client);
    await client.get(back.pathname + back.search);
    expect((await client.call(authEndpoints.user)).body).toMatchObject({
      emailVerified: true,
      hasPassword: false,
    });
  });

  it("gives an account taken ahead of its owner to the owner her provider vouches for", async () => {
    const squatter = await t.member({ email: "claimed.early@example.test" });
    idp.signInAs({ sub: "idp-owner", email: "claimed.early@example.test", email_verified: true });
    const owner = t.visitor();
    const back = await startSignIn(owner);
    await owner.get(back.pathname + back.search);
    expect((await owner.call(authEndpoints.user)).body).toMatchObject({
      id: squatter.id,
      emailVerified: true,
    });
    // The squatter's session and password are gone.
    expect((await squatter.client.call(authEndpoints.user)).status).toBe(401);
    const login = await t
      .visitor()
      .call(authEndpoints.login, { body: { email: squatter.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(401);
  });

  it("sends visitors to the built-in sign-in page when no provider is configured", async () => {
    const plain = await createTestContext();
    try {
      const res = await plain.visitor().call(authEndpoints.oidcLogin, { query: { returnTo: "/videos" } });
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe("/sign-in?returnTo=%2Fvideos");
      const evil = await plain
        .visitor()
        .call(authEndpoints.oidcLogin, { query: { returnTo: "//evil.example" } });
      expect(evil.headers.location).toBe("/sign-in");
      const joining = await plain.visitor().call(authEndpoints.oidcLogin, { query: { mode: "register" } });
      expect(joining.headers.location).toBe("/sign-in?mode=register");
    } finally {
      await plain.close();
    }
  });
});
