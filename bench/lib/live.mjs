import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import pg from "pg";

/** Messages one member sends in a delivery run: within the default 30 a minute, as a member would. */
const PER_SENDER = 25;
/** The first second of a delivery run is sent but not counted: the server is past its first compilations. */
const WARM_UP_SECONDS = 1;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A session as sign-in makes one: the cookie's token, and its SHA-256, which the table keeps. */
function newSession() {
  const token = randomBytes(32).toString("base64url");
  return { token, id: createHash("sha256").update(token).digest("hex") };
}

/**
 * `count` members signed in (a session each, written as sign-in writes it), and `conversations`
 * more members who each have an open conversation with the first of them: their cookies, and the
 * conversations' ids. Seeded with SQL in one go: signing 2,000 members in through the API would
 * measure password hashing.
 */
export async function seedLiveCommunity(url, count, conversations) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows: users } = await c.query(
      `insert into users (email, password_hash, first_name, last_name, email_verified_at, created_at)
       select 'live' || g || '@example.test', 'not-a-password', 'Member', 'Number ' || g, now(),
              now() - interval '60 days' - make_interval(mins => g)
       from generate_series(1, $1::int) g
       returning id`,
      [count + conversations],
    );
    const ids = users.map((u) => u.id).sort((a, b) => a - b);
    const sessions = ids.map(() => newSession());
    await c.query(
      `insert into sessions (id, user_id, expires_at)
       select s, u, now() + interval '30 days' from unnest($1::text[], $2::int[]) as t(s, u)`,
      [sessions.map((s) => s.id), ids],
    );
    const members = ids.map((id, i) => ({ id, cookie: `sid=${sessions[i].token}` }));
    const receiver = members[0];
    const senders = members.slice(count);
    const pairs = senders.map((s) => `${Math.min(s.id, receiver.id)}:${Math.max(s.id, receiver.id)}`);
    const { rows: opened } = await c.query(
      `insert into direct_conversations (pair_key, status, started_by)
       select p, 'open', s from unnest($1::text[], $2::int[]) as t(p, s)
       returning id, started_by`,
      [pairs, senders.map((s) => s.id)],
    );
    const conversationOf = new Map(opened.map((r) => [r.started_by, r.id]));
    await c.query(
      `insert into direct_conversation_members (conversation_id, user_id)
       select c.id, m from direct_conversations c, unnest(array[c.started_by, $2::int]) m
       where c.id = any($1::int[])`,
      [opened.map((r) => r.id), receiver.id],
    );
    await c.query("vacuum analyze users, sessions, direct_conversations, direct_conversation_members");
    return {
      members: members.slice(0, count),
      receiver,
      senders: senders.map((s) => ({ ...s, conversationId: conversationOf.get(s.id) })),
    };
  } finally {
    await c.end();
  }
}

/**
 * A tab's stream (`GET /api/live`), read as EventSource reads it: `onEvent({ id, event, data }, at)`
 * for every event, `at` its arrival (performance.now()). Answers once the stream's headers came,
 * when the server holds it; rejects on any other answer.
 */
export function openStream(base, cookie, agent, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/live`, { agent, headers: { cookie, accept: "text/event-stream" } });
    req.on("error", reject);
    req.on("response", (res) => {
      res.on("error", () => {});
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET /api/live answered ${res.statusCode}`));
        return;
      }
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk) => {
        const at = performance.now();
        buffer += chunk;
        for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(":")) continue;
          const event = { id: "", event: "message", data: "" };
          for (const line of block.split("\n")) {
            const colon = line.indexOf(":");
            const name = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? "" : line.slice(colon + (line[colon + 1] === " " ? 2 : 1));
            if (name === "data") event.data = event.data ? `${event.data}\n${value}` : value;
            else if (name === "id" || name === "event") event[name] = value;
          }
          onEvent(event, at);
        }
      });
      resolve({ close: () => req.destroy() });
    });
  });
}

