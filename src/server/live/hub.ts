import type { ServerResponse } from "node:http";
import { type LiveGroupKind, watchedGroup } from "../../core/live/events";
import { AUTH_CHANNEL } from "../auth/session-cache";
import type { SessionUser } from "../auth/sessions";
import type { Db } from "../db/client";
import type { DatabaseListener } from "../db/listener";
import { notFound, unavailable } from "../http/errors";
import { groupAudience, LIVE_CHANNEL, memberAudience } from "./publish";
import * as q from "./queries";

/** Events a reconnecting tab is given from the table at most; past that she reads everything again. */
const REPLAY_LIMIT = 500;
/** How far below her last id a reconnect looks for events that committed after it (by id). */
const LOOK_BACK_IDS = 256;
/** Event ids this instance has handled lately: a notice's range may hold another's rows. */
const SEEN_IDS = 20_000;
/** A tab that reads slower than this much waiting is dropped; it reconnects and replays. */
const MAX_BUFFERED_BYTES = 1 << 20;

const STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-store",
  // nginx and friends pass each event on as it comes instead of filling a buffer.
  "x-accel-buffering": "no",
  // The connection is the stream's: when it ends (signed out, shutdown) the socket goes with it.
  connection: "close",
};

/** One open stream: a tab of a signed-in member. Kept small: there may be thousands. */
interface Stream {
  readonly memberId: number;
  readonly sessionId: string;
  readonly channels: string[];
  readonly group: { kind: LiveGroupKind; groupId: number } | null;
  readonly res: ServerResponse;
  /** What arrived while the stream was starting (sent after the replay), or null once started. */
  pending: Array<{ id: number; text: string }> | null;
}

/** One event on its way to one stream, as `prepare` works it out. */
interface Delivery {
  stream: Stream;
  row: q.LiveRow;
}

const frame = (id: number, kind: string, data: unknown) =>
  `id: ${id}\nevent: ${kind}\ndata: ${JSON.stringify(data)}\n\n`;

const numberIn = (payload: Record<string, unknown>, key: string) => {
  const v = payload[key];
  return typeof v === "number" && Number.isSafeInteger(v) ? v : null;
};

/** The member whose doing an event tells of, if its payload names one. */
const actorOf = (payload: Record<string, unknown>) =>
  numberIn(payload, "authorId") ?? numberIn(payload, "senderId") ?? numberIn(payload, "actorId");

const groupOfChannel = (channel: string) => (channel.startsWith("group:") ? watchedGroup(channel) : null);

const COUNTED_AFTER = new Set(["message", "read"]);

/**
 * The live streams this instance holds, and what feeds them (decision 057): the NOTIFY of each
 * commit that wrote live events names their ids; the hub reads those rows for the channels its
 * streams hold (one query per batch of notices), checks what each member may still be shown, and
 * writes each event to its streams. One shared heartbeat; a Map from channel to streams.
 */
export class LiveHub {
  private readonly byChannel = new Map<string, Set<Stream>>();
  private readonly bySession = new Map<string, Set<Stream>>();
  private channelList: string[] | undefined;
  private ranges: Array<[number, number]> = [];
  private flushing: Promise<void> | undefined;
  private readonly seen = new Set<number>();
  /** The highest id handled: where a catch-up starts after the listener was down. */
  private highest = 0;
  private listenerWasDown = false;
  private toVerify = new Set<string>();
  private verifying: Promise<void> | undefined;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly stops: Array<() => void> = [];
  private closing = false;

  constructor(
    private readonly db: Db,
    listener: DatabaseListener,
    heartbeatMs: number,
    private readonly onError: (err: unknown) => void,
  ) {
    this.stops.push(
      listener.on(LIVE_CHANNEL, (payload) => this.noticed(payload)),
      listener.on(AUTH_CHANNEL, (payload) => this.authChanged(payload)),
      listener.onConnection((active) => this.connectionChanged(active)),
    );
    this.heartbeat = setInterval(() => this.ping(), heartbeatMs).unref();
  }

