import dns from "node:dns";
import { Agent, fetch as undiciFetch } from "undici";
import { isPublicHost } from "../../core/settings/fields";

/**
 * Fetching an address someone gave the server through the dashboard (the newsletter's feed): only
 * public hosts, never this computer or a private network, however the address gets there. The
 * literal host of every hop is checked, redirects included, and a name is checked on what it
 * resolves to at the moment of connecting, so a name that answers differently the second time
 * (DNS rebinding) gains nothing.
 */

const MAX_REDIRECTS = 5;

/** The code a refused address carries (on the error's `cause` when fetch reports it). */
export const PRIVATE_ADDRESS = "EPRIVATEADDRESS";

const privateAddress = (host: string) =>
  Object.assign(new Error(`${host} leads to a private network`), { code: PRIVATE_ADDRESS });

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** `dns.lookup`, refusing a name when any of its addresses is not public. */
export function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (addresses.length === 0 || addresses.some((a) => !isPublicHost(a.address))) {
      return callback(privateAddress(hostname), []);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    callback(null, first!.address, first!.family);
  });
}

const publicOnly = new Agent({ connect: { lookup: publicOnlyLookup } });

/** Whether an error from `fetchPublic` is its refusal of a private address. */
export function isPrivateAddressError(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === PRIVATE_ADDRESS || e?.cause?.code === PRIVATE_ADDRESS;
}

/** `fetch` for a GET to a public address, following at most five redirects, each checked. */
export async function fetchPublic(
  url: string,
  init: { signal?: AbortSignal; headers?: Record<string, string> },
) {
  let next = new URL(url);
  for (let hop = 0; ; hop++) {
    if ((next.protocol !== "https:" && next.protocol !== "http:") || !isPublicHost(next.hostname)) {
      throw privateAddress(next.hostname);
    }
    const res = await undiciFetch(next, { ...init, redirect: "manual", dispatcher: publicOnly });
    const location = res.headers.get("location");
    if (res.status < 300 || res.status > 399 || !location) return res as unknown as Response;
    await res.body?.cancel().catch(() => {});
    if (hop >= MAX_REDIRECTS) throw Object.assign(new Error("too many redirects"), { code: "EREDIRECTS" });
    next = new URL(location, next);
  }
}
