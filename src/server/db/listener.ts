import pg from "pg";

/** A connection held for LISTEN, and how to give it back (or drop it, when it failed). */
interface Held {
  client: pg.ClientBase;
  done(failed: boolean): void;
}

type Handler = (payload: string) => void;

const CHANNEL_NAME = /^[a-z_]+$/;

/**
 * The instance's one connection on LISTEN, shared by everything that hears the database (the
 * session and members' caches on `mishpacha_auth`, the live streams on `mishpacha_live`). It
 * reconnects a second after a failure and says so to `onConnection`: while it is down notices are
 * lost, so what relies on them is bypassed or catches up when it comes back.
 */
export class DatabaseListener {
  private held: Held | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private queue: Promise<void> = Promise.resolve();
  private readonly channels = new Map<string, Set<Handler>>();
  private readonly connectionWatchers = new Set<(active: boolean) => void>();

  private constructor(
    private readonly connect: () => Promise<Held>,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** On a connection taken from the pool for good (the default). */
  static onPool(pool: Pick<pg.Pool, "connect">, onError: (err: unknown) => void = () => {}) {
    return new DatabaseListener(async () => {
      const client = await pool.connect();
      return { client, done: (failed) => client.release(failed) };
    }, onError);
  }

  /**
   * On a connection of its own to `url`: DATABASE_LISTEN_URL, when the pool goes through a proxy
   * that pools transactions (PgBouncer in transaction mode), where a LISTEN is not kept.
   */
  static onUrl(url: string, onError: (err: unknown) => void = () => {}) {
    return new DatabaseListener(async () => {
      const client = new pg.Client({ connectionString: url, application_name: "mishpacha-listen" });
      client.on("error", () => {});
      await client.connect();
      return { client, done: () => void client.end().catch(() => {}) };
    }, onError);
  }

  /** Listening now: notices sent from here on arrive. */
  get active() {
    return this.held !== undefined;
  }

  /** The database backend holding LISTEN (for diagnostics and tests). */
  get backendPid(): number | undefined {
    return (this.held?.client as { processID?: number } | undefined)?.processID;
  }

  /** Hears a channel's notices; answers the way to stop. */
  on(channel: string, handler: Handler): () => void {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
    let handlers = this.channels.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.channels.set(channel, handlers);
      const held = this.held;
      if (held) this.queued(held, `LISTEN ${channel}`).catch((err) => this.lost(held, err));
    }
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  /** Told `false` when the connection is lost, `true` each time it listens again (and the first time). */
  onConnection(watcher: (active: boolean) => void): () => void {
    this.connectionWatchers.add(watcher);
    return () => this.connectionWatchers.delete(watcher);
  }

  /** Connects and listens; a failure is retried a second later, so this never throws. */
  async start(): Promise<void> {
    if (this.closed || this.held) return;
    let held: Held | undefined;
    try {
      held = await this.connect();
      const client = held.client;
      const mine = held;
      client.on("error", (err) => this.lost(mine, err));
      client.on("end", () => this.lost(mine));
      client.on("notification", (message) => {
        const handlers = this.channels.get(message.channel);
        if (!handlers) return;
        const payload = message.payload ?? "";
        for (const handler of handlers) handler(payload);
      });
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
      if (this.closed) {
        held.done(false);
        return;
      }
      this.held = held;
      this.tell(true);
    } catch (err) {
      held?.done(true);
      this.onError(err);
      this.retryLater();
    }
  }

  private lost(held: Held, err?: unknown) {
    if (this.held !== held) return;
    this.held = undefined;
    held.done(true);
    this.tell(false);
    if (err) this.onError(err);
    this.retryLater();
  }

  private retryLater() {
    if (!this.closed) this.retry = setTimeout(() => void this.start(), 1000).unref();
  }

  private tell(active: boolean) {
    for (const watcher of this.connectionWatchers) watcher(active);
  }

  /**
   * Resolves once every notice committed before the call has been handled: the database sends
   * pending notifications on a connection before responding to its next query.
   */
  sync(): Promise<void> {
    const held = this.held;
    if (!held) return Promise.resolve();
    return this.queued(held, "select 1").catch(() => {});
  }

  /** One query at a time on the listening connection; each waits for those asked before it. */
  private queued(held: Held, text: string): Promise<void> {
    const run = this.queue.then(() => held.client.query(text)).then(() => {});
    this.queue = run.catch(() => {});
    return run;
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    const held = this.held;
    this.held = undefined;
    if (held) {
      this.tell(false);
      await held.client.query("UNLISTEN *").catch(() => {});
      held.done(false);
    }
  }
}
