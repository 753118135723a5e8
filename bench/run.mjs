// `npm run bench`: proves the app is fast at any size. Every machine-dependent figure is a ratio to a
// baseline measured in the same run. Prints a table and writes it to docs/performance.md.
//
//   BENCH_DATABASE_URL   a PostgreSQL URL whose role may create databases (default: an embedded
//                        PostgreSQL started here, in .tmp/bench-pg)
//   BENCH_DURATION       seconds per load run outside the API rows (default 8)
//   BENCH_ROUNDS         rounds of each API row, each between two measurements of the baseline; the row
//                        is the median of the rounds' ratios (default 5)
//   BENCH_ROUND_SECONDS  seconds of each round, and of each measurement of the baseline (default 3)
//   BENCH_SIZES          row counts for the growth test (default 1000,100000,1000000)
//   BENCH_PARTS          what to measure (default api,pages,embedded,backup,fanout,digest,live,growth,search; the API
//                        always); a partial run prints its table and leaves docs/performance.md as it is
//   BENCH_SEARCH_ITEMS   searchable items for the search part, the smallest and the largest (default 10000,100000):
//                        half English, half Hebrew, in every source search indexes, written by its triggers; each
//                        size served at once, its p95 latency at 20 concurrent searches measured for a two-word
//                        English search, a two-word Hebrew one and suggestions for a 3-letter start
//   BENCH_BACKUP_MEMBERS members in the community backed up and restored (default 100000)
//   BENCH_DIGEST_MEMBERS members whose digests are due in one hourly run (default 100000)
//   BENCH_FANOUT_MEMBERS members told of a new teaching in one fan-out (default 100000)
//   BENCH_GROUP_MEMBERS  members of the group told of a new post in one statement (default 5000)
//   BENCH_LIVE_STREAMS   live streams (GET /api/live) held open at once on one instance (default 2000)
//   DIST_DIR             the build measured (default dist), as `npm run build` takes it
//   LIGHTHOUSE_REPORTS   a folder to keep each Lighthouse run's full JSON report in (default: none kept)
//   BENCH_ROWS           only the API, growth, search and Lighthouse rows whose name holds one of
//                        these, comma-separated (e.g. "rsvp", "Lighthouse (mobile): home"), on the
//                        default runtime only: a partial run
//   BENCH_VERBOSE        print each round of an API row: the baseline before it, the row, the baseline after
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { pageScripts } from "../scripts/lib/js-budgets.mjs";
import { nodeForLts } from "../scripts/lib/node-lts.mjs";
import { GROUP_POST_PAGE_SIZE } from "../src/core/conversation/limits.ts";
import { CONVERSATION_PAGE_SIZE, MESSAGE_PAGE_SIZE } from "../src/core/messages/limits.ts";
import { measureBackupAndRestore, seedCommunity } from "./lib/backup.mjs";
import { measureDigest } from "./lib/digest.mjs";
import { measureFanOut, measureGroupPostFanOut } from "./lib/fan-out.mjs";
import { seedGrowth } from "./lib/growth.mjs";
import { FASTEST_BENCHMARK_INDEX, lighthouseScores, serveBrowserFloor } from "./lib/lighthouse.mjs";
import { measureDelivery, measureOpenStreams, seedLiveCommunity, sendersFor } from "./lib/live.mjs";
import { load } from "./lib/load.mjs";
import { pageWeights } from "./lib/page-weight.mjs";
import { startNode } from "./lib/processes.mjs";
import { readReport, readTable, writeTable, writtenByHand } from "./lib/report.mjs";
import { cpuPerRequest, SEARCH_TERMS, seedSearch } from "./lib/search.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
/** Rounds of each API row, taking turns with the baseline, and the seconds of each. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const SIZES = (process.env.BENCH_SIZES ?? "1000,100000,1000000").split(",").map(Number);
const ALL_PARTS = ["api", "pages", "embedded", "backup", "fanout", "digest", "live", "growth", "search"];
const PARTS = (process.env.BENCH_PARTS ?? ALL_PARTS.join(",")).split(",");
const measures = (part) => PARTS.includes(part);
const ROWS = process.env.BENCH_ROWS?.split(",");
const chosen = (name) => !ROWS || ROWS.some((words) => name.includes(words));
const BACKUP_MEMBERS = Number(process.env.BENCH_BACKUP_MEMBERS ?? 100_000);
const DIGEST_MEMBERS = Number(process.env.BENCH_DIGEST_MEMBERS ?? 100_000);
const FANOUT_MEMBERS = Number(process.env.BENCH_FANOUT_MEMBERS ?? 100_000);
const GROUP_MEMBERS = Number(process.env.BENCH_GROUP_MEMBERS ?? 5_000);
const LIVE_STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 2_000);
const SEARCH_ITEMS = (process.env.BENCH_SEARCH_ITEMS ?? "10000,100000").split(",").map(Number);
/** Searches at once, for the search part. */
const SEARCH_CONNECTIONS = 20;
/** Messages a second sent to one member while her stream is open, and for how long. */
const LIVE_RATE = 100;
const LIVE_SECONDS = 10;
const server = path.resolve(root, process.env.DIST_DIR ?? "dist", "server", "main.js");
/** The demo group with a conversation that the demo member belongs to (src/server/db/seed/conversation.ts). */
const DEMO_CONVERSATION_GROUP = "Little Arrows: Young Mothers";
const DEMO_COURSE = "Foundations of Grace";
const rows = [];
const row = (what, measured, target, ok) => {
  const entry = { what, measured, target, ok };
  rows.push(entry);
  if (measured) {
    console.log(
      `${ok === undefined ? "  " : ok ? "✓ " : "✗ "}${what}: ${measured}${target ? `  (target ${target})` : ""}`,
    );
  }
  return entry;
};
const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "n/a");

if (!fs.existsSync(server)) {
  console.log("Building the app first...");
  execFileSync("node", ["scripts/build.mjs"], { stdio: "inherit" });
}

