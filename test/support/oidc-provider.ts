import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface TestAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

/**
 * A real OpenID Connect provider on 127.0.0.1. Its login step signs in `account` at once (no form),
 * so a test drives the whole redirect flow over HTTP.
 */
export async function startOidcProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}) {
  let account: TestAccount = { sub: "placeholder", email: "placeholder@example.test" };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "picture"],
    },
    scopes: ["openid", "email", "profile"],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      return { accountId: id, claims: () => ({ ...account, sub: id }) };
    },
    cookies: { keys: ["test-cookie-key"] },
    // Explicit lifetimes keep the provider from printing a notice for each default it falls back to.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
  });
  provider.on("server_error", () => {});

  const handle = provider.callback();
  server.on("request", async (req, res) => {
    if (req.url?.startsWith("/interaction/")) {
      try {
        const details = await provider.interactionDetails(req, res);
        const grant = new provider.Grant({
          accountId: account.sub,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope("openid email profile");
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
      return;
    }
    handle(req, res);
  });

  return {
    issuer,
    signInAs(next: TestAccount) {
      account = next;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A provider for the app a test builds at `publicUrl`, and the settings that point the app at it
 * (for `createTestContext`).
 */
export async function startOidcProviderFor(publicUrl: string) {
  const client = { clientId: "mishpacha-test", clientSecret: "a-client-secret-for-tests" };
  const idp = await startOidcProvider({ ...client, redirectUri: `${publicUrl}/api/callback` });
  const env = {
    PUBLIC_URL: publicUrl,
    OIDC_ISSUER_URL: idp.issuer,
    OIDC_CLIENT_ID: client.clientId,
    OIDC_CLIENT_SECRET: client.clientSecret,
  };
  return { idp, env };
}

/** A minimal browser for the provider's side of the flow: follows redirects by hand, keeps cookies. */
export class RedirectWalker {
  private readonly cookies = new Map<string, string>();

  /** Follows redirects until one leaves `origin`; returns that URL. */
  async followUntilLeaving(start: string, origin: string): Promise<URL> {
    let url = new URL(start);
    for (let hop = 0; hop < 10; hop += 1) {
      if (url.origin !== origin) return url;
      const res = await fetch(url, {
        redirect: "manual",
        headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(";");
        const eq = pair!.indexOf("=");
        this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      const location = res.headers.get("location");
      if (!location)
        throw new Error(`provider answered ${res.status} without a redirect: ${await res.text()}`);
      url = new URL(location, url);
    }
    throw new Error("too many redirects");
  }
}
