import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

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

/** Published content changed (a video, an article sync, a course): drop every shared answer. */
export function invalidateSharedCaches(db: object) {
  for (const cache of registry.get(db)?.values() ?? []) cache.clear();
}

interface CachedAnswer<T> {
  value: T;
  etag: string;
  storedAt: number;
  body?: string;
}

/**
 * Answers for lists that are the same for every member (the video library, say), kept for a
 * couple of seconds: under load one query serves thousands of requests, and a member's revisit
 * with the same ETag gets a 304. Writes on this instance clear it at once; other instances
 * catch up within the time to live.
 */
export class SharedCache<T> {
  private readonly entries = new Map<string, CachedAnswer<T>>();
  private readonly loading = new Map<string, Promise<CachedAnswer<T>>>();

  constructor(
    private readonly ttlMs = 2000,
    private readonly maxEntries = 500,
  ) {}

  async get(key: string, load: () => Promise<T>): Promise<CachedAnswer<T>> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.storedAt < this.ttlMs) return hit;
    // Many requests arriving together for the same key share one query.
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load()
        .then((value) => {
          const etag = `W/"${createHash("sha1").update(JSON.stringify(value)).digest("base64url").slice(0, 22)}"`;
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          const entry: CachedAnswer<T> = { value, etag, storedAt: Date.now() };
          this.entries.set(key, entry);
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

  /** Sends the cached list, or 304 when the browser already holds this version. */
  async reply(request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<T>) {
    const entry = await this.get(key, load);
    // Private: the answer needs a signed-in member, so no shared proxy may keep it.
    reply.header("etag", entry.etag).header("cache-control", "private, no-cache");
    if (request.headers["if-none-match"] === entry.etag) return reply.status(304).send();
    // Serialised once by the route's response schema, then sent as it is.
    entry.body ??= reply.serialize(entry.value) as string;
    return reply.type("application/json; charset=utf-8").send(entry.body);
  }
}