// ---------------------------------------------------------------- PostgreSQL
let adminUrl = process.env.BENCH_DATABASE_URL;
let stopPg = async () => {};
if (!adminUrl) {
  const { startEmbeddedPostgres } = await import("./lib/embedded.mjs");
  const pgDir = path.join(root, ".tmp", "bench-pg");
  fs.rmSync(pgDir, { recursive: true, force: true });
  const cluster = await startEmbeddedPostgres(pgDir);
  adminUrl = cluster.adminUrl;
  stopPg = cluster.stop;
  console.log(
    "Using an embedded PostgreSQL started for the benchmark (set BENCH_DATABASE_URL to use another).",
  );
}
// Which server the rows measure: the report's column (bench/lib/report.mjs). The embedded build's
// figures are not a tuned server's.
const database = process.env.BENCH_DATABASE_URL ? "server" : "embedded";
const serverVersion = (await admin("show server_version")).rows[0].server_version.split(" ")[0];
const databaseNote = process.env.BENCH_DATABASE_URL
  ? `PostgreSQL ${serverVersion} at \`BENCH_DATABASE_URL\``
  : `the embedded PostgreSQL ${serverVersion} that \`npm start\` runs, its binaries built for size (\`-Os\`)`;
/** Each Lighthouse row's CPU benchmark index: the run's, in the report, is their median. */
const benchmarkIndexes = [];
const dbUrl = (name) => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};
async function admin(sql) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}
/** The id of the demo cultivation group named `name`, in the database at `url`. */
async function groupOf(url, name) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query("select id from cultivation_groups where name = $1", [name])).rows[0].id;
  } finally {
    await c.end();
  }
}
/** The id of the demo course titled `title`, in the database at `url`. */
async function courseOf(url, title) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query("select id from courses where title = $1", [title])).rows[0].id;
  } finally {
    await c.end();
  }
}
/** The demo member's conversation with her mentor (src/server/db/seed/messages.ts), in the database at `url`. */
async function demoConversationOf(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(
      `select m.conversation_id as id from direct_conversation_members m
         join users u on u.id = m.user_id
         join direct_conversations c on c.id = m.conversation_id
       where u.email = 'ruth@example.com' and c.status = 'open'
       order by c.id limit 1`,
    );
    return rows[0].id;
  } finally {
    await c.end();
  }
}
async function freshDb(name) {
  await admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  return dbUrl(name);
}

// The configuration `npm start` runs with (LOG_LEVEL=info: a line for every request), but for
// limits a load test would hit; LOG_LEVEL=warn is measured as a second row.
const baseEnv = {
  SESSION_SECRET: "b".repeat(64),
  AUTH_RATE_LIMIT: "100000000",
  WRITE_RATE_LIMIT: "100000000",
  MESSAGE_RATE_LIMIT: "100000000",
  MAIL_TRANSPORT: "log",
};
const logDir = path.join(root, ".tmp", "bench-logs");
fs.rmSync(logDir, { recursive: true, force: true });
fs.mkdirSync(logDir, { recursive: true });
/** The server's output goes to a file, as a service's goes to its journal. */
const startApp = (env, name, node) =>
  startNode(server, { ...baseEnv, ...env }, "/api/ready", {
    logFile: path.join(logDir, `${name}.log`),
    node,
  });

async function signIn(url, email = "ruth@example.com") {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url.replace("127.0.0.1", "localhost") },
    body: JSON.stringify({ email, password: "mishpacha-demo" }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** `count` new members, signed up through the API: their session cookies. */
async function registerMembers(url, count) {
  const cookies = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url.replace("127.0.0.1", "localhost") },
      body: JSON.stringify({
        email: `answering${i}-${Date.now()}@example.test`,
        password: "mishpacha-demo",
        firstName: "Bench",
        lastName: `Member ${i}`,
      }),
    });
    if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    cookies.push(
      res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    );
  }
  return cookies;
}

/**
 * Each member (by session cookie) asks to write to the partner of the same place in `partners`, who
 * accepts: answers each member's cookie with her open conversation.
 */
