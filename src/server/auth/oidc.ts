import type { Configuration } from "openid-client";
import type { AppConfig } from "../config";
import { unavailable } from "../http/errors";
import type { OidcClaims } from "./accounts";

/** External sign-in with the authorization-code flow, PKCE and state. */
export interface OidcLogin {
  authorizationUrl: URL;
  /** Kept in a short-lived signed cookie until the provider sends the member back. */
  pending: PendingLogin;
}

export interface PendingLogin {
  state: string;
  nonce: string;
  verifier: string;
  returnTo?: string;
}

// Loaded with the first external sign-in: a site without a provider never needs the library.
const loadClient = () => import("openid-client");

export function createOidc(config: NonNullable<AppConfig["oidc"]>, publicUrl: string) {
  const redirectUri = `${publicUrl}/api/callback`;
  const issuer = new URL(config.issuerUrl);
  const insecure = issuer.protocol === "http:";
  let discovered: Promise<Configuration> | undefined;

  const configuration = () => {
    discovered ??= loadClient()
      .then((client) =>
        client.discovery(issuer, config.clientId, config.clientSecret, undefined, {
          execute: insecure ? [client.allowInsecureRequests] : [],
          timeout: 10,
        }),
      )
      .catch((err) => {
        discovered = undefined; // try again on the next sign-in
        throw unavailable(`The sign-in provider is not reachable right now (${(err as Error).message}).`);
      });
    return discovered;
  };

  return {
    /** `joining`: ask for the provider's sign-up page (prompt=create) where it says it has one. */
    async start(returnTo?: string, joining = false): Promise<OidcLogin> {
      const [cfg, client] = await Promise.all([configuration(), loadClient()]);
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const authorizationUrl = client.buildAuthorizationUrl(cfg, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
        nonce,
      });
      // OpenID Connect's "Initiating User Registration": only for providers that advertise it.
      const prompts = cfg.serverMetadata().prompt_values_supported;
      if (joining && Array.isArray(prompts) && prompts.includes("create")) {
        authorizationUrl.searchParams.set("prompt", "create");
      }
      return { authorizationUrl, pending: { state, nonce, verifier, returnTo } };
    },

    /** Exchanges the code; throws when state, nonce or PKCE do not match. */
    async finish(callbackUrl: URL, pending: PendingLogin): Promise<OidcClaims> {
      const [cfg, client] = await Promise.all([configuration(), loadClient()]);
      const tokens = await client.authorizationCodeGrant(cfg, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error("The provider sent no ID token");
      // Strict providers put profile and e-mail only in the UserInfo response, not in the ID token.
      const claims: Record<string, unknown> & { iss: string; sub: string } =
        idClaims.email === undefined && tokens.access_token
          ? { ...(await client.fetchUserInfo(cfg, tokens.access_token, idClaims.sub)), ...idClaims }
          : idClaims;
      const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
      const email = str(claims.email)?.toLowerCase();
      if (!email) throw new Error("The provider did not share an e-mail address");
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email,
        emailVerified: claims.email_verified === true,
        firstName: str(claims.given_name),
        lastName: str(claims.family_name),
        picture: str(claims.picture),
      };
    },
  };
}

export type Oidc = ReturnType<typeof createOidc>;
