import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** An answer kept in memory, with its serialised body and ETag worked out once, on first use. */
export interface CachedAnswer<T> {
  value: T;
  body?: string;
  etag?: string;
}

export const weakEtag = (text: string) =>
  `W/"${createHash("sha1").update(text).digest("base64url").slice(0, 22)}"`;

/**
 * Sends a cached answer: serialised once by the route's response schema and then sent as it is,
 * or 304 when the browser already holds this version. Private: it needs a signed-in member.
 */
export function sendCachedAnswer<T>(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer<T>) {
  answer.body ??= reply.serialize(answer.value) as string;
  answer.etag ??= weakEtag(answer.body);
  reply.header("etag", answer.etag).header("cache-control", "private, no-cache");
  if (request.headers["if-none-match"] === answer.etag) return reply.status(304).send();
  return reply.type("application/json; charset=utf-8").send(answer.body);
}
