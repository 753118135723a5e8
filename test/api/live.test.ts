import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { liveEndpoints } from "../../src/core/live/endpoints";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { notificationsEndpoints } from "../../src/core/notifications/endpoints";
import { buildApp } from "../../src/server/app";
import { type Database, openDatabase } from "../../src/server/db/client";
import { groupAudience, type LiveEvent, memberAudience, publishLive } from "../../src/server/live/publish";
import { createTestContext, type Member, succeeded, type TestContext } from "../support/app";
import { openGroup } from "../support/content";

const HEARTBEAT_MS = 100;

let t: TestContext;
let base: string;

beforeAll(async () => {
  t = await createTestContext({ LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS) });
  base = await listening(t.app);
});
afterAll(async () => {
  // fetch may hold spare connections that never carried a request; they are the client's, not a stream.
  t.app.server.closeAllConnections();
  await t.close();
});

async function listening(app: FastifyInstance) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

interface SseEvent {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

/** A tab's stream, read as EventSource reads it: events, comments, and its end. */
class Stream {
  readonly events: SseEvent[] = [];
  comments = 0;
  readonly ended: Promise<void>;
  private wake: () => void = () => {};
  private done = false;
  private readonly controller: AbortController;

  constructor(res: Response, controller: AbortController) {
    this.controller = controller;
    this.ended = this.read(res);
  }