async function conversationsWith(url, members, partners) {
  const origin = url.replace("127.0.0.1", "localhost");
  const api = async (path, as, body) => {
    const res = await fetch(url + path, {
      method: body ? "POST" : "GET",
      headers: { cookie: as, origin, ...(body && { "content-type": "application/json" }) },
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  };
  const writing = [];
  for (const [i, as] of members.entries()) {
    const { id: memberId } = await api("/api/auth/user", partners[i]);
    await api("/api/conversations", as, { memberId, body: "May I write to you?" });
    const [request] = await api("/api/conversations?limit=1", partners[i]);
    await api(`/api/conversations/${request.id}/accept`, partners[i], {});
    writing.push({ cookie: as, conversation: request.id });
  }
  return writing;
}

/** The bare Fastify server the API rows are measured against. */
let hello;
try {
  // ---------------------------------------------------------------- baseline
  // A shared machine's speed drifts within minutes, and another process can take a core for a few
  // seconds. So each API row takes turns with the baseline: ceiling, row, ceiling, row, … ceiling,
  // for ROUNDS rounds. Each round's ratio is to the mean of the ceilings just before and just after it,
  // and the row is the median of its rounds' ratios, with their spread printed beside it: one unlucky
  // round moves the spread, not the figure.
  hello = await startNode(path.join(root, "bench", "hello.mjs"), {}, "/hello");
  const ceilings = [];
  let lastCeiling;
  async function ceilingNow() {
    const r = await load({ url: `${hello.url}/hello`, duration: ROUND_SECONDS, warmup: !lastCeiling });
    ceilings.push(r.rps);
    lastCeiling = { rps: r.rps, at: Date.now() };
    return r.rps;
  }
  /**
   * Runs one API load ROUNDS times, each between two measurements of the ceiling. Answers the median
   * round (its ratio and its figures), the spread of the ratios, and the errors of every round.
   */
  async function againstCeiling(measure) {
    // A measurement from before a pause (a server starting, the page audits) is not "just before".
    let before = lastCeiling && Date.now() - lastCeiling.at < 15_000 ? lastCeiling.rps : await ceilingNow();
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Only the first round warms the server up.
      const r = await measure({ duration: ROUND_SECONDS, warmup: round === 0 });
      const after = await ceilingNow();
      rounds.push({ r, ratio: r.rps / ((before + after) / 2) });
      if (process.env.BENCH_VERBOSE) {
        console.log(
          `    round ${round + 1}: ceiling ${fmt(before)}, row ${fmt(r.rps)}, ceiling ${fmt(after)}`,
        );
      }
      before = after;
    }
    const byRatio = [...rounds].sort((a, b) => a.ratio - b.ratio);
    const middle = byRatio[Math.floor(byRatio.length / 2)];
    const p99s = rounds.map(({ r }) => r.p99).sort((a, b) => a - b);
    return {
      r: { ...middle.r, p99: p99s[Math.floor(p99s.length / 2)] },
      ratio: middle.ratio,
      spread: `${fmt(byRatio[0].ratio, 2)}–${fmt(byRatio.at(-1).ratio, 2)}`,
      errors: rounds.reduce((sum, { r }) => sum + r.errors, 0),
    };
  }
  const baselineRow = row("API ceiling: bare Fastify hello route, 32 connections", "", "baseline");

  // ---------------------------------------------------------------- hot reads and writes, real PostgreSQL
  const mainDb = await freshDb("bench_main");
  const app = await startApp({ DATABASE_URL: mainDb, DEMO: "1" }, "main");
  const cookie = await signIn(app.url);
  const member = { cookie };
  const videos = await (await fetch(`${app.url}/api/videos`, { headers: member })).json();
  const prayers = await (await fetch(`${app.url}/api/prayer-requests`, { headers: member })).json();
  // Answers to events come from many members at once, each her own (one member's 32 answers at
  // once would only queue on her own row): a member per connection. One date of a demo event (an
  // answer without a date answers for every date of a series): one with no limit on places, as most
  // are, and one whose places are counted (its answers take turns under the event's lock, decision
  // 038), held to a lower target.
  const answering = await registerMembers(app.url, 32);
  const dates = await (
    await fetch(`${app.url}/api/events?limit=20`, { headers: { cookie: answering[0] } })
  ).json();
  const gathering = dates.find((d) => d.capacity === null);
  const limited = dates.find((d) => d.capacity !== null);
  // Members writing at once, each in her own conversation with a member who accepted her request.
  const writing = await conversationsWith(
    app.url,
    answering,
    await registerMembers(app.url, answering.length),
  );
  // The demo group whose conversation the demo member reads and writes in.
  const conversation = await groupOf(mainDb, DEMO_CONVERSATION_GROUP);
  // Her private conversation with her mentor.
  const privateConversation = await demoConversationOf(mainDb);
  // A course the demo member is part-way through (src/server/db/seed/lessons.json).
  const course = await courseOf(mainDb, DEMO_COURSE);

  const reads = [
    ["GET /api/videos", "/api/videos"],
    ["GET /api/prayer-requests (first page)", "/api/prayer-requests"],
    ["GET /api/auth/user", "/api/auth/user"],
    ["GET /api/dashboard", "/api/dashboard"],
    ["GET /api/notifications/unread-count", "/api/notifications/unread-count"],
    // Pages as the browser asks for them. Her group's words and her messages are hers alone to read
    // (no response shared, none kept); her place in a course is computed at each read, since lessons
    // open with the clock. The same target holds for them all.
    [
      "Group conversation, first page (GET /api/cultivation-groups/:id/posts)",
      `/api/cultivation-groups/${conversation}/posts?limit=${GROUP_POST_PAGE_SIZE}`,
    ],
    [
      "GET /api/conversations (her conversations, first page)",
      `/api/conversations?limit=${CONVERSATION_PAGE_SIZE}`,
    ],
    [
      "GET /api/conversations/:id/messages (a thread, newest page)",
      `/api/conversations/${privateConversation}/messages?limit=${MESSAGE_PAGE_SIZE}`,
    ],
    ["GET /api/courses/:id/outline (a course she is part-way through)", `/api/courses/${course}/outline`],
  ];
  async function hotReads(target, label, { least = 0.45, judged = true } = {}) {
    const c = await signIn(target.url);
    for (const [name, p] of reads) {
      if (!chosen(`${label}: ${name}`)) continue;
      const { r, ratio, spread, errors } = await againstCeiling((run) =>
        load({ url: target.url + p, headers: { cookie: c }, ...run }),
      );
      const ok = ratio >= least && r.p99 <= 15 && errors === 0;
      row(
        `${label}: ${name}`,
        `${fmt(r.rps)} req/s = ${fmt(ratio, 2)} (rounds ${spread}), p99 ${fmt(r.p99)} ms, ${errors} errors`,
        `≥ ${fmt(least, 2)}, p99 ≤ 15 ms, 0 errors`,
        judged ? ok : undefined,
      );
    }
  }
  await hotReads(app, "Hot read, default configuration (request log on)");
  {
    // The same reads with request lines off, on the same database.
    const quiet = await startApp({ DATABASE_URL: mainDb, LOG_LEVEL: "warn" }, "main-warn");
    await hotReads(quiet, "Hot read, LOG_LEVEL=warn", { least: 0.5 });
    await quiet.stop();
  }

  const writes = [
    [
      "POST /api/prayer-requests",
      "POST",
      "/api/prayer-requests",
      { content: "Please pray for my family this week." },
    ],
    [
      "POST /api/discussions",
      "POST",
      "/api/discussions",
      { videoId: videos[0]?.id, content: "This teaching met me today." },
    ],
    ["POST /api/prayer-requests/:id/pray", "POST", `/api/prayer-requests/${prayers[0]?.id}/pray`, undefined],
    [
      "POST /api/events/:id/rsvp",
      "POST",
      `/api/events/${gathering?.eventId}/rsvp`,
      { status: "going", occurrence: gathering?.occurrence },
      // Each answer changes the one before (the same answer again writes nothing).
      { status: "maybe", occurrence: gathering?.occurrence },
      { members: answering.map((cookie) => ({ cookie })) },
    ],
    [
      "POST /api/events/:id/rsvp (places counted)",
      "POST",
      `/api/events/${limited?.eventId}/rsvp`,
      { status: "going", occurrence: limited?.occurrence },
      { status: "maybe", occurrence: limited?.occurrence },
      // Every other answer frees a place, and the first waiting moves up and is told.
      { members: answering.map((cookie) => ({ cookie })), least: 0.1 },
    ],
    [
      "Group post (POST /api/cultivation-groups/:id/posts)",
      "POST",
      `/api/cultivation-groups/${conversation}/posts`,
      { kind: "discussion", body: "Grateful for this group today." },
    ],
    [
      "Message (POST /api/conversations/:id/messages)",
      "POST",
      "/api/conversations/:id/messages",
      { body: "Thank you for praying with me this morning." },
      undefined,
      { members: writing },
    ],
  ];
  async function writeLoads(target, label) {
    const c = await signIn(target.url);
    const o = target.url.replace("127.0.0.1", "localhost");
    for (const [name, method, p, body, alternate, { least = 0.15, members } = {}] of writes) {
      if (!chosen(`${label}: ${name}`)) continue;
      // A body-less POST must not claim a JSON body.
      const headers =
        body === undefined
          ? { origin: o, cookie: c }
          : { "content-type": "application/json", origin: o, cookie: c };
      const requests = [body, ...(alternate ? [alternate] : [])].map((b) => ({
        method,
        body: JSON.stringify(b),
      }));
      // Each connection as a member of its own, where the row has one (in her own conversation, where
      // the path names one).
      let next = 0;
      const setupClient =
        members &&
        ((client) => {
          const { cookie, conversation: id } = members[next++ % members.length];
          const own = id === undefined ? p : p.replace(":id", String(id));
          client.setRequests(requests.map((r) => ({ ...r, path: own, headers: { ...headers, cookie } })));
        });
      const { r, ratio, spread, errors } = await againstCeiling((run) =>
        load({
          url: target.url + p,
          method,
          headers,
          body,
          requests: members && requests,
          setupClient,
          ...run,
        }),
      );
      row(
        `${label}: ${name}`,
        `${fmt(r.rps)} req/s = ${fmt(ratio, 2)} (rounds ${spread}), ${errors} errors`,
        `≥ ${fmt(least, 2)}, 0 errors`,
        ratio >= least && errors === 0,
      );
    }
  }
  await writeLoads(app, "Write, default configuration");
  const rss = app.rssMb();
  row("Memory: server RSS after the load runs", `${fmt(rss)} MB`, "≤ 200 MB", rss <= 200);
  if (!ROWS) {
    // The same reads and writes on the current Node.js LTS, the runtime a new install picks today.
    const lts = nodeForLts(root);
    const onLts = await startApp({ DATABASE_URL: mainDb }, "main-lts", lts.bin);
    await hotReads(onLts, `Hot read on Node.js ${lts.version}, default configuration`);
    await writeLoads(onLts, `Write on Node.js ${lts.version}, default configuration`);
    await onLts.stop();
  }

  // ---------------------------------------------------------------- page weight and quality
  if (measures("pages")) {
    // The pages are audited in Chromium itself, the browser members run (the tests use its headless shell).
    execFileSync("node", ["scripts/ensure-chromium.mjs"], { stdio: "inherit" });
    const weights = await pageWeights(app.url, cookie);
    row(
      "First page weight: landing, gzipped JS",
      `${fmt(weights.landing / 1024, 1)} KiB`,
      "≤ 80 KiB",
      weights.landing <= 80 * 1024,
    );
    row(
      "First page weight: signed-in home, gzipped JS",
      `${fmt(weights.home / 1024, 1)} KiB`,
      "≤ 110 KiB",
      weights.home <= 110 * 1024,
    );
    const scripts = pageScripts(path.dirname(path.dirname(server)));
    const over = scripts.filter(({ kib, budget }) => !(kib <= budget));
    const heaviest = scripts.reduce((a, b) => (b.kib > a.kib ? b : a));
    row(
      "JavaScript budgets: every page within the budget `npm run build` enforces (gzipped)",
      `${scripts.length} pages, ${over.length ? `over: ${over.map((p) => p.name).join(", ")}` : "none over"}; ` +
        `the heaviest ${heaviest.name} ${fmt(heaviest.kib, 1)} KiB (budget ${heaviest.budget})`,
      "none over",
      over.length === 0,
    );
    row(
      "Stripe.js and the YouTube player on landing or home",
      weights.thirdParty.length ? weights.thirdParty.join(", ") : "none loaded",
      "none",
      weights.thirdParty.length === 0,
    );
    // The pages members open most, each with the demo member's own content (her group's
    // conversation, her thread with her mentor, the next lesson of her course), and the two a
    // visitor sees first.
    const outline = await (
      await fetch(`${app.url}/api/courses/${course}/outline`, { headers: member })
    ).json();
    const lesson = outline.nextLessonId ?? outline.modules[0].lessons[0].id;
    const pages = [
      ["landing", "/", false],
      ["sign-in", "/sign-in", false],
      ["home", "/", true],
      ["videos", "/videos", true],
      ["a video", `/video/${videos[0].id}`, true],
      ["community", "/community", true],
      ["groups", "/cultivation-groups", true],
      ["a group's conversation", `/cultivation-groups/${conversation}`, true],
      ["events", "/community?tab=events", true],
      ["messages", `/messages/${privateConversation}`, true],
      ["a lesson", `/lessons/${lesson}`, true],
      ["search", "/search?q=grace", true],
    ].filter(([name]) => chosen(`Lighthouse (mobile): ${name}`));
    for (const result of await lighthouseScores(app.url, cookie, pages)) {
      benchmarkIndexes.push(result.benchmarkIndex);
      const ok =
        !result.onlyFastRuns &&
        result.performance >= 97 &&
        result.totalBlockingTime <= 150 &&
        result.accessibility === 100 &&
        result.bestPractices === 100;
      const counted = result.onlyFastRuns
        ? `none counted: every run's CPU benchmark index was above ${fmt(FASTEST_BENCHMARK_INDEX)}, median of ${result.runs} shown`
        : `median of ${result.runs}`;
      row(
        `Lighthouse (mobile): ${result.page}`,
        `performance ${result.performance}, total blocking time ${fmt(result.totalBlockingTime)} ms, ` +
          `accessibility ${result.accessibility}, best practices ${result.bestPractices} ` +
          `(LCP ${fmt(result.largestContentfulPaint)} ms; CPU benchmark index ${fmt(result.benchmarkIndex)}; ${counted})`,
        `≥ 97, TBT ≤ 150 ms, 100, 100; median of 3 runs at an index ≤ ${fmt(FASTEST_BENCHMARK_INDEX)}`,
        ok,
      );
    }
    // The same measure of what no script of the app's runs in: the part of each figure above that is
    // the browser's own on this machine.
    const floor = await serveBrowserFloor(app.url, cookie);
    const floorPages = [
      ["a page of one heading (the browser's floor)", "/floor", false],
      ["home without its scripts", "/", false],
    ].filter(([name]) => chosen(`Lighthouse (mobile), for reference: ${name}`));
    for (const result of await lighthouseScores(floor.url, "", floorPages)) {
      row(
        `Lighthouse (mobile), for reference: ${result.page}`,
        `performance ${result.performance}, total blocking time ${fmt(result.totalBlockingTime)} ms ` +
          `(LCP ${fmt(result.largestContentfulPaint)} ms; CPU benchmark index ${fmt(result.benchmarkIndex)}; ` +
          `${result.onlyFastRuns ? `no run at an index ≤ ${fmt(FASTEST_BENCHMARK_INDEX)}, ` : ""}median of ${result.runs})`,
      );
    }
    await floor.stop();
  }
  await app.stop();

  // ---------------------------------------------------------------- embedded default: start-up and reads
  if (measures("embedded")) {
    const dataDir = path.join(root, ".tmp", "bench-embedded");
    fs.rmSync(dataDir, { recursive: true, force: true });
    const fresh = await startApp({ DATA_DIR: dataDir, SESSION_SECRET: "" }, "embedded-new");
    row(
      "Start-up, embedded default, new data folder",
      `${fmt(fresh.readyMs)} ms`,
      "≤ 10,000 ms",
      fresh.readyMs <= 10_000,
    );
    await fresh.stop();
    const warm = await startApp({ DATA_DIR: dataDir, SESSION_SECRET: "" }, "embedded");
    row(
      "Start-up, embedded default, existing data folder",
      `${fmt(warm.readyMs)} ms`,
      "≤ 3,000 ms",
      warm.readyMs <= 3000,
    );
    await hotReads(warm, "Hot read, embedded default", { judged: false });
    await warm.stop();
  }
  await hello.stop();
  hello = undefined;
  const sorted = [...ceilings].sort((a, b) => a - b);
  baselineRow.measured =
    `${fmt(sorted[Math.floor(sorted.length / 2)])} req/s = 1.00 (median of ${sorted.length} measurements, ` +
    `${fmt(sorted[0])}–${fmt(sorted.at(-1))}; each API row is the median of ${ROUNDS} rounds taking turns with it)`;
  console.log(`  ${baselineRow.what}: ${baselineRow.measured}`);

  // ---------------------------------------------------------------- backup and restore
  if (measures("backup")) {
    const source = await freshDb("bench_backup_source");
    const target = await freshDb("bench_backup_target");
    const seeded = await seedCommunity(source, BACKUP_MEMBERS);
    const r = await measureBackupAndRestore(source, target, path.join(root, ".tmp", "bench-backups"));
    const community = `${BACKUP_MEMBERS.toLocaleString("en-US")} members, ${seeded.rows.toLocaleString("en-US")} rows`;
    row(
      `Backup (npm run backup): ${community}`,
      `${fmt(r.backupMs / 1000, 1)} s, ${fmt(r.bytes / 2 ** 20, 1)} MiB`,
      "≤ 30 s",
      r.backupMs <= 30_000,
    );
    row(
      `Restore (npm run restore) into an empty database: ${community}`,
      `${fmt(r.restoreMs / 1000, 1)} s, ${r.members.toLocaleString("en-US")} members back`,
      "≤ 120 s, every member",
      r.restoreMs <= 120_000 && r.members === BACKUP_MEMBERS,
    );
    await admin('drop database if exists "bench_backup_source" with (force)');
    await admin('drop database if exists "bench_backup_target" with (force)');
  }

  // ---------------------------------------------------------------- a new teaching, told to everyone
  if (measures("fanout")) {
    const url = await freshDb("bench_fanout");
    const r = await measureFanOut(url, FANOUT_MEMBERS);
    const perSecond = r.written / (r.ms / 1000);
    row(
      `Notification fan-out (a new teaching): ${FANOUT_MEMBERS.toLocaleString("en")} members`,
      `${fmt(r.ms / 1000, 1)} s, ${fmt(perSecond)} members/s, ${r.written} written, peak RSS ${fmt(r.peakRssMiB)} MiB`,
      "≥ 20,000 members/s, peak RSS ≤ 300 MiB",
      perSecond >= 20_000 && r.peakRssMiB <= 300 && r.written === FANOUT_MEMBERS,
    );
    await admin('drop database if exists "bench_fanout" with (force)');
    const groupUrl = await freshDb("bench_group_fanout");
    const g = await measureGroupPostFanOut(groupUrl, GROUP_MEMBERS);
    row(
      `Notification fan-out (a post in a group): ${GROUP_MEMBERS.toLocaleString("en")} members`,
      `${fmt(g.ms)} ms for the whole post, ${g.written} written in ${g.statements} statement(s)`,
      "one set-based statement, every other member told",
      g.statements === 1 && g.written === GROUP_MEMBERS - 1,
    );
    await admin('drop database if exists "bench_group_fanout" with (force)');
  }

  // ---------------------------------------------------------------- the hourly digest run
  if (measures("digest")) {
    const url = await freshDb("bench_digest");
    const r = await measureDigest(url, DIGEST_MEMBERS);
    const perSecond = r.digests / (r.ms / 1000);
    row(
      `Digest run (hourly job): ${DIGEST_MEMBERS.toLocaleString("en")} members due at once, 2 unread each`,
      `${fmt(r.ms / 1000, 1)} s, ${fmt(perSecond)} members/s, ${r.digests} digests, peak RSS ${fmt(r.peakRssMiB)} MiB`,
      "≥ 20,000 members/s, peak RSS ≤ 300 MiB",
      perSecond >= 20_000 && r.peakRssMiB <= 300 && r.digests === DIGEST_MEMBERS,
    );
    await admin('drop database if exists "bench_digest" with (force)');
  }

  // ---------------------------------------------------------------- live events
  // Decision 057's promises: 2,000 open streams on one instance within 350 MB, none missing an
  // event, and a message on her open page within 150 ms at the 95th percentile (300 ms when her
  // stream is held by another instance than the one the message was posted to). The instances run
  // as `npm start` runs them (request log on); only the message limit is lifted, as the write limit
  // is for every load here, though each sender stays within the default 30 a minute.
  if (measures("live")) {
    const url = await freshDb("bench_live");
    const liveEnv = { DATABASE_URL: url, MESSAGE_RATE_LIMIT: "100000000" };
    let a;
    let b;
    try {
      a = await startApp(liveEnv, "live-a");
      const perRun = sendersFor(LIVE_RATE, LIVE_SECONDS);
      const community = await seedLiveCommunity(url, LIVE_STREAMS, perRun * 2);
      const s = await measureOpenStreams(a, url, community.members);
      const streams = LIVE_STREAMS.toLocaleString("en-US");
      row(
        `Live events: ${streams} open streams on one instance, a new teaching told to every member`,
        `RSS ${fmt(s.rssMb)} MB; ${s.heard}/${s.opened} streams heard it within ${fmt(s.deliveryMs)} ms ` +
          `of its commit; opened in ${fmt(s.openMs / 1000, 1)} s, ${s.failed} refused`,
        "RSS ≤ 350 MB, every stream its event",
        s.rssMb <= 350 && s.opened === LIVE_STREAMS && s.heard === LIVE_STREAMS,
      );
      const origin = a.url.replace("127.0.0.1", "localhost");
      const delivery = (r) =>
        `p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, p99 ${fmt(r.p99)} ms, max ${fmt(r.max)} ms; ` +
        `${r.arrived}/${r.sent} arrived, ${r.failed} refused, ${fmt(r.rate)} sent/s (the POST's own p95 ${fmt(r.postP95)} ms)`;
      const messages = `${LIVE_RATE} messages/s from ${perRun} members for ${LIVE_SECONDS} s`;
      const one = await measureDelivery({
        postUrl: a.url,
        streamUrl: a.url,
        origin,
        receiver: community.receiver,
        senders: community.senders.slice(0, perRun),
        rate: LIVE_RATE,
        seconds: LIVE_SECONDS,
      });
      row(
        `Live events: a message reaches her open stream, one instance, ${messages}`,
        delivery(one),
        "p95 ≤ 150 ms, every message",
        one.p95 <= 150 && one.arrived === one.sent && one.failed === 0,
      );
      // A second instance on the same PostgreSQL holds her stream; the messages go to the first.
      b = await startApp(liveEnv, "live-b");
      // Its start-up work (the job worker's first rounds) is over before the measurement, as a
      // second instance in service would be.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const two = await measureDelivery({
        postUrl: a.url,
        streamUrl: b.url,
        origin,
        receiver: community.receiver,
        senders: community.senders.slice(perRun),
        rate: LIVE_RATE,
        seconds: LIVE_SECONDS,
      });
      row(
        `Live events: a message reaches her open stream, posted to one instance, her stream on another, ${messages}`,
        delivery(two),
        "p95 ≤ 300 ms, every message",
        two.p95 <= 300 && two.arrived === two.sent && two.failed === 0,
      );
    } finally {
      await b?.stop();
      await a?.stop();
    }
    await admin('drop database if exists "bench_live" with (force)');
  }

  // ---------------------------------------------------------------- growth
  // Every size is seeded and served at once, and the sizes take turns within each round: measured
  // one after another, minutes apart, they would compare the machine's moments as much as the sizes.
  const growth = {};
  const served = [];
  for (const size of measures("growth") ? SIZES : []) {
    const url = await freshDb(`bench_growth_${size}`);
    const migrate = await startApp({ DATABASE_URL: url, DEMO: "1" }, `growth-${size}-migrate`);
    await migrate.stop();
    const seeded = await seedGrowth(url, size, DEMO_CONVERSATION_GROUP);
    // Caches off: the figures are of the queries themselves at this size.
    const g = await startApp({ DATABASE_URL: url, RESPONSE_CACHE: "0" }, `growth-${size}`);
    const lists = {
      "prayer wall, first page": "/api/prayer-requests",
      "prayer wall, deep page (cursor)": `/api/prayer-requests?before=${seeded.deepPrayerCursor}`,
      "video search": "/api/videos?search=grace",
      "group search": "/api/cultivation-groups?search=circle",
      "events, the coming year (first page)": "/api/events",
      // A page as the browser asks for it: at the smallest size the leader's posts just fill one.
      "group conversation, first page": `/api/cultivation-groups/${seeded.conversationGroupId}/posts?limit=${GROUP_POST_PAGE_SIZE}`,
      "group conversation, from the leaders": `/api/cultivation-groups/${seeded.conversationGroupId}/posts?filter=leaders&limit=${GROUP_POST_PAGE_SIZE}`,
    };
    served.push({ size, g, lists, cookie: await signIn(g.url) });
  }
  for (const name of served.length ? Object.keys(served[0].lists) : []) {
    if (!chosen(`Growth: ${name}`)) continue;
    const runs = new Map(served.map(({ size }) => [size, []]));
    for (const { g, cookie, lists } of served) {
      await load({ url: g.url + lists[name], headers: { cookie }, connections: 1, amount: 50 });
    }
    // Best of three rounds: a millisecond-scale latency on a shared machine is mostly noise on top
    // of the query's own cost, and the fastest run is the closest to that cost.
    for (let round = 0; round < 3; round += 1) {
      for (const { size, g, cookie, lists } of served) {
        const url = g.url + lists[name];
        // Its server was idle while the others ran: a few requests first, unmeasured.
        await load({ url, headers: { cookie }, connections: 1, amount: 20 });
        runs.get(size).push(await load({ url, headers: { cookie }, connections: 1, amount: 300 }));
      }
    }
    for (const [size, sized] of runs) {
      const r = sized.reduce((best, run) => (run.mean < best.mean ? run : best));
      r.errors = sized.reduce((sum, run) => sum + run.errors, 0);
      growth[name] ??= {};
      growth[name][size] = r;
      if (r.errors) console.log(`  ${name} at ${size}: ${r.errors} errors`);
    }
  }
  for (const { size, g } of served) {
    await g.stop();
    await admin(`drop database if exists "bench_growth_${size}" with (force)`);
  }
  const smallest = SIZES[0];
  const largest = SIZES.at(-1);
  for (const [name, bySize] of Object.entries(growth)) {
    const ratio = bySize[largest].mean / bySize[smallest].mean;
    row(
      `Growth: ${name}`,
      SIZES.map((s) => `${s.toLocaleString("en-US")}: ${fmt(bySize[s].mean, 2)} ms`).join(", ") +
        ` → ×${fmt(ratio, 2)}`,
      `≤ ×1.30 from ${smallest.toLocaleString("en-US")} to ${largest.toLocaleString("en-US")} rows`,
      ratio <= 1.3 && Object.values(bySize).every((r) => r.errors === 0),
    );
  }

  // ---------------------------------------------------------------- search
  // Search's targets: with 100,000 searchable items, half of them in Hebrew, a two-word search
  // answers within 50 ms and suggestions within 30 ms at the 95th percentile with 20 searches at
  // once, and neither grows by more than half from 10,000 items. Every size is seeded (the search
  // triggers indexing each row as it is written) and served at once, and the sizes take turns
  // within each round, as the growth rows do. The signed-in member is the demo member: some groups
  // and conversations of hers, most of the community's not (what she may not see is read and left).
  const searchServed = [];
  try {
    for (const size of measures("search") ? SEARCH_ITEMS : []) {
      const url = await freshDb(`bench_search_${size}`);
      const migrate = await startApp({ DATABASE_URL: url, DEMO: "1" }, `search-${size}-migrate`);
      await migrate.stop();
      const seeded = await seedSearch(url, size);
      // Caches off: the figures are of the searches themselves at this size.
      const s = await startApp({ DATABASE_URL: url, RESPONSE_CACHE: "0" }, `search-${size}`);
      searchServed.push({ size, s, seeded, cookie: await signIn(s.url) });
      row(
        `Search: ${size.toLocaleString("en-US")} items seeded (the search triggers writing search_items)`,
        `${fmt(seeded.seconds, 1)} s, ${seeded.items.toLocaleString("en-US")} rows in search_items; ` +
          `"${SEARCH_TERMS.english}" matches ${seeded.english}, "${SEARCH_TERMS.hebrew}" ${seeded.hebrew}, ` +
          `titles starting "${SEARCH_TERMS.prefix}" ${seeded.prefix}`,
      );
    }
    const searches = [
      [`two English words ("${SEARCH_TERMS.english}")`, "/api/search", SEARCH_TERMS.english, 50],
      [
        `two Hebrew words, one behind a prefix ("${SEARCH_TERMS.hebrew}")`,
        "/api/search",
        SEARCH_TERMS.hebrew,
        50,
      ],
      [`suggestions for "${SEARCH_TERMS.prefix}"`, "/api/search/suggest", SEARCH_TERMS.prefix, 30],
    ];
    const smallestItems = SEARCH_ITEMS[0];
    const largestItems = SEARCH_ITEMS.at(-1);
    for (const [name, endpoint, q, target] of searchServed.length ? searches : []) {
      const what = `Search: ${endpoint}, ${name}, ${SEARCH_CONNECTIONS} at once`;
      if (!chosen(what)) continue;
      const asked = `${endpoint}?q=${encodeURIComponent(q)}`;
      // What each size answers; one search's own time (one at a time, after a warm-up); and the CPU
      // time a search costs the server and PostgreSQL, which a busy machine hardly changes: at 20 at
      // once, the p95 is mostly that CPU time multiplied by the searches waiting for the cores.
      const found = new Map();
      const alone = new Map();
      const cpu = new Map();
      for (const { size, s, cookie } of searchServed) {
        const res = await fetch(s.url + asked, { headers: { cookie } });
        found.set(size, res.ok ? (await res.json()).length : `${res.status}`);
        const url = s.url + asked;
        await load({ url, headers: { cookie }, connections: SEARCH_CONNECTIONS, amount: 200 });
        alone.set(size, await load({ url, headers: { cookie }, connections: 1, amount: 100 }));
        cpu.set(
          size,
          await cpuPerRequest(adminUrl, `bench_search_${size}`, s.pid, async () => {
            const r = await load({ url, headers: { cookie }, connections: SEARCH_CONNECTIONS, amount: 200 });
            return r.total;
          }),
        );
      }
      const cpuOf = (size) =>
        `server ${fmt(cpu.get(size).server, 1)} ms + PostgreSQL ${fmt(cpu.get(size).postgres, 1)} ms`;
      // Best of three rounds, as for the growth rows: the machine's noise only adds to a latency.
      const runs = new Map(searchServed.map(({ size }) => [size, []]));
      for (let round = 0; round < 3; round += 1) {
        for (const { size, s, cookie } of searchServed) {
          runs.get(size).push(
            await load({
              url: s.url + asked,
              headers: { cookie },
              connections: SEARCH_CONNECTIONS,
              duration: DURATION,
              p95: true,
            }),
          );
        }
      }
      const best = new Map(
        [...runs].map(([size, sized]) => {
          const r = sized.reduce((b, run) => (run.p95 < b.p95 ? run : b));
          return [size, { ...r, errors: sized.reduce((sum, run) => sum + run.errors, 0) }];
        }),
      );
      const large = best.get(largestItems);
      const small = best.get(smallestItems);
      row(
        `${what}: ${largestItems.toLocaleString("en-US")} items`,
        `p95 ${fmt(large.p95, 1)} ms (p50 ${fmt(large.p50)} ms, p99 ${fmt(large.p99)} ms), ${fmt(large.rps)} req/s, ` +
          `${found.get(largestItems)} results, ${large.errors} errors; one at a time ${fmt(alone.get(largestItems).mean, 1)} ms; ` +
          `CPU a search: ${cpuOf(largestItems)}`,
        `p95 ≤ ${target} ms, 0 errors`,
        large.p95 <= target && large.errors === 0,
      );
      const ratio = large.p95 / small.p95;
      row(
        `${what}: growth from ${smallestItems.toLocaleString("en-US")} to ${largestItems.toLocaleString("en-US")} items`,
        `p95 ${SEARCH_ITEMS.map((size) => `${size.toLocaleString("en-US")}: ${fmt(best.get(size).p95, 1)} ms (${found.get(size)} results)`).join(", ")} → ×${fmt(ratio, 2)}; ` +
          `CPU a search ${SEARCH_ITEMS.map((size) => `${size.toLocaleString("en-US")}: ${cpuOf(size)}`).join(", ")}`,
        "≤ ×1.50, 0 errors",
        ratio <= 1.5 && [...best.values()].every((r) => r.errors === 0),
      );
    }
  } finally {
    for (const { size, s } of searchServed) {
      await s.stop();
      await admin(`drop database if exists "bench_search_${size}" with (force)`);
    }
  }
} finally {
  await hello?.stop();
  await stopPg();
}

