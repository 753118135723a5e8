import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppConfig } from "../config";
import { PAGE_MODULES_LOADER_HASH } from "../render/page-scripts";
import { forbidden } from "./errors";

/** Only what the app needs: itself, YouTube embeds and Stripe. */
export function contentSecurityPolicy(config: AppConfig): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [
      "'self'",
      PAGE_MODULES_LOADER_HASH,
      "https://js.stripe.com",
      "https://www.youtube.com",
      "https://s.ytimg.com",
    ],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", "https://api.stripe.com", "https://m.stripe.network"],
    "frame-src": [
      "https://www.youtube-nocookie.com",
      "https://www.youtube.com",
      "https://js.stripe.com",
      "https://hooks.stripe.com",
    ],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    ...(config.secureCookies && { "upgrade-insecure-requests": [] }),
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join(";");
}

/**
 * The headers helmet would send with this configuration, computed once: they never vary by
 * request, and building them per request (as helmet does) cost a tenth of a simple request's time.
 */
export function securityHeaders(config: AppConfig): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(config),
    // Stripe's and YouTube's windows need to talk back to us.
    "cross-origin-opener-policy": "same-origin-allow-popups",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "referrer-policy": "strict-origin-when-cross-origin",
    ...(config.secureCookies && { "strict-transport-security": "max-age=31536000; includeSubDomains" }),
    "x-content-type-options": "nosniff",
    "x-dns-prefetch-control": "off",
    "x-download-options": "noopen",
    "x-frame-options": "DENY",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
  };
}

/**
 * API responses are data, never documents: nothing in them may load, run or be framed, so their
 * policy is the strictest one (OWASP's advice for REST services), and the headers that only mean
 * something to a document are left off. A third of the bytes of a small response were headers.
 */
export function apiSecurityHeaders(config: AppConfig): Record<string, string> {
  return {
    "content-security-policy": `default-src 'none';frame-ancestors 'none'${config.secureCookies ? ";upgrade-insecure-requests" : ""}`,
    "cross-origin-resource-policy": "same-origin",
    "referrer-policy": "strict-origin-when-cross-origin",
    ...(config.secureCookies && { "strict-transport-security": "max-age=31536000; includeSubDomains" }),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** PUBLIC_URL's origin; without PUBLIC_URL, also the one the request's Host names. */
function isSiteOrigin(config: AppConfig, request: FastifyRequest, origin: string) {
  return (
    origin === config.publicOrigin ||
    (!config.publicUrlSet && origin === `${request.protocol}://${request.host}`)
  );
}

/**
 * Whether a navigation (a GET no Origin comes with) was started on one of our pages, or by her own
 * hand (the address bar, a bookmark): the browser's fetch metadata says so. A browser too old to
 * send it (Safari before 16.4) still sends a page of ours as the Referer, under our referrer policy;
 * with neither, it may be any site's link.
 */
export function isOwnNavigation(config: AppConfig, request: FastifyRequest) {
  const site = request.headers["sec-fetch-site"];
  if (site) return site === "same-origin" || site === "none";
  const referer = request.headers.referer;
  if (!referer || !URL.canParse(referer)) return false;
  return isSiteOrigin(config, request, new URL(referer).origin);
}

export async function registerSecurity(app: FastifyInstance, config: AppConfig) {
  const pageHeaders = securityHeaders(config);
  const apiHeaders = apiSecurityHeaders(config);
  // One synchronous hook for every response's headers and the origin check: it runs on every
  // request, and an async hook costs a promise. The request id goes back to the caller, so a
  // member's report or a proxy's log finds the server's line.
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(request.url.startsWith("/api/") ? apiHeaders : pageHeaders);
    reply.header("x-request-id", request.id);
    // Cross-site request forgery: a state-changing call must come from our own pages.
    // Browsers send Origin on every such request; a foreign or missing one is refused. The Host
    // header is the caller's to write (and a rebound DNS name's to name), so with PUBLIC_URL set an
    // origin built from it proves nothing.
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.skipOriginCheck) return done();
    const origin = request.headers.origin;
    if (!origin || !isSiteOrigin(config, request, origin)) {
      return done(forbidden("This request must come from the site itself."));
    }
    done();
  });
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** For server-to-server callbacks (Stripe webhooks) that carry their own signature. */
    skipOriginCheck?: boolean;
  }
}