  /** Open streams (for diagnostics and tests). */
  get size() {
    let n = 0;
    for (const streams of this.bySession.values()) n += streams.size;
    return n;
  }

  /**
   * Opens her stream: checks the group she watches, sends her counts and what she missed since
   * `lastEventId`, then every event as it comes. Errors before the stream opens are ordinary
   * responses (404, 503); after, the stream simply ends.
   */
  async open(
    viewer: SessionUser,
    watch: string | undefined,
    lastEventId: number | undefined,
    res: ServerResponse,
    start: () => void,
  ) {
    if (this.closing) throw unavailable("The server is restarting. Please try again in a moment.");
    const group = watchedGroup(watch);
    const channels: string[] = [memberAudience(viewer.id)];
    if (group) channels.push(groupAudience(group.kind, group.groupId));
    const stream: Stream = {
      memberId: viewer.id,
      sessionId: viewer.sessionId,
      channels,
      group,
      res,
      pending: [],
    };
    // Held before anything is read, so nothing committed meanwhile is missed (it waits in `pending`).
    this.add(stream);
    res.once("close", () => this.remove(stream));
    let first: Awaited<ReturnType<typeof q.streamStart>>;
    let missed: q.LiveRow[] = [];
    try {
      [first, missed] = await Promise.all([
        q.streamStart(this.db, viewer.id, group),
        lastEventId === undefined
          ? Promise.resolve([])
          : q.eventsAfter(this.db, channels, lastEventId, LOOK_BACK_IDS, REPLAY_LIMIT + 1),
      ]);
      if (!first.watchAllowed) throw notFound("This group's conversation is for its members.");
    } catch (err) {
      this.remove(stream);
      throw err;
    }
    if (this.closing) {
      this.remove(stream);
      throw unavailable("The server is restarting. Please try again in a moment.");
    }
    start();
    if (res.destroyed || res.writableEnded) return this.remove(stream);
    res.writeHead(200, STREAM_HEADERS);
    const at = Math.max(lastEventId ?? first.head, 0);
    let out = frame(at, "notifications", { unread: first.notifications });
    out += frame(at, "messages", first.messages);
    const sent = new Set<number>();
    if (missed.length > REPLAY_LIMIT) {
      out += frame(Math.max(first.head, missed.at(-1)!.id), "resync", {});
    } else {
      // Her counts are already current: what she missed of them is not replayed.
      const happenings = missed.filter((row) => row.kind !== "notifications");
      const allowed = await this.allowed(happenings.map((row) => ({ stream, row }))).catch((err) => {
        this.onError(err);
        return [];
      });
      for (const { row } of allowed) {
        sent.add(row.id);
        out += frame(row.id, row.kind, row.payload);
      }
    }
    for (const event of stream.pending ?? []) if (!sent.has(event.id)) out += event.text;
    stream.pending = null;
    this.write(stream, out);
  }

  private add(stream: Stream) {
    for (const channel of stream.channels) {
      let streams = this.byChannel.get(channel);
      if (!streams) {
        streams = new Set();
        this.byChannel.set(channel, streams);
        this.channelList = undefined;
      }
      streams.add(stream);
    }
    let sessions = this.bySession.get(stream.sessionId);
    if (!sessions) {
      sessions = new Set();
      this.bySession.set(stream.sessionId, sessions);
    }
    sessions.add(stream);
  }

  private remove(stream: Stream) {
    for (const channel of stream.channels) {
      const streams = this.byChannel.get(channel);
      if (streams?.delete(stream) && streams.size === 0) {
        this.byChannel.delete(channel);
        this.channelList = undefined;
      }
    }
    const sessions = this.bySession.get(stream.sessionId);
    if (sessions?.delete(stream) && sessions.size === 0) this.bySession.delete(stream.sessionId);
  }

