import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { preferredEncoding } from "../render/page-compression";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** How a cached response can leave: as it is, or compressed (made once, in zlib's thread pool). */
type Encoding = NonNullable<ReturnType<typeof preferredEncoding>>;

const compress: Record<Encoding, (body: string) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
      },
    }),
  gzip: (body) => gzipAsync(body, { level: 6 }),
};

/**
 * A response cached in memory, with its serialised body, its ETag and its compressed forms worked out
 * once, on first use.
 */
export interface CachedResponse<T> {
  value: T;
  body?: string;
  /** The body as sent uncompressed: bytes, so no request measures or encodes the text again. */
  bytes?: Buffer;
  etag?: string;
  /** Each compressed form: being made, then made. */
  encoded?: Partial<Record<Encoding, Buffer | Promise<Buffer>>>;
}

export const weakEtag = (text: string) =>
  `W/"${createHash("sha1").update(text).digest("base64url").slice(0, 22)}"`;

/** Below this, compression saves less than the headers it adds. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Sends a cached response: serialised once by the route's response schema and then sent as it is,
 * or 304 when the browser already holds this version. A browser that accepts brotli or gzip gets
 * the body compressed once (off the main thread) and cached with it: a list of a few kilobytes
 * leaves in a fraction of its size, which a phone on a slow network feels and a server pays for
 * in every write. Private: it needs a signed-in member.
 *
 * Synchronous once the response's forms are made (every request but the first few): a hot read
 * waits for no promise here.
 */
export function sendCachedResponse<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  response: CachedResponse<T>,
): FastifyReply | Promise<FastifyReply> {
  response.body ??= reply.serialize(response.value) as string;
  response.etag ??= weakEtag(response.body);
  reply
    .header("etag", response.etag)
    .header("cache-control", "private, no-cache")
    .header("vary", "Accept-Encoding");
  if (request.headers["if-none-match"] === response.etag) return reply.status(304).send();
  reply.type("application/json; charset=utf-8");
  const encoding =
    response.body.length < COMPRESS_FROM_BYTES
      ? undefined
      : preferredEncoding(request.headers["accept-encoding"]);
  if (!encoding) {
    response.bytes ??= Buffer.from(response.body);
    return reply.send(response.bytes);
  }
  reply.header("content-encoding", encoding);
  response.encoded ??= {};
  const encoded = response.encoded;
  const form = encoded[encoding];
  if (form instanceof Buffer) return reply.send(form);
  const making = form instanceof Promise ? form : compress[encoding](response.body);
  encoded[encoding] = making;
  return making.then((made) => {
    encoded[encoding] = made;
    return reply.send(made);
  });
}
