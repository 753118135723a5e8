import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { endpoint } from "../../src/core/contract";
import { homeEndpoints } from "../../src/core/home/endpoints";
import { messagesEndpoints } from "../../src/core/messages/endpoints";
import { notificationsEndpoints } from "../../src/core/notifications/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { profileEndpoints } from "../../src/core/profile/endpoints";
import { buildApp } from "../../src/server/app";
import { openDatabase } from "../../src/server/db/client";
import { serve } from "../../src/server/http/endpoint-routes";
import { createTestContext, TestClient, type TestContext } from "../support/app";

let t: TestContext;
let other: Awaited<ReturnType<typeof buildApp>>;
let otherDb: ReturnType<typeof openDatabase>;

beforeAll(async () => {
  t = await createTestContext();
  // A second instance of the app on the same database, as behind a load balancer.
  otherDb = openDatabase(t.config.databaseUrl!, { max: 3 });
  other = await buildApp({ config: t.config, database: otherDb, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await otherDb.close();
  await t.close();
});

function onOther(from: TestClient) {
  const client = new TestClient(other, t.config.publicOrigin);
  for (const [k, v] of from.jar) client.jar.set(k, v);
  return client;
}

describe("the session cache", () => {
  it("remembers a resolved session", async () => {
    const m = await t.member();
    expect((await m.client.call(authEndpoints.user)).status).toBe(200);
    const hash = createHash("sha256").update(m.client.jar.get("sid")!).digest("hex");
    expect(t.app.sessionCache.get(hash)?.userId).toBe(m.id);
  });

  it("forgets, on every instance, a session ended on one of them", async () => {
    const m = await t.member();
    const there = onOther(m.client);
    expect((await there.call(authEndpoints.user)).status).toBe(200);
    expect((await m.client.call(authEndpoints.logout)).status).toBe(302);
    await other.sessionCache.sync();
    expect((await there.call(authEndpoints.user)).status).toBe(401);
  });

  it("hears of a change to the member's row made anywhere", async () => {
    const m = await t.member({ firstName: "Before" });
    const there = onOther(m.client);
    expect((await there.call(authEndpoints.user)).body.firstName).toBe("Before");
    await m.client.call(profileEndpoints.update, { body: { firstName: "After" } });
    expect((await m.client.call(authEndpoints.user)).body.firstName).toBe("After");
    await other.sessionCache.sync();
    expect((await there.call(authEndpoints.user)).body.firstName).toBe("After");
    // Even a change made outside the app, straight in the database.
    await t.database.db.execute(sql`update users set membership_tier = 'premium' where id = ${m.id}`);
    await other.sessionCache.sync();
    expect((await there.call(authEndpoints.user)).body.membershipTier).toBe("premium");
  });

  it("is bypassed while it cannot hear the database, and resumes by itself", async () => {
    const m = await t.member();
    await m.client.call(authEndpoints.user);
    const pid = t.app.sessionCache.listenerBackendPid;
    expect(pid).toBeGreaterThan(0);
    await t.database.db.execute(sql`select pg_terminate_backend(${pid}::int)`);
    for (let i = 0; i < 100 && t.app.sessionCache.active; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(t.app.sessionCache.active).toBe(false);
    // Still answered correctly, from the database.
    expect((await m.client.call(authEndpoints.user)).body.id).toBe(m.id);
    for (let i = 0; i < 150 && !t.app.sessionCache.active; i += 1)
      await new Promise((r) => setTimeout(r, 20));
    expect(t.app.sessionCache.active).toBe(true);
    expect((await m.client.call(authEndpoints.user)).status).toBe(200);
  });
});

describe("members' cached views of the community", () => {
  it("shows on every instance a prayer shared on one of them", async () => {
    const m = await t.member();
    const there = onOther(m.client);
    const before = await there.call(prayerEndpoints.wall);
    expect(before.status).toBe(200);
    const shared = await m.client.call(prayerEndpoints.share, { body: { content: "Pray for the harvest" } });
    expect(shared.status).toBe(201);
    await other.sessionCache.sync();
    const after = await there.call(prayerEndpoints.wall);
    expect(after.body[0]!.content).toBe("Pray for the harvest");
    expect(after.body[0]!.isMine).toBe(true);
  });

  it("hears of prayers, responses and names changed straight in the database", async () => {
    const m = await t.member({ firstName: "Abigail" });
    const { body: created } = await m.client.call(prayerEndpoints.share, { body: { content: "Strength" } });
    expect((await m.client.call(prayerEndpoints.wall)).body[0]!.prayerCount).toBe(0);
    await t.database.db.execute(sql`update prayer_requests set prayer_count = 7 where id = ${created.id}`);
    expect((await m.client.call(prayerEndpoints.wall)).body[0]!.prayerCount).toBe(7);
    await t.database.db.execute(sql`update users set first_name = 'Abby' where id = ${m.id}`);
    expect((await m.client.call(prayerEndpoints.wall)).body[0]!.user.firstName).toBe("Abby");
    const home = await m.client.call(homeEndpoints.home);
    expect(home.body.prayerRequests[0]!.user.firstName).toBe("Abby");
  });

  it("announces a prayer once: a second 'I prayed' changes nothing and says nothing", async () => {
    const author = await t.member();
    const friend = await t.member();
    const { body: created } = await author.client.call(prayerEndpoints.share, { body: { content: "Rain" } });
    const listener = await t.database.pool.connect();
    const notices: string[] = [];
    listener.on("notification", (n) => notices.push(n.payload ?? ""));
    try {
      await listener.query("LISTEN mishpacha_auth");
      expect(
        (await friend.client.call(prayerEndpoints.pray, { params: { id: created.id } })).body.prayerCount,
      ).toBe(1);
      expect(
        (await friend.client.call(prayerEndpoints.pray, { params: { id: created.id } })).body.prayerCount,
      ).toBe(1);
      // A notice sent after the second prayer would arrive before this query's answer.
      await listener.query("select 1");
      // The mark and the counter moved in one transaction: one notice.
      expect(notices.filter((p) => p === "c:")).toHaveLength(1);
      await t.database.db.execute(sql`delete from prayer_marks where prayer_request_id = ${created.id}`);
      await listener.query("select 1");
      expect(notices.filter((p) => p === "c:")).toHaveLength(2);
    } finally {
      await listener.query("UNLISTEN mishpacha_auth");
      listener.release();
    }
  });

  it("shows on every instance a message sent, read or blocked on one of them", async () => {
    const admin = await t.admin();
    const m = await t.member();
    const there = onOther(m.client);
    const started = await admin.client.call(messagesEndpoints.start, {
      body: { memberId: m.id, body: "Welcome to the family" },
    });
    expect(started.status).toBe(201);
    const id = (started.body as { id: number }).id;
    await other.sessionCache.sync();
    const unread = async () => (await there.call(messagesEndpoints.unreadCount)).body.count;
    const threadThere = async () =>
      (await there.call(messagesEndpoints.messages, { params: { id } })).body.messages.map((x) => x.body);
    expect(await unread()).toBe(1);
    expect(await threadThere()).toEqual(["Welcome to the family"]);
    expect((await there.call(messagesEndpoints.conversations)).body[0]!.unreadCount).toBe(1);

    // Sent through the first instance, read from her cached views on the second.
    const sent = await admin.client.call(messagesEndpoints.send, {
      params: { id },
      body: { body: "Shall we meet on Thursday?" },
    });
    expect(sent.status).toBe(201);
    await other.sessionCache.sync();
    expect(await unread()).toBe(2);
    expect(await threadThere()).toEqual(["Welcome to the family", "Shall we meet on Thursday?"]);
    const [listed] = (await there.call(messagesEndpoints.conversations)).body;
    expect(listed!.lastMessage!.body).toBe("Shall we meet on Thursday?");

    // She reads on the second instance; the administrator's thread on the first says "Seen".
    const adminThread = async () =>
      (await admin.client.call(messagesEndpoints.messages, { params: { id } })).body;
    expect((await adminThread()).seenUpTo).toBeNull();
    expect(
      (await there.call(messagesEndpoints.read, { params: { id }, body: { messageId: sent.body.id } }))
        .status,
    ).toBe(204);
    expect(await unread()).toBe(0);
    await t.app.sessionCache.sync();
    expect((await adminThread()).seenUpTo).toBe(sent.body.id);

    // A block made straight in the database takes the conversation from her cached list.
    await t.database.db.execute(
      sql`insert into member_blocks (blocker_id, blocked_id) values (${m.id}, ${admin.id})`,
    );
    await other.sessionCache.sync();
    expect((await there.call(messagesEndpoints.conversations)).body).toEqual([]);
  });

  it("answers a revisit of an unchanged wall with 304", async () => {
    const m = await t.member();
    const first = await m.client.call(prayerEndpoints.wall);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    const again = await m.client.call(prayerEndpoints.wall, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    await m.client.call(prayerEndpoints.share, { body: { content: "A new request" } });
    const changed = await m.client.call(prayerEndpoints.wall, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.body[0]!.content).toBe("A new request");
  });

  it("sends a browser the wall compressed in the encoding it prefers, the same list as uncompressed", async () => {
    const m = await t.member();
    for (let i = 0; i < 12; i++) {
      await m.client.call(prayerEndpoints.share, {
        body: { content: `Please pray for the family of number ${i}, who are moving house this week.` },
      });
    }
    const asked = (acceptEncoding?: string) =>
      t.app.inject({
        method: prayerEndpoints.wall.method,
        url: prayerEndpoints.wall.path,
        headers: {
          cookie: `sid=${m.client.jar.get("sid")}`,
          ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}),
        },
      });
    const plain = await asked();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    const wall = plain.json();
    expect(wall.length).toBeGreaterThanOrEqual(12);

    const br = await asked("gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(wall);

    const gzip = await asked("gzip, deflate");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(wall);
  });

  it("leaves a small answer uncompressed", async () => {
    const m = await t.member();
    const small = await t.app.inject({
      method: notificationsEndpoints.unreadCount.method,
      url: notificationsEndpoints.unreadCount.path,
      headers: { cookie: `sid=${m.client.jar.get("sid")}`, "accept-encoding": "br" },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toEqual({ count: 0 });
  });
});

describe("with RESPONSE_CACHE=0", () => {
  it("reads the wall afresh on every request", async () => {
    const db = openDatabase(t.config.databaseUrl!, { max: 2 });
    const uncached = await buildApp({
      config: { ...t.config, responseCache: false },
      database: db,
      logger: false,
    });
    try {
      const m = await t.member();
      const client = new TestClient(uncached, t.config.publicOrigin);
      for (const [k, v] of m.client.jar) client.jar.set(k, v);
      await client.call(prayerEndpoints.wall);
      expect(uncached.memberCache.size).toBe(0);
    } finally {
      await uncached.close();
      await db.close();
    }
  });
});

describe("what a kept answer is made from", () => {
  it("is worked out once per request, and both keys her kept answer and makes it", async () => {
    const db = openDatabase(t.config.databaseUrl!, { max: 2 });
    const app = await buildApp({ config: t.config, database: db, logger: false });
    // A member's view embedding a shared edition, as her home page embeds the shared teasers.
    const shelf = endpoint({
      method: "GET",
      path: "/api/test-shelf",
      summary: "Her shelf, with the edition it shows",
      caller: "member",
      cache: "member",
      response: z.object({ edition: z.number() }),
    });
    let edition = 1;
    let derivations = 0;
    let made = 0;
    serve(
      app,
      shelf,
      ({ derived }) => {
        made += 1;
        return { edition: derived };
      },
      {
        // Read at once or after a promise, as the home page's teasers are when fresh or not.
        derive: () => {
          derivations += 1;
          return derivations % 2 === 1 ? Promise.resolve(edition) : edition;
        },
        vary: ({ derived }) => `edition ${derived}`,
      },
    );
    try {
      const m = await t.member();
      const client = new TestClient(app, t.config.publicOrigin);
      for (const [k, v] of m.client.jar) client.jar.set(k, v);
      const first = await client.call(shelf);
      expect(first.body).toEqual({ edition: 1 });
      // The same edition: her kept answer, made once.
      expect((await client.call(shelf)).body).toEqual({ edition: 1 });
      expect(made).toBe(1);
      edition = 2;
      expect((await client.call(shelf)).body).toEqual({ edition: 2 });
      expect(made).toBe(2);
      expect(derivations).toBe(3);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