  private async read(res: Response) {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      const reader = res.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(":")) this.comments += 1;
          else {
            const field = (name: string) =>
              block
                .split("\n")
                .find((l) => l.startsWith(`${name}: `))
                ?.slice(name.length + 2) ?? "";
            this.events.push({ id: field("id"), event: field("event"), data: JSON.parse(field("data")) });
          }
          this.wake();
        }
      }
    } catch {
      // Aborted by the test.
    } finally {
      this.done = true;
      this.wake();
    }
  }

  /** Resolves when `ready` holds, or fails after `ms`. */
  async until(ready: () => boolean, what: string, ms = 3000) {
    const deadline = Date.now() + ms;
    while (!ready()) {
      if (this.done) throw new Error(`the stream ended before ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** The first event of this kind (matching `where`) that arrived, waiting for it. */
  async next(kind: string, where: (data: Record<string, unknown>) => boolean = () => true) {
    const find = () => this.events.find((e) => e.event === kind && where(e.data));
    await this.until(() => find() !== undefined, `${kind} event`);
    return find()!;
  }

  kinds() {
    return this.events.map((e) => e.event);
  }

  close() {
    this.controller.abort();
  }
}

/** Opens her stream on an instance, as her tab's EventSource would. */
async function open(
  who: Member,
  options: { at?: string; query?: string; headers?: Record<string, string> } = {},
): Promise<Stream> {
  const res = await request(who, options);
  expect(res.status, await (res.status === 200 ? "" : res.text())).toBe(200);
  return res.stream;
}

async function request(
  who: Member,
  options: { at?: string; query?: string; headers?: Record<string, string> },
) {
  const controller = new AbortController();
  const res = await fetch(`${options.at ?? base}/api/live${options.query ?? ""}`, {
    headers: { cookie: `sid=${who.client.jar.get("sid")}`, accept: "text/event-stream", ...options.headers },
    signal: controller.signal,
  });
  return Object.assign(res, { stream: new Stream(res, controller) });
}

const publish = (...events: LiveEvent[]) => publishLive(t.database.db, events);

/** A last event on her own channel: what was sent before it has arrived when it does. */
async function marker(stream: Stream, who: Member) {
  const token = Math.random();
  await publish({ channel: memberAudience(who.id), kind: "marker", payload: { token } });
  await stream.next("marker", (d) => d.token === token);
}

const openStreams: Stream[] = [];
const tracked = (stream: Stream) => {
  openStreams.push(stream);
  return stream;
};
afterAll(() => {
  for (const s of openStreams) s.close();
});

describe("the live stream", () => {
  it("is for members: a visitor hears 401", async () => {
    const res = await t.visitor().call(liveEndpoints.stream);
    expect(res.status).toBe(401);
  });

  it("opens as a stream that nothing buffers, and starts with her unread counts", async () => {
    const m = await t.member();
    const res = await request(m, {});
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("x-request-id")).toBeTruthy();
    const stream = tracked(res.stream);
    await stream.next("messages");
    expect(stream.events.slice(0, 2)).toEqual([
      expect.objectContaining({ event: "notifications", data: { unread: 0 } }),
      expect.objectContaining({ event: "messages", data: { unread: 0, requests: 0 } }),
    ]);
    expect(Number(stream.events[0]!.id)).toBeGreaterThanOrEqual(0);
    stream.close();
  });

  it("says it is alive with a comment on the heartbeat", async () => {
    const m = await t.member();
    const stream = tracked(await open(m));
    await stream.until(() => stream.comments >= 2, "heartbeat");
    stream.close();
  });

  it("carries her events to her streams, every tab, and to nobody else", async () => {
    const her = await t.member();
    const other = await t.member();
    const tab1 = tracked(await open(her));
    const tab2 = tracked(await open(her));
    const theirs = tracked(await open(other));
    for (const s of [tab1, tab2, theirs]) await s.next("messages");
    await publish({
      channel: memberAudience(her.id),
      kind: "message",
      payload: { conversationId: 7, messageId: 9 },
    });
    const got = await tab1.next("message");
    expect(got.data).toEqual({ conversationId: 7, messageId: 9 });
    expect(Number(got.id)).toBeGreaterThan(0);
    // After each of her messages, her unread counts, under the same id.
    await tab1.next("messages", () => tab1.events.some((e) => e.event === "messages" && e.id === got.id));
    expect((await tab2.next("message")).id).toBe(got.id);
    await marker(theirs, other);
    expect(theirs.kinds()).not.toContain("message");
    for (const s of [tab1, tab2, theirs]) s.close();
  });

  it("replays from the table what she missed, by Last-Event-ID or by the query's last id", async () => {
    const m = await t.member();
    const first = tracked(await open(m));
    await publish({ channel: memberAudience(m.id), kind: "seen", payload: { n: 0 } });
    const last = (await first.next("seen")).id;
    first.close();
    await first.ended;
    await publish(
      { channel: memberAudience(m.id), kind: "missed", payload: { n: 1 } },
      { channel: memberAudience(m.id), kind: "missed", payload: { n: 2 } },
    );

    const again = tracked(await open(m, { headers: { "last-event-id": last } }));
    await again.next("missed", (d) => d.n === 2);
    expect(again.kinds().slice(0, 2)).toEqual(["notifications", "messages"]);
    expect(again.events.filter((e) => e.event === "missed").map((e) => e.data.n)).toEqual([1, 2]);
    // A look back below her last id finds what committed late; what she had comes again with its
    // own id, and the page passes over it.
    for (const e of again.events.filter((e) => e.event === "seen")) expect(e.id).toBe(last);
    again.close();

    // A new tab cannot send the header: the query says it.
    const moved = tracked(await open(m, { query: `?lastEventId=${last}` }));
    await moved.next("missed", (d) => d.n === 2);
    expect(moved.events.filter((e) => e.event === "missed")).toHaveLength(2);
    moved.close();
  });

  it("sends her unread notification count as it changes, and when she reads them", async () => {
    const m = await t.member();
    const stream = tracked(await open(m));
    await stream.next("notifications");
    await t.database.db.execute(sql`insert into notifications (user_id, kind, subject_id, dedupe_key)
      values (${m.id}, 'prayer', 1, 'live-1'), (${m.id}, 'prayer', 2, 'live-2')`);
    await stream.next("notifications", (d) => d.unread === 2);
    await succeeded(m.client.call(notificationsEndpoints.markRead, { body: {} }));
    await stream.next("notifications", (d) => d.unread === 0 && stream.events.length > 3);
    // Marking rows mailed changes no count and says nothing.
    const before = stream.events.length;
    await t.database.db.execute(sql`update notifications set emailed_at = now() where user_id = ${m.id}`);
    await marker(stream, m);
    expect(stream.events.slice(before).map((e) => e.event)).toEqual(["marker"]);
    stream.close();
  });

  it("ends within a second when she signs out, and refuses the next", async () => {
    const m = await t.member();
    const stream = tracked(await open(m));
    await stream.next("messages");
    const cookie = m.client.jar.get("sid")!;
    await m.client.call(authEndpoints.logout);
    const startedAt = Date.now();
    await stream.ended;
    expect(Date.now() - startedAt).toBeLessThan(1000);
    m.client.jar.set("sid", cookie);
    expect((await request(m, {})).status).toBe(401);
  });

  it("ends within a second when she is suspended", async () => {
    const admin = await t.admin();
    const m = await t.member();
    const stream = tracked(await open(m));
    await stream.next("messages");
    await succeeded(
      admin.client.call(moderationEndpoints.adminSuspend, { params: { id: m.id }, body: { reason: "Spam" } }),
    );
    const startedAt = Date.now();
    await stream.ended;
    expect(Date.now() - startedAt).toBeLessThan(1000);
  });
});

describe("the group she is looking at", () => {
  async function groupOf(leader: Member, ...members: Member[]) {
    const group = await openGroup(leader);
    for (const m of members) {
      await succeeded(m.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} }));
    }
    return group.id;
  }
  const postEvent = (groupId: number, author: Member, postId: number): LiveEvent => ({
    channel: groupAudience("cultivation", groupId),
    kind: "group_post",
    payload: { postId, authorId: author.id, groupKind: "cultivation", groupId },
  });

  it("is watched by her only while she is one of its members", async () => {
    const leader = await t.member();
    const her = await t.member();
    const stranger = await t.member();
    const groupId = await groupOf(leader, her);
    const watch = `?watch=group:cultivation:${groupId}`;
    expect((await request(stranger, { query: watch })).status).toBe(404);
    expect((await request(her, { query: "?watch=group:nowhere:1" })).status).toBe(400);

    const stream = tracked(await open(her, { query: watch }));
    const elsewhere = tracked(await open(her));
    await stream.next("messages");
    await elsewhere.next("messages");
    await publish(postEvent(groupId, leader, 101));
    expect((await stream.next("group_post")).data).toEqual({
      postId: 101,
      authorId: leader.id,
      groupKind: "cultivation",
      groupId,
    });
    // Only the stream that watches the group hears of it.
    await marker(elsewhere, her);
    expect(elsewhere.kinds()).not.toContain("group_post");

    // Leaving ends it at once, though the stream stays open.
    await succeeded(her.client.call(groupsEndpoints.leave, { params: { id: groupId } }));
    await publish(postEvent(groupId, leader, 102));
    await marker(stream, her);
    expect(stream.events.filter((e) => e.event === "group_post").map((e) => e.data.postId)).toEqual([101]);
    stream.close();
    elsewhere.close();
  });

  it("leaves out posts across a block, either way, and her own", async () => {
    const leader = await t.member();
    const her = await t.member();
    const blocked = await t.member();
    const blocker = await t.member();
    const groupId = await groupOf(leader, her, blocked, blocker);
    await succeeded(her.client.call(moderationEndpoints.block, { body: { userId: blocked.id } }));
    await succeeded(blocker.client.call(moderationEndpoints.block, { body: { userId: her.id } }));
    const stream = tracked(await open(her, { query: `?watch=group:cultivation:${groupId}` }));
    await stream.next("messages");
    await publish(
      postEvent(groupId, blocked, 201),
      postEvent(groupId, blocker, 202),
      postEvent(groupId, her, 203),
      postEvent(groupId, leader, 204),
    );
    await stream.next("group_post", (d) => d.postId === 204);
    expect(stream.events.filter((e) => e.event === "group_post").map((e) => e.data.postId)).toEqual([204]);
    stream.close();
  });
});

describe("several instances on one database", () => {
  let otherDb: Database;
  let other: FastifyInstance;
  let otherBase: string;

  beforeAll(async () => {
    otherDb = openDatabase(t.config.databaseUrl!, { max: 3 });
    other = await buildApp({ config: t.config, database: otherDb, logger: false });
    otherBase = await listening(other);
  });
  afterAll(async () => {
    await other.close();
    await otherDb.close();
  });

  it("carries an event written through one instance to a stream held by another", async () => {
    const m = await t.member();
    const there = tracked(await open(m, { at: otherBase }));
    await there.next("messages");
    await publishLive(t.app.db, [
      { channel: memberAudience(m.id), kind: "message", payload: { messageId: 1 } },
    ]);
    expect((await there.next("message")).data).toEqual({ messageId: 1 });
    // And her sign-out here ends her stream there.
    await m.client.call(authEndpoints.logout);
    await there.ended;
  });

  it("ends its streams when it closes, without waiting for them", async () => {
    const m = await t.member();
    const db = openDatabase(t.config.databaseUrl!, { max: 2 });
    const third = await buildApp({ config: t.config, database: db, logger: false });
    try {
      const stream = tracked(await open(m, { at: await listening(third) }));
      await stream.next("messages");
      const startedAt = Date.now();
      await third.close();
      await stream.ended;
      expect(Date.now() - startedAt).toBeLessThan(2000);
    } finally {
      await db.close();
    }
  });
});
