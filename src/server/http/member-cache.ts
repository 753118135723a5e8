import type { FastifyReply, FastifyRequest } from "fastify";
import { setBounded } from "../../core/bounded-map";
import { type CachedResponse, sendCachedResponse } from "./cached-response";

/**
 * Responses that differ per member (her view of the prayer wall, her home page) but change only when
 * community rows change. Each entry belongs to a version of the community; a change anywhere moves
 * the version, which the database announces to every instance (see `invalidate`). Nothing is cached
 * while those announcements cannot be heard (`live` is false): the cache is bypassed, never trusted.
 */
export class MemberCache {
  private version = 0;
  private readonly entries = new Map<string, CachedResponse<unknown>>();
  private readonly loading = new Map<string, Promise<CachedResponse<unknown>>>();

  constructor(
    private readonly live: () => boolean,
    private readonly maxEntries = 5000,
  ) {}

  /** Community rows changed: every cached response so far is out of date. */
  invalidate() {
    this.version++;
    this.entries.clear();
    this.loading.clear();
  }

  get size() {
    return this.entries.size;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return (await this.entry(key, load)).value;
  }

  /** Sends the response for `key` (see `sendCachedResponse`); a cached one at once, without a promise. */
  reply<T>(request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<T>) {
    const hit = this.live() ? this.entries.get(key) : undefined;
    if (hit) return sendCachedResponse(request, reply, hit);
    return this.entry(key, load).then((entry) => sendCachedResponse(request, reply, entry));
  }

  private async entry<T>(key: string, load: () => Promise<T>): Promise<CachedResponse<T>> {
    const version = this.version;
    if (!this.live()) return { value: await load() };
    const hit = this.entries.get(key);
    if (hit) return hit as CachedResponse<T>;
    // A member's parallel requests for the same response share one load.
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load().then((value) => {
        const entry: CachedResponse<unknown> = { value };
        // A change that arrived while loading may not be in `value`: hand it out, but do not cache it.
        if (this.version === version && this.live()) {
          this.loading.delete(key);
          setBounded(this.entries, key, entry, this.maxEntries);
        }
        return entry;
      });
      pending.catch(() => {
        if (this.loading.get(key) === pending) this.loading.delete(key);
      });
      this.loading.set(key, pending);
    }
    return pending as Promise<CachedResponse<T>>;
  }
}