// ---------------------------------------------------------------- report
const cpu = os.cpus()[0]?.model ?? "unknown CPU";
const day = new Date().toISOString().slice(0, 10);
const indexes = [...benchmarkIndexes].filter(Number.isFinite).sort((a, b) => a - b);
const runIndex = indexes.length ? fmt(indexes[Math.floor(indexes.length / 2)]) : "n/a";
const run =
  `${day}, ${databaseNote}; ${os.cpus().length} × ${cpu}, ${fmt(os.totalmem() / 2 ** 30)} GiB, ` +
  `Node ${process.version}; CPU benchmark index ${runIndex} (Lighthouse's, the median of its pages)`;
const previous = readTable(readReport("docs/performance.md"));
const { described, table } = writeTable(previous, database, run, rows);
const header = [
  "# Performance",
  "",
  "Generated by `npm run bench`, one column for each database it has run on: a full run writes its",
  "own and keeps the other's (`BENCH_DATABASE_URL` measures a PostgreSQL server, without it the",
  "embedded default is measured). The runs:",
  "",
  ...described,
  "",
  "Ratios compare with the bare Fastify baseline measured in the same run, so they move far less than",
  "raw figures from one machine to another; a machine slow to make system calls still lowers them (the",
  "baseline's answer is little more than its write, an API read also talks to PostgreSQL). The baseline",
  "and each API row take turns, ceiling, row, ceiling, … for several rounds; each round is a ratio to",
  "the mean of the ceilings just before and after it, and the row is the median of its rounds' ratios,",
  "their spread beside it: a shared machine's speed drifts within minutes. Load runs use autocannon",
  "with 32 connections for the throughput figures and one connection for latency. The live rows are",
  "times a member waits, not ratios: from a message's POST to its event read off her stream over HTTP",
  "(one client process holding every stream), on instances with their request log on. The search rows",
  "are latencies too: the 95th percentile of every answer's time with 20 searches at once (autocannon),",
  "the best of three rounds in which the sizes take turns, beside the CPU time a search costs the server",
  "and PostgreSQL (read from /proc, which a busy machine hardly moves). Lighthouse's CPU benchmark",
  "index measures the machine at the moment of each page's runs: a run above 1,400 is a fast moment",
  "and is not counted.",
  "",
];
fs.mkdirSync("docs", { recursive: true });
if (ALL_PARTS.every(measures) && !ROWS) {
  const byHand = writtenByHand(readReport("docs/performance.md"));
  fs.writeFileSync("docs/performance.md", `${[...header, ...table].join("\n")}\n${byHand}`);
  console.log("\nWrote docs/performance.md");
} else {
  console.log(
    `\nA partial run (${PARTS.join(", ")}${ROWS ? `; rows: ${ROWS.join(", ")}` : ""}): docs/performance.md left as it is.`,
  );
}
const failed = rows.filter((r) => r.ok === false);
if (failed.length) {
  console.log(`${failed.length} target(s) missed.`);
  process.exitCode = 1;
}