  private end(stream: Stream) {
    this.remove(stream);
    const res = stream.res;
    if (res.writableEnded) return;
    // Ended while it was still opening (its session ended meanwhile): it answers as a stream that
    // ends, which a browser tries again quietly, never as a bare 200 of no type.
    if (!res.headersSent) res.writeHead(200, STREAM_HEADERS);
    res.end();
  }

  private write(stream: Stream, text: string) {
    const res = stream.res;
    if (res.writableEnded || res.destroyed) return this.remove(stream);
    if (res.writableLength > MAX_BUFFERED_BYTES) return this.end(stream);
    res.write(text);
  }

  private ping() {
    for (const streams of this.bySession.values()) {
      for (const stream of streams) if (stream.pending === null) this.write(stream, ": ping\n\n");
    }
  }

  // --- Events ----------------------------------------------------------------------------------

  private noticed(payload: string) {
    const [lo, hi] = payload.split(":").map(Number);
    if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi)) return;
    if (this.byChannel.size === 0) {
      this.highest = Math.max(this.highest, hi!);
      return;
    }
    this.ranges.push([lo!, hi!]);
    this.flushing ??= this.flush();
  }

  /** Reads and sends what the notices named; notices arriving meanwhile make the next batch. */
  private async flush() {
    while (this.ranges.length > 0) {
      const ranges = this.ranges;
      this.ranges = [];
      try {
        await this.deliver(await q.eventsInRanges(this.db, ranges, this.channels()));
      } catch (err) {
        this.onError(err);
      }
      for (const [, hi] of ranges) this.highest = Math.max(this.highest, hi);
    }
    this.flushing = undefined;
  }

  private channels() {
    this.channelList ??= [...this.byChannel.keys()];
    return this.channelList;
  }

  /** Sends rows read from the table to the streams of their channels, each once. */
  private async deliver(rows: q.LiveRow[]) {
    const fresh: Delivery[] = [];
    for (const row of rows) {
      if (this.seen.has(row.id)) continue;
      this.seen.add(row.id);
      if (this.seen.size > SEEN_IDS) this.seen.delete(this.seen.values().next().value!);
      for (const stream of this.byChannel.get(row.channel) ?? []) fresh.push({ stream, row });
    }
    if (fresh.length === 0) return;
    const allowed = await this.allowed(fresh);
    const needNotifications = new Set<number>();
    const needMessages = new Set<number>();
    for (const { stream, row } of allowed) {
      if (row.kind === "notifications") needNotifications.add(stream.memberId);
      if (COUNTED_AFTER.has(row.kind)) needMessages.add(stream.memberId);
    }
    const [notifications, messages] = await Promise.all([
      needNotifications.size ? q.unreadNotifications(this.db, [...needNotifications]) : undefined,
      needMessages.size ? q.unreadMessages(this.db, [...needMessages]) : undefined,
    ]);
    // Per stream, in id order; a count is sent once, after the batch's last event that changed it.
    const byStream = new Map<Stream, q.LiveRow[]>();
    for (const { stream, row } of allowed) {
      const list = byStream.get(stream);
      if (list) list.push(row);
      else byStream.set(stream, [row]);
    }
    const shared = new Map<number, string>();
    for (const [stream, list] of byStream) {
      let out = "";
      const lastCount = list.findLastIndex((row) => row.kind === "notifications");
      const lastMessage = list.findLastIndex((row) => COUNTED_AFTER.has(row.kind));
      list.forEach((row, i) => {
        if (row.kind === "notifications") {
          if (i === lastCount) {
            out += frame(row.id, "notifications", { unread: notifications?.get(stream.memberId) ?? 0 });
          }
          return;
        }
        let text = shared.get(row.id);
        if (text === undefined) {
          text = frame(row.id, row.kind, row.payload);
          shared.set(row.id, text);
        }
        out += text;
        const counts = messages?.get(stream.memberId);
        if (i === lastMessage && counts) out += frame(row.id, "messages", counts);
      });
      if (!out) continue;
      if (stream.pending) stream.pending.push({ id: list.at(-1)!.id, text: out });
      else this.write(stream, out);
    }
  }

  /**
   * The deliveries she may still be given, checked when they leave (in one query): a group's event
   * only while she is an accepted member of the group, nothing of her own doing in a group, and
   * nothing another member did across a block, either way.
   */
  private async allowed(deliveries: Delivery[]): Promise<Delivery[]> {
    const checks: Parameters<typeof q.allowedDeliveries>[1] = [];
    const kept: Delivery[] = [];
    for (const [i, { stream, row }] of deliveries.entries()) {
      const group = groupOfChannel(row.channel);
      let author = actorOf(row.payload);
      if (author === stream.memberId) {
        if (group) continue;
        author = null;
      }
      if (!group && author === null) {
        kept.push(deliveries[i]!);
        continue;
      }
      checks.push({
        i,
        member: stream.memberId,
        kind: group?.kind ?? null,
        grp: group?.groupId ?? null,
        author,
      });
    }
    if (checks.length === 0) return kept;
    const ok = await q.allowedDeliveries(this.db, checks);
    for (const { i } of checks) if (ok.has(i)) kept.push(deliveries[i]!);
    return kept.sort((a, b) => a.row.id - b.row.id);
  }

  // --- Sessions --------------------------------------------------------------------------------

  /** A session ended (signed out, suspended) or a member changed: her streams end if she may no longer be here. */
  private authChanged(payload: string) {
    if (payload.startsWith("s:")) {
      const id = payload.slice(2);
      if (this.bySession.has(id)) this.verify([id]);
    } else if (payload.startsWith("u:")) {
      const memberId = Number(payload.slice(2));
      const streams = this.byChannel.get(memberAudience(memberId));
      if (streams) this.verify([...streams].map((s) => s.sessionId));
    }
  }

  /** Checks these sessions (batched while a check runs) and ends the streams of those that ended. */
  private verify(sessionIds: Iterable<string>) {
    for (const id of sessionIds) this.toVerify.add(id);
    this.verifying ??= (async () => {
      while (this.toVerify.size > 0) {
        const ids = [...this.toVerify];
        this.toVerify = new Set();
        try {
          const valid = await q.sessionsStillValid(this.db, ids);
          for (const id of ids) {
            if (valid.has(id)) continue;
            for (const stream of this.bySession.get(id) ?? []) this.end(stream);
          }
        } catch (err) {
          this.onError(err);
        }
      }
      this.verifying = undefined;
    })();
  }

  /** Back after the listener was down: what was missed meanwhile is read from the table. */
  private connectionChanged(active: boolean) {
    if (!active) {
      this.listenerWasDown = true;
      return;
    }
    if (!this.listenerWasDown) return;
    this.listenerWasDown = false;
    if (this.bySession.size === 0) return;
    this.verify(this.bySession.keys());
    void this.catchUp();
  }

  private async catchUp() {
    try {
      const rows = await q.eventsAfter(
        this.db,
        this.channels(),
        this.highest,
        LOOK_BACK_IDS,
        REPLAY_LIMIT * 10 + 1,
      );
      if (rows.length > REPLAY_LIMIT * 10) {
        const id = rows.at(-1)!.id;
        for (const streams of this.bySession.values()) {
          for (const stream of streams) this.write(stream, frame(id, "resync", {}));
        }
        for (const row of rows) this.seen.add(row.id);
        return;
      }
      await this.deliver(rows);
      for (const row of rows) this.highest = Math.max(this.highest, row.id);
    } catch (err) {
      this.onError(err);
    }
  }

  /** Ends every stream (the server is closing): tabs reconnect to another instance. */
  close() {
    this.closing = true;
    clearInterval(this.heartbeat);
    for (const stop of this.stops) stop();
    for (const streams of [...this.bySession.values()]) for (const stream of [...streams]) this.end(stream);
  }
}
