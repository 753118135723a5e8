import type pg from "pg";
import { DatabaseListener } from "../db/listener";

/** The channel the database announces on when a session ends or a member's row changes. */
export const AUTH_CHANNEL = "mishpacha_auth";

export interface CachedSession<U> {
  user: U;
  userId: number;
  expiresAt: number;
}

/**
 * Sessions resolved recently, so a member's requests skip the session query. Correctness comes
 * from the database: triggers on `sessions` and `users` (update, delete) call
 * pg_notify, and every instance listening evicts what changed, whichever instance (or script)
 * made the change. It hears them on the instance's one listening connection (`db/listener.ts`),
 * shared with the live streams; while that connection is down the cache is bypassed, never trusted.
 */
export class SessionCache<U> {
  private readonly entries = new Map<string, CachedSession<U> & { storedAt: number }>();
  private readonly byUser = new Map<number, Set<string>>();
  private listener: DatabaseListener | undefined;
  /** A listener made by `listen` is this cache's to close; a shared one is its owner's. */
  private ownListener: DatabaseListener | undefined;
  private stopListening: Array<() => void> = [];
  private closed = false;
  private readonly subscribers = new Set<(payload: string) => void>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 20_000,
  ) {}

  get active() {
    return !this.closed && this.listener?.active === true;
  }

  /** The database backend holding LISTEN (for diagnostics). */
  get listenerBackendPid(): number | undefined {
    return this.listener?.backendPid;
  }

  get(sessionHash: string): CachedSession<U> | undefined {
    if (!this.active) return undefined;
    const entry = this.entries.get(sessionHash);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.ttlMs || entry.expiresAt <= Date.now()) {
      this.forgetSession(sessionHash);
      return undefined;
    }
    return entry;
  }

  set(sessionHash: string, value: CachedSession<U>) {
    if (!this.active) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.forgetSession(oldest);
    }
    this.entries.set(sessionHash, { ...value, storedAt: Date.now() });
    let hashes = this.byUser.get(value.userId);
    if (!hashes) {
      hashes = new Set();
      this.byUser.set(value.userId, hashes);
    }
    hashes.add(sessionHash);
  }

  forgetSession(sessionHash: string) {
    const entry = this.entries.get(sessionHash);
    if (!entry) return;
    this.entries.delete(sessionHash);
    const hashes = this.byUser.get(entry.userId);
    hashes?.delete(sessionHash);
    if (hashes?.size === 0) this.byUser.delete(entry.userId);
  }

  forgetUser(userId: number) {
    for (const hash of this.byUser.get(userId) ?? []) this.entries.delete(hash);
    this.byUser.delete(userId);
  }

  clear() {
    this.entries.clear();
    this.byUser.clear();
    this.publish("*");
  }

  /**
   * Other caches riding on the same connection: they hear every notice except a single session's
   * ("u:<id>" a member changed, "c:" community rows changed, "*" the connection was lost or regained).
   */
  subscribe(listener: (payload: string) => void) {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  private publish(payload: string) {
    for (const listener of this.subscribers) listener(payload);
  }

  /**
   * Hears the database's notices on a listening connection shared with others (the app's). The
   * cache is emptied whenever that connection is lost or regained.
   */
  attach(listener: DatabaseListener) {
    this.listener = listener;
    this.stopListening.push(
      listener.on(AUTH_CHANNEL, (payload) => {
        if (payload.startsWith("s:")) return this.forgetSession(payload.slice(2));
        if (payload.startsWith("u:")) this.forgetUser(Number(payload.slice(2)));
        this.publish(payload);
      }),
      listener.onConnection(() => this.clear()),
    );
  }

  /** Holds a pooled connection of its own on LISTEN (a cache outside the app); reconnects after a failure. */
  async listen(pool: Pick<pg.Pool, "connect">, onError: (err: unknown) => void = () => {}) {
    if (this.closed) return;
    const listener = DatabaseListener.onPool(pool, onError);
    this.ownListener = listener;
    this.attach(listener);
    await listener.start();
  }

  /**
   * Resolves once every notification committed before the call has been applied: the database
   * sends pending notifications on a connection before responding to its next query.
   */
  sync(): Promise<void> {
    return this.listener?.sync() ?? Promise.resolve();
  }

  async close() {
    this.closed = true;
    for (const stop of this.stopListening) stop();
    this.stopListening = [];
    this.clear();
    await this.ownListener?.close();
  }
}
