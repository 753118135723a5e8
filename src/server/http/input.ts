import type { FastifyInstance, preValidationHookHandler } from "fastify";
import { badRequest } from "./errors";

export const NUL_MESSAGE = "Text cannot contain the NUL character (U+0000).";

/** True when a string (or an object key) anywhere in parsed JSON, a query or path holds U+0000. */
export function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some(containsNul);
  // Raw bodies (the Stripe webhook keeps its bytes for the signature) are not text input.
  if (ArrayBuffer.isView(value)) return false;
  return Object.entries(value).some(([key, v]) => key.includes("\u0000") || containsNul(v));
}

/**
 * Postgres cannot store U+0000 in text or jsonb, so such input would fail deep inside a query as a
 * 500. It is refused up front, before any handler runs, on every API route.
 */
export function registerInputChecks(app: FastifyInstance) {
  const refuseNul: preValidationHookHandler = (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      return done(badRequest(NUL_MESSAGE));
    }
    done();
  };
  // A route's handler is given only the inputs its schemas declare (`serve`), so the routes that
  // declare none (most reads) have nothing to check.
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const { params, querystring, body } = route.schema ?? {};
    if (!params && !querystring && !body) return;
    route.preValidation = [refuseNul, ...(route.preValidation ? [route.preValidation].flat() : [])];
  });
}
