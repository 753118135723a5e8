import type pg from "pg";

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
 * made the change. While the listening connection is down the cache is bypassed, never trusted.
 */
export class SessionCache<U> {
  private readonly entries = new Map<string, CachedSession<U> & { storedAt: number }>();
  private readonly byUser = new Map<number, Set<string>>();
  private listener: pg.PoolClient | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private syncing: Promise<void> = Promise.resolve();
  private readonly subscribers = new Set<(payload: string) => void>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 20_000,
  ) {}

  get active() {
    return this.listener !== undefined;
  }

  /** The database backend holding LISTEN (for diagnostics). */
  get listenerBackendPid(): number | undefined {
    return (this.listener as { processID?: number } | undefined)?.processID;
  }

  get(sessionHash: string): CachedSession<U> | undefined {
    if (!this.listener) return undefined;
    const entry = this.entries.get(sessionHash);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.ttlMs || entry.expiresAt <= Date.now()) {
      this.forgetSession(sessionHash);
      return undefined;
    }
    return entry;
  }

  set(sessionHash: string, value: CachedSession<U>) {
    if (!this.listener) return;
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

  /** Holds one pooled connection on LISTEN; reconnects after a failure (the cache is off meanwhile). */
  async listen(pool: pg.Pool, onError: (err: unknown) => void = () => {}) {
    if (this.closed) return;
    try {
      const client = await pool.connect();
      const lost = (err?: unknown) => {
        if (this.listener !== client) return;
        this.listener = undefined;
        this.clear();
        client.release(true);
        if (err) onError(err);
        if (!this.closed) this.retry = setTimeout(() => void this.listen(pool, onError), 1000).unref();
      };
      client.on("error", lost);
      client.on("end", () => lost());
      client.on("notification", (message) => {
        const payload = message.payload ?? "";
        if (payload.startsWith("s:")) return this.forgetSession(payload.slice(2));
        if (payload.startsWith("u:")) this.forgetUser(Number(payload.slice(2)));
        this.publish(payload);
      });
      await client.query(`LISTEN ${AUTH_CHANNEL}`);
      this.clear();
      this.listener = client;
    } catch (err) {
      onError(err);
      if (!this.closed) this.retry = setTimeout(() => void this.listen(pool, onError), 1000).unref();
    }
  }

  /**
   * Resolves once every notification committed before the call has been applied: the database
   * sends pending notifications on a connection before responding to its next query.
   */
  sync(): Promise<void> {
    const listener = this.listener;
    if (!listener) return Promise.resolve();
    // One query at a time on the listening connection; each caller waits for one sent after its call.
    const next = this.syncing
      .then(() => listener.query("select 1"))
      .then(
        () => {},
        () => {},
      );
    this.syncing = next;
    return next;
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.listener;
    this.listener = undefined;
    this.clear();
    if (client) {
      await client.query(`UNLISTEN ${AUTH_CHANNEL}`).catch(() => {});
      client.release();
    }
  }
}
