import type { FastifyInstance } from "fastify";
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
  app.addHook("preValidation", (request, _reply, done) => {
    if (!request.url.startsWith("/api/")) return done();
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      return done(badRequest(NUL_MESSAGE));
    }
    done();
  });
}
