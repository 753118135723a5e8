import autocannon from "autocannon";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import { urlFor } from "../support/calls";
import { recordFigures } from "../support/figures";
import { type FreshServer, serverOnFreshDatabase } from "../support/fresh";
import { HttpClient, type ServerProcess } from "../support/server-process";

const CONNECTIONS = 100;
// Half a minute: long enough for the pools, the job queue and the counters to reach a steady state.
const DURATION_S = 30;
const MEMBERS = 25;

let run: FreshServer;
let server: ServerProcess;
let dbUrl: string;

beforeAll(async () => {
  run = await serverOnFreshDatabase({
    SESSION_SECRET: "l".repeat(64),
    DEMO: "1",
    AUTH_RATE_LIMIT: "100000",
    WRITE_RATE_LIMIT: "100000",
  });
  server = run.server;
  dbUrl = run.databaseUrl;
}, 120_000);

afterAll(() => run?.close());

/** What a connection of the load run remembers between its requests (autocannon's context). */
interface Connection {
  cookie?: string;
  prayer?: string;
  comment?: string;
}
const connection = (context: object) => context as Connection;

async function count(sql: string, values: unknown[] = []): Promise<number> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(sql, values);
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function texts(sql: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query<{ t: string }>(sql)).rows.map((r) => r.t);
  } finally {
    await client.end();
  }
}

describe("a mixed member workload", () => {
  it(
    "holds 100 connections for half a minute without an error, and keeps every acknowledged write",
    async () => {
      const cookies: string[] = [];
      for (let i = 0; i < MEMBERS; i += 1) {
        const member = new HttpClient(server.url);
        const res = await member.call(authEndpoints.register, {
          body: {
            email: `load-${i}@example.test`,
            password: "a light to my path",
            firstName: `Load${i}`,
            lastName: "Member",
          },
        });
        expect(res.status).toBe(201);
        cookies.push(member.cookie);
      }
      const probe = new HttpClient(server.url);
      await probe.call(authEndpoints.login, {
        body: { email: "load-0@example.test", password: "a light to my path" },
      });
      const videos = (await probe.call(videosEndpoints.library)).body;
      const wall = (await probe.call(prayerEndpoints.wall)).body;
      expect(videos.length).toBeGreaterThan(0);
      expect(wall.length).toBeGreaterThan(0);

      const acknowledged = { prayers: [] as string[], comments: [] as string[], prayed: 0 };
      let sequence = 0;
      const origin = server.url.replace("127.0.0.1", "localhost");
      const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
      let nextMember = 0;
      const asMember = (req: autocannon.Request, context: object): autocannon.Request => {
        const c = connection(context);
        c.cookie ??= cookies[nextMember++ % cookies.length];
        return { ...req, headers: { ...req.headers, cookie: c.cookie } };
      };
      const json = { "content-type": "application/json", origin };

      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        autocannon(
          {
            url: server.url,
            connections: CONNECTIONS,
            duration: DURATION_S,
            timeout: 10,
            requests: [
              {
                method: videosEndpoints.library.method,
                path: urlFor(videosEndpoints.library),
                setupRequest: asMember,
              },
              {
                method: videosEndpoints.video.method,
                setupRequest: (req, ctx) =>
                  asMember(
                    { ...req, path: urlFor(videosEndpoints.video, { params: { id: pick(videos).id } }) },
                    ctx,
                  ),
              },
              {
                method: prayerEndpoints.wall.method,
                path: urlFor(prayerEndpoints.wall),
                setupRequest: asMember,
              },
              {
                method: prayerEndpoints.share.method,
                path: urlFor(prayerEndpoints.share),
                headers: json,
                setupRequest: (req, ctx) => {
                  // One request at a time per connection, so the context knows which write was answered.
                  const prayer = `Please pray for our home (load ${++sequence})`;
                  connection(ctx).prayer = prayer;
                  return asMember({ ...req, body: JSON.stringify({ content: prayer }) }, ctx);
                },
                onResponse: (status, _body, ctx) => {
                  const { prayer } = connection(ctx);
                  if ((status === 201 || status === 200) && prayer) acknowledged.prayers.push(prayer);
                },
              },
              {
                method: prayerEndpoints.pray.method,
                headers: { origin },
                setupRequest: (req, ctx) =>
                  asMember(
                    { ...req, path: urlFor(prayerEndpoints.pray, { params: { id: pick(wall).id } }) },
                    ctx,
                  ),
                onResponse: (status) => {
                  if (status === 200) acknowledged.prayed += 1;
                },
              },
              {
                method: videosEndpoints.discuss.method,
                path: urlFor(videosEndpoints.discuss),
                headers: json,
                setupRequest: (req, ctx) => {
                  const comment = `This met me today (load ${++sequence})`;
                  connection(ctx).comment = comment;
                  return asMember(
                    { ...req, body: JSON.stringify({ videoId: pick(videos).id, content: comment }) },
                    ctx,
                  );
                },
                onResponse: (status, _body, ctx) => {
                  const { comment } = connection(ctx);
                  if ((status === 201 || status === 200) && comment) acknowledged.comments.push(comment);
                },
              },
            ],
          },
          (err, res) => (err ? reject(err) : resolve(res)),
        );
      });

      const failures = result.errors + result.timeouts + result.non2xx;
      expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
        errors: 0,
        timeouts: 0,
        non2xx: 0,
      });
      // Every write the server acknowledged is stored (a few more may have landed as the run stopped,
      // their answers never read).
      const storedPrayers = new Set(
        await texts("select content as t from prayer_requests where content like '% (load %)'"),
      );
      const storedComments = new Set(
        await texts("select content as t from discussions where content like '% (load %)'"),
      );
      expect(acknowledged.prayers.filter((c) => !storedPrayers.has(c))).toEqual([]);
      expect(acknowledged.comments.filter((c) => !storedComments.has(c))).toEqual([]);
      expect(acknowledged.prayers.length).toBeGreaterThan(0);
      expect(acknowledged.comments.length).toBeGreaterThan(0);
      // The prayer counters agree with the marks they count.
      const drift = await count(
        `select count(*)::int as n from prayer_requests p
         where p.prayer_count <> (select count(*) from prayer_marks m where m.prayer_request_id = p.id)`,
      );
      expect(drift).toBe(0);

      console.log(
        `load: ${result.requests.total} requests, ${result.requests.average.toFixed(0)} req/s, ` +
          `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${failures} failures`,
      );
      recordFigures("Load", {
        "connections, duration": `${CONNECTIONS}, ${DURATION_S} s`,
        requests: result.requests.total,
        "requests per second": Math.round(result.requests.average),
        "latency p50 / p99 (ms)": `${result.latency.p50} / ${result.latency.p99}`,
        "errors, timeouts and non-2xx answers": failures,
        "acknowledged prayer requests, all stored": acknowledged.prayers.length,
        "acknowledged comments, all stored": acknowledged.comments.length,
        "acknowledged prayers": acknowledged.prayed,
      });
    },
    (DURATION_S + 90) * 1000,
  );
});
