import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page made for one request, compressed off the main thread at a quick setting. */
export async function encodeOnce(html: string, acceptEncoding = "") {
  if (/\bbr\b/.test(acceptEncoding)) {
    return { encoding: "br", body: await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  }
  if (/\bgzip\b/.test(acceptEncoding)) return { encoding: "gzip", body: await gzipAsync(html, { level: 6 }) };
  return { encoding: undefined, body: html };
}

/**
 * A page is one of a few fixed variants, each compressed once on first use and kept (the same way
 * the static files are precompressed at build time).
 */
export function pageEncoder() {
  const kept = new Map<string, { br: Buffer; gzip: Buffer }>();
  return (html: string, acceptEncoding = "") => {
    let encoded = kept.get(html);
    if (!encoded) {
      encoded = {
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(html, { level: 9 }),
      };
      kept.set(html, encoded);
    }
    if (/\bbr\b/.test(acceptEncoding)) return { encoding: "br", body: encoded.br };
    if (/\bgzip\b/.test(acceptEncoding)) return { encoding: "gzip", body: encoded.gzip };
    return { encoding: undefined, body: html };
  };
}
