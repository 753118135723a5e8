import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookie, type SerializeOptions, stringifySetCookie } from "cookie";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Cookies, read when asked for and written as they are set (docs/performance.md, tuning log: Cookies are read when asked for). A plugin that parses
 * every request's cookies in a hook and writes them in another costs every request two hooks and a
 * map; here a request that never looks at its cookies pays nothing, and one that sets none runs
 * nothing when its response leaves.
 */

export interface CookieOptions extends Omit<SerializeOptions, "encode"> {
  /** Signed with the session secret, so the server can tell whether it wrote the value. */
  signed?: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The request's cookies by name, parsed on first use. */
    readonly cookies: Record<string, string | undefined>;
    /** The value a signed cookie carries, if the signature is this server's. */
    unsignCookie(value: string): { valid: boolean; value: string | null };
  }
  interface FastifyReply {
    /** Sets a cookie; setting the same name and path again in one response replaces it. */
    setCookie(name: string, value: string, options?: CookieOptions): FastifyReply;
    clearCookie(name: string, options?: CookieOptions): FastifyReply;
  }
}

const parsedCookies = Symbol("parsedCookies");
const cookiesSet = Symbol("cookiesSet");

type WithCookies = { [parsedCookies]?: Record<string, string | undefined> };
type WithCookiesSet = { [cookiesSet]?: Map<string, string> };

/** `value.signature`, the HMAC-SHA256 of the value in unpadded base64 (what cookie signers write). */
function signatureOf(secret: string | undefined, value: string) {
  if (!secret) throw new Error("Signed cookies need SESSION_SECRET");
  return createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, "");
}

export function registerCookies(app: FastifyInstance, secret: string | undefined) {
  app.decorateRequest("cookies", {
    getter(this: WithCookies & { headers: { cookie?: string } }) {
      this[parsedCookies] ??= this.headers.cookie ? parseCookie(this.headers.cookie) : {};
      return this[parsedCookies];
    },
  });
  app.decorateRequest("unsignCookie", (signed: string) => {
    const dot = signed.lastIndexOf(".");
    if (dot <= 0) return { valid: false, value: null };
    const value = signed.slice(0, dot);
    const given = Buffer.from(signed.slice(dot + 1));
    const expected = Buffer.from(signatureOf(secret, value));
    const valid = given.length === expected.length && timingSafeEqual(given, expected);
    return valid ? { valid, value } : { valid, value: null };
  });
  app.decorateReply("setCookie", function (this: FastifyReply, name: string, value: string, options = {}) {
    const { signed, ...attributes } = options as CookieOptions;
    const written = signed ? `${value}.${signatureOf(secret, value)}` : value;
    const reply = this as FastifyReply & WithCookiesSet;
    reply[cookiesSet] ??= new Map();
    const set = reply[cookiesSet];
    set.set(
      `${name};${attributes.domain ?? ""};${attributes.path ?? "/"}`,
      stringifySetCookie({ sameSite: "lax", ...attributes, name, value: written }),
    );
    this.removeHeader("set-cookie");
    return this.header("set-cookie", [...set.values()]);
  });
  app.decorateReply("clearCookie", function (this: FastifyReply, name: string, options = {}) {
    return this.setCookie(name, "", {
      path: "/",
      ...options,
      expires: new Date(0),
      maxAge: 0,
      signed: false,
    });
  });
}