/** Runs `task` over `items`, `width` at a time. */
async function inTurns(items, width, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

/** Waits until `done()` or `ms` passed. */
async function until(done, ms) {
  const started = Date.now();
  while (!done() && Date.now() - started < ms) await sleep(10);
}

/**
 * Every member of `members` opens a stream on the instance `app`; then a new teaching is told to
 * all of them in one statement (as the fan-out tells a community), and every stream should hear
 * its `notifications` event. Answers how many opened and heard it, how long that took from the
 * statement's commit, and the server's RSS with every stream open.
 */
export async function measureOpenStreams(app, url, members) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const streams = [];
  const heard = new Map();
  let failed = 0;
  const openedAt = performance.now();
  await inTurns(members, 64, async (member) => {
    try {
      streams.push(
        await openStream(app.url, member.cookie, agent, (event, at) => {
          if (event.event === "notifications" && JSON.parse(event.data).unread === 1)
            heard.set(member.id, at);
        }),
      );
    } catch {
      failed += 1;
    }
  });
  const openMs = performance.now() - openedAt;
  // The streams' first writes are done: what follows is the server at rest with every tab open.
  await sleep(1000);
  const idleRssMb = app.rssMb();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  let toldAt;
  try {
    toldAt = performance.now();
    await c.query(
      `insert into notifications (user_id, kind, subject_id, dedupe_key, title)
       select u, 'video_published', 1, '1', 'Walking in grace' from unnest($1::int[]) u`,
      [members.map((m) => m.id)],
    );
  } finally {
    await c.end();
  }
  await until(() => heard.size >= streams.length, 30_000);
  const lastHeard = Math.max(...heard.values());
  const rssMb = Math.max(idleRssMb, app.rssMb());
  for (const stream of streams) stream.close();
  agent.destroy();
  await sleep(500);
  return {
    opened: streams.length,
    failed,
    openMs,
    heard: heard.size,
    deliveryMs: heard.size ? lastHeard - toldAt : Number.NaN,
    rssMb,
  };
}

/** One POST with a JSON body over `agent`: its status and parsed answer. */
function post(base, path, cookie, origin, body, agent) {
  return new Promise((resolve) => {
    const text = JSON.stringify(body);
    const req = http.request(`${base}${path}`, {
      method: "POST",
      agent,
      headers: {
        cookie,
        origin,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(text),
      },
    });
    req.on("error", () => resolve({ status: 0 }));
    req.on("response", (res) => {
      let answer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (answer += chunk));
      res.on("end", () => {
        try {
          resolve({ status: res.statusCode, body: JSON.parse(answer) });
        } catch {
          resolve({ status: res.statusCode });
        }
      });
      res.on("error", () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.end(text);
  });
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

/** Senders a delivery run of `rate` messages a second for `seconds` takes, each within her own limit. */
export const sendersFor = (rate, seconds) => Math.ceil((rate * (seconds + WARM_UP_SECONDS)) / PER_SENDER);

/**
 * The receiver's stream open on `streamUrl` while `senders` write to her through
 * `POST /api/conversations/:id/messages` on `postUrl`, `rate` messages a second in all (on a
 * schedule, not waiting for answers: members do not wait for each other), for a second unmeasured
 * and then `seconds`. Each message's latency runs from the moment its POST was sent to the arrival
 * of its `message` event on her stream (matched by id, whichever came first).
 */
export async function measureDelivery({ postUrl, streamUrl, origin, receiver, senders, rate, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const arrived = new Map();
  const stream = await openStream(streamUrl, receiver.cookie, agent, (event, at) => {
    if (event.event === "message") arrived.set(JSON.parse(event.data).messageId, at);
  });
  const total = rate * (seconds + WARM_UP_SECONDS);
  const warmUp = rate * WARM_UP_SECONDS;
  const interval = 1000 / rate;
  const sends = [];
  const answers = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = started + i * interval - performance.now();
    if (wait >= 1) await sleep(wait);
    const sender = senders[i % senders.length];
    const sentAt = performance.now();
    answers.push(
      post(
        postUrl,
        `/api/conversations/${sender.conversationId}/messages`,
        sender.cookie,
        origin,
        { body: `Thinking of you today, and praying (${i}).` },
        agent,
      ).then((answer) => sends.push({ i, sentAt, answeredAt: performance.now(), ...answer })),
    );
  }
  const sentMs = performance.now() - started;
  await Promise.all(answers);
  const counted = sends.filter((s) => s.i >= warmUp);
  const written = counted.filter((s) => s.status === 201);
  await until(() => written.every((s) => arrived.has(s.body.id)), 10_000);
  stream.close();
  agent.destroy();
  const latencies = written
    .filter((s) => arrived.has(s.body.id))
    .map((s) => arrived.get(s.body.id) - s.sentAt)
    .sort((a, b) => a - b);
  const posts = counted.map((s) => s.answeredAt - s.sentAt).sort((a, b) => a - b);
  return {
    sent: counted.length,
    failed: counted.length - written.length,
    arrived: latencies.length,
    rate: (total - 1) / (sentMs / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    postP95: percentile(posts, 95),
  };
}
