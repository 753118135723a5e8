import type { FastifyReply, FastifyRequest } from "fastify";
import { setBounded } from "../../core/bounded-map";
import { type CachedResponse, sendCachedResponse, weakEtag } from "./cached-response";

const registry = new WeakMap<object, Map<string, SharedCache<unknown>>>();
const uncached = new WeakSet<object>();

/** RESPONSE_CACHE=0: this database's shared lists are read afresh on every request. */
export function disableSharedCaches(db: object) {
  uncached.add(db);
}

/** The cache called `name` for this database (each app instance and each test database has its own). */
export function sharedCache<T>(db: object, name: string, ttlMs?: number): SharedCache<T> {
  let byName = registry.get(db);
  if (!byName) {
    byName = new Map();
    registry.set(db, byName);
  }
  let cache = byName.get(name);
  if (!cache) {
    cache = new SharedCache<unknown>(uncached.has(db) ? 0 : ttlMs);
    byName.set(name, cache);
  }
  return cache as SharedCache<T>;
}

/** Published content changed (a video, an article sync, a course): drop every shared response. */
export function invalidateSharedCaches(db: object) {
  for (const cache of registry.get(db)?.values() ?? []) cache.clear();
}

/** The ETag is worked out at once: the home page's per-member responses are keyed by it. */
type SharedResponse<T> = CachedResponse<T> & { etag: string; storedAt: number };

/**
 * Responses for lists that are the same for every member (the video library, say), cached for a
 * couple of seconds: under load one query serves thousands of requests, and a member's revisit
 * with the same ETag gets a 304. Writes on this instance clear it at once; other instances
 * catch up within the time to live.
 */
export class SharedCache<T> {
  private readonly entries = new Map<string, SharedResponse<T>>();
  private readonly loading = new Map<string, Promise<SharedResponse<T>>>();

  constructor(
    private readonly ttlMs = 2000,
    private readonly maxEntries = 500,
  ) {}

  /** The cached response for `key` while it is fresh: what a hot read takes without a promise. */
  fresh(key: string): SharedResponse<T> | undefined {
    const hit = this.entries.get(key);
    return hit && Date.now() - hit.storedAt < this.ttlMs ? hit : undefined;
  }

  async get(key: string, load: () => Promise<T>): Promise<SharedResponse<T>> {
    const hit = this.fresh(key);
    if (hit) return hit;
    // Many requests arriving together for the same key share one query.
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load()
        .then((value) => {
          const etag = weakEtag(JSON.stringify(value));
          const entry: SharedResponse<T> = { value, etag, storedAt: Date.now() };
          setBounded(this.entries, key, entry, this.maxEntries);
          return entry;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  clear() {
    this.entries.clear();
  }

  /** Sends the cached list (see `sendCachedResponse`); a fresh one at once, without a promise. */
  reply(request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<T>) {
    const hit = this.fresh(key);
    if (hit) return sendCachedResponse(request, reply, hit);
    return this.get(key, load).then((entry) => sendCachedResponse(request, reply, entry));
  }
}
