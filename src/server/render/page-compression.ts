import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Of the encodings a browser accepts, the one we send: brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding = "") {
  if (/\bbr\b/.test(acceptEncoding)) return "br" as const;
  if (/\bgzip\b/.test(acceptEncoding)) return "gzip" as const;
  return undefined;
}

/** A page made for one request, compressed off the main thread at a quick setting. */
export async function encodeOnce(html: string, acceptEncoding = "") {
  const encoding = preferredEncoding(acceptEncoding);
  if (encoding === "br") {
    return { encoding, body: await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  }
  if (encoding === "gzip") return { encoding, body: await gzipAsync(html, { level: 6 }) };
  return { encoding: undefined, body: html };
}

/**
 * A page is one of a few fixed variants, each compressed once on first use and cached (the same way
 * the static files are precompressed at build time).
 */
export function pageEncoder() {
  const cache = new Map<string, { br: Buffer; gzip: Buffer }>();
  return (html: string, acceptEncoding = "") => {
    let encoded = cache.get(html);
    if (!encoded) {
      encoded = {
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(html, { level: 9 }),
      };
      cache.set(html, encoded);
    }
    const encoding = preferredEncoding(acceptEncoding);
    if (encoding) return { encoding, body: encoded[encoding] };
    return { encoding: undefined, body: html };
  };
}
