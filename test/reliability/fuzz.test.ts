import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlesEndpoints } from "../../src/core/endpoints/articles";
import { authEndpoints } from "../../src/core/endpoints/auth";
import { coursesEndpoints } from "../../src/core/endpoints/courses";
import { discipleshipEndpoints } from "../../src/core/endpoints/discipleship";
import { groupsEndpoints } from "../../src/core/endpoints/groups";
import { localGroupsEndpoints } from "../../src/core/endpoints/local-groups";
import { notesEndpoints } from "../../src/core/endpoints/notes";
import { paymentsEndpoints } from "../../src/core/endpoints/payments";
import { prayerEndpoints } from "../../src/core/endpoints/prayer";
import { videosEndpoints } from "../../src/core/endpoints/videos";
import {
  type Member,
  messageOf,
  succeeded,
  TEST_ADMIN_EMAIL,
  TEST_PASSWORD,
  type TestClient,
  type TestContext,
} from "../support/app";
import { startGroup } from "../support/content";
import { type ContextWithDependencies, createContextWithDependencies } from "../support/dependencies";
import { recordFigures } from "../support/figures";

const WRITE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);
const BODY_LIMIT = 100 * 1024;
/** Routes that take bigger bodies than the app's default, and their own limit. */
const LARGER_BODY_LIMITS: Record<string, number> = { "POST /api/stripe/webhook": 1024 * 1024 };
const CASES_PER_ROUTE = 80;
const QUERY_CASES_PER_ROUTE = 16;

let env: ContextWithDependencies;
let t: TestContext;
let member: Member;
let admin: Member;
let countQuery: string;
let registrants = 0;

/** Write routes, deletions last: they would take away the rows the other routes are fuzzed against. */
const writeRoutes = () =>
  t.app.routeList
    .filter((r) => WRITE_METHODS.has(r.method) && r.url.startsWith("/api/"))
    .sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** Every table of the public schema and its row count, in one query. */
async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = await t.database.pool.query<{ counts: Record<string, number> }>(countQuery);
  return rows[0]!.counts;
}

const fixtures = { videoId: 0, articleId: 0 };

beforeAll(async () => {
  env = await createContextWithDependencies({ WRITE_RATE_LIMIT: "1000000", AUTH_RATE_LIMIT: "1000000" });
  t = env.t;
  const { rows } = await t.database.pool.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  countQuery = `select json_build_object(${rows
    .map(({ table_name: n }) => `'${n}', (select count(*)::int from public."${n}")`)
    .join(", ")}) as counts`;

  // A row or two in every table, so the small path ids the fuzzer favours (1, 2, 3) often exist.
  admin = await t.admin();
  member = await t.member({ firstName: "Fuzz", lastName: "Member" });
  const neighbour = await t.member();
  const video = {
    title: "Walking in the Light",
    description: "A teaching on the first epistle of John.",
    youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  };
  fixtures.videoId = (await succeeded(admin.client.call(videosEndpoints.adminCreate, { body: video }))).id;
  await succeeded(
    admin.client.call(videosEndpoints.adminCreate, { body: { ...video, title: "Second teaching" } }),
  );
  const course = { title: "Foundations", description: "The first steps of a life of faith." };
  await succeeded(admin.client.call(coursesEndpoints.adminCreate, { body: { ...course, status: "active" } }));
  await succeeded(admin.client.call(coursesEndpoints.adminCreate, { body: course }));
  await succeeded(admin.client.call(articlesEndpoints.adminSync));
  fixtures.articleId = (await succeeded(member.client.call(articlesEndpoints.list))).at(-1)!.id;
  await succeeded(
    member.client.call(notesEndpoints.create, { body: { videoId: fixtures.videoId, content: "A note" } }),
  );
  await succeeded(member.client.call(prayerEndpoints.share, { body: { content: "Pray for my mother" } }));
  const group = await startGroup(member, {
    name: "Psalms at Dawn",
    description: "Reading a psalm together every morning.",
    category: "study",
  });
  // A pending join request for the group admin's approve and decline routes.
  await succeeded(neighbour.client.call(groupsEndpoints.join, { params: { id: group.id }, body: {} }));
  await succeeded(
    member.client.call(localGroupsEndpoints.create, {
      body: {
        name: "Riverside Sisters",
        description: "A Bible study by the river on Tuesdays.",
        meetingType: "Bible Study",
        location: "Riverside",
      },
    }),
  );
  await succeeded(
    member.client.call(videosEndpoints.discuss, { body: { videoId: fixtures.videoId, content: "So good" } }),
  );
  // A matched connection and a billing account, for the discipleship and billing routes.
  const focus = { focusAreas: ["prayer"] };
  await succeeded(
    member.client.call(discipleshipEndpoints.submit, { body: { experienceLevel: "growing", ...focus } }),
  );
  await succeeded(
    neighbour.client.call(discipleshipEndpoints.submit, { body: { experienceLevel: "teacher", ...focus } }),
  );
  await succeeded(member.client.call(paymentsEndpoints.donate, { body: { amount: 5 } }));
});
afterAll(() => env?.close());

/** A body that passes validation on each route, so mutations of it reach the rules behind the schema. */
function validBody(key: string): Record<string, unknown> {
  const f = fixtures;
  registrants += 1;
  const bodies: Record<string, Record<string, unknown>> = {
    "POST /api/auth/register": {
      email: `fuzz.registrant.${registrants}@example.test`,
      password: TEST_PASSWORD,
      firstName: "Fuzz",
      lastName: "Registrant",
    },
    "POST /api/auth/login": { email: member.email, password: TEST_PASSWORD },
    "POST /api/article-discussions": { articleId: f.articleId, content: "Thank you" },
    "POST /api/admin/courses": {
      title: "Course",
      description: "A course about many things.",
      status: "active",
    },
    "PATCH /api/admin/courses/:id": { title: "Renamed", price: 19.99, tags: ["a", "b"] },
    "POST /api/prayer-requests": { content: "Please pray", isPrivate: false, isAnonymous: false },
    "POST /api/prayer-requests/:id/respond": { content: "Praying", isPraying: true },
    "POST /api/prayer-requests/:id/answered": { praiseNote: "He answered" },
    "POST /api/discipleship/connections": { experienceLevel: "new", focusAreas: ["hope"] },
    "POST /api/cultivation-groups": {
      name: "Group",
      description: "A group for friends.",
      category: "support",
      isPrivate: false,
      requiresApproval: false,
      maxMembers: 10,
    },
    "POST /api/cultivation-groups/:id/join": { requestMessage: "May I join?" },
    "PATCH /api/cultivation-groups/:id/members/:userId": { role: "admin" },
    "PATCH /api/cultivation-groups/:id": {
      name: "Group",
      description: "A group for friends.",
      category: "support",
      isPrivate: true,
      requiresApproval: true,
      maxMembers: 20,
    },
    "PATCH /api/local-groups/:id": {
      name: "Local",
      description: "Meeting at the park.",
      meetingType: "Prayer Group",
      location: "Park",
    },
    "POST /api/local-groups": {
      name: "Local",
      description: "Meeting at the park.",
      meetingType: "Prayer Group",
      location: "Park",
      address: "1 Park Road",
    },
    "POST /api/discussions": { videoId: f.videoId, content: "Amen", isReflectionPrompt: false },
    "POST /api/admin/videos": {
      title: "Video",
      description: "A video description.",
      youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
      series: "Grace Series",
      duration: 600,
      reflectionPrompts: ["What did you hear?"],
    },
    "PATCH /api/admin/videos/:id": { title: "Renamed", duration: 60 },
    "POST /api/video-notes": {
      videoId: f.videoId,
      content: "Note",
      timestamp: 30,
      tags: ["x"],
      isHighlight: true,
    },
    "PATCH /api/profile": { firstName: "Fuzz", bio: "About me" },
    "PATCH /api/profile/settings": { emailNotifications: false },
    "DELETE /api/profile": { confirm: "DELETE" },
    "POST /api/create-payment-intent": { amount: 12.5, description: "Gift" },
    "PATCH /api/prayer-requests/:id": { content: "Edited" },
    "PATCH /api/prayer-responses/:id": { content: "Edited" },
    "PATCH /api/discussions/:id": { content: "Edited" },
    "PATCH /api/article-discussions/:id": { content: "Edited" },
    "POST /api/reports": { targetType: "prayer_request", targetId: 1, reason: "spam", note: "Advert" },
    "POST /api/blocks": { userId: 2 },
    "POST /api/admin/reports/:id/restore": { reason: "Kind enough" },
    "POST /api/admin/reports/:id/remove": { reason: "Advertising" },
    "POST /api/push-subscriptions": {
      endpoint: "https://fcm.googleapis.com/fcm/send/fuzz",
      keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
    },
    "DELETE /api/push-subscriptions": { endpoint: "https://fcm.googleapis.com/fcm/send/fuzz" },
  };
  return bodies[key] ?? {};
}

/** A path id: often one that exists, otherwise anything a client could put in the segment. */
const pathSegment = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("1", "2", "3") },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "0",
      "-1",
      "-0",
      "2147483647",
      "2147483648",
      "-2147483649",
      "9007199254740992",
      "99999999999999999999999",
      "1e3",
      "1e308",
      "1.5",
      "0.1",
      "0x10",
      "1_000",
      " 1",
      "1 ",
      "Infinity",
      "NaN",
      "null",
      "true",
      "abc",
      "%20",
      "%00",
      "1%00",
      "%2F",
      "%2e%2e",
      "%25",
      "%E2%80%AE1",
      "%F0%9F%98%80",
      "%D9%A1",
      "..",
      "'1'",
      "1;select%201",
      "%ZZ",
      "%",
    ),
  },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, unit: "grapheme" }).map(encodeURIComponent) },
);

const HUGE = ["x".repeat(70_000), "😀".repeat(20_000), "\u0000".repeat(10_000), "ש".repeat(40_000)];

/** Values that break careless code: wrong types, edges of number ranges, unicode, NUL, markup. */
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      1,
      -0.5,
      0.001,
      1e308,
      -1e308,
      5e-324,
      2147483647,
      2147483648,
      -2147483649,
      9007199254740992,
      "",
      " ",
      "\u0000",
      "a\u0000b",
      "\t\n\r",
      "😀🙏🏽👩‍👩‍👧",
      "\u202Eevil\u202C",
      "שלום עליכם",
      "مرحبا",
      "\uD800",
      "\uFEFF",
      "<script>alert(1)</script>",
      "' OR 1=1 --",
      "%",
      "_",
      "\\",
      "DELETE",
      "admin",
      "true",
      "1",
      "-1",
      "1e308",
      "NaN",
      "2025-13-45",
      "javascript:alert(1)",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "$15",
      "new",
      "teacher",
      "active",
      {},
      [],
      [null],
      [""],
      { $ne: 1 },
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  {
    weight: 1,
    arbitrary: fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxLength: 30 }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Raw bodies that are not JSON at all, or JSON that tries to reach the prototype. */
const RAW_BODIES = [
  "",
  "{",
  "nul",
  "[1,2",
  '{"a":1}garbage',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  "\u0000",
  '"just a string"',
  "123",
  "null",
];

type Body = { kind: "json"; value: unknown } | { kind: "raw"; value: string } | { kind: "none" };

/** Text a form could send that is still hostile: NUL, bidi overrides, emoji, markup, lone surrogates. */
const nastyText = fc.oneof(
  // Control characters: a database, a form encoder or a log line may each choke on a different one.
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "a\u0000b",
      "\u0000",
      "Ruth\u0000",
      "x\uD800y",
      "\uDC00",
      "\u0007\u001b[31m\u007f",
    ),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "Shalom 😀🙏🏽 👩‍👩‍👧",
      "\u202Eevil\u202C text",
      "שלום עליכם",
      "مرحبا بكم",
      "  padded  ",
      "<script>alert(1)</script>",
      "<b onmouseover=alert(1)>x</b>",
      "100% _true_ \\ path",
      "\uFEFFbom",
      "line\r\nbreak",
      "'; drop table users; --",
      "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
      "e\u0301\u0301\u0301",
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom("x".repeat(5001), "😀".repeat(2001), "ש".repeat(10_001)) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }) },
);

/** A value of the same kind as the valid one, made hostile. */
function hostileLike(valid: unknown): fc.Arbitrary<unknown> {
  if (typeof valid === "string") return nastyText;
  if (Array.isArray(valid)) return fc.array(nastyText, { minLength: 1, maxLength: 12 });
  if (typeof valid === "number") {
    return fc.oneof(
      fc.constantFrom(-1, 0, 0.5, 1.005, 99.999, 1e308, -1e308, 5e-324, 2147483648, 9007199254740992),
      fc.double({ noNaN: true }),
      fc.integer(),
    );
  }
  return weirdValue;
}

function bodyArbitrary(valid: Record<string, unknown>): fc.Arbitrary<Body> {
  const keys = Object.keys(valid);
  const json = (value: unknown): Body => ({ kind: "json", value });
  // One field made hostile while the rest stays valid: this is what reaches the code behind the schema.
  const oneField = keys.length
    ? fc
        .constantFrom(...keys)
        .chain((key) => hostileLike(valid[key]).map((value) => json({ ...valid, [key]: value })))
    : nastyText.map((value) => json({ content: value }));
  const mutated = fc
    .record({
      changes: fc.array(
        fc.record({
          key: keys.length ? fc.constantFrom(...keys) : fc.constant("content"),
          action: fc.constantFrom("replace", "remove"),
          value: weirdValue,
        }),
        { minLength: 1, maxLength: 3 },
      ),
      extra: fc.option(fc.dictionary(fc.string({ maxLength: 12 }), weirdValue, { maxKeys: 3 }), {
        nil: undefined,
      }),
    })
    .map(({ changes, extra }) => {
      const body: Record<string, unknown> = { ...valid, ...extra };
      for (const c of changes) {
        if (c.action === "remove") delete body[c.key];
        else body[c.key] = c.value;
      }
      return json(body);
    });
  return fc.oneof(
    { weight: 6, arbitrary: oneField },
    { weight: 4, arbitrary: mutated },
    { weight: 1, arbitrary: fc.constant(json(valid)) },
    { weight: 2, arbitrary: weirdValue.map(json) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 20 }), weirdValue).map(json) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((value): Body => ({ kind: "raw", value })) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: "none" }) },
  );
}

/** Every UTF-8 byte as %XX: a lone surrogate goes out as the bytes Node makes of it, not an exception. */
const percentEncode = (text: string) =>
  [...Buffer.from(text, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");

const cookieOf = (client: TestClient) => [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");

async function send(client: TestClient, method: string, url: string, body: Body) {
  const payload =
    body.kind === "json" ? JSON.stringify(body.value) : body.kind === "raw" ? body.value : undefined;
  const res = await t.app.inject({
    method: method as "POST",
    url,
    payload,
    headers: {
      ...(payload !== undefined && { "content-type": "application/json" }),
      origin: t.config.publicOrigin,
      cookie: cookieOf(client),
    },
  });
  for (const c of res.cookies) {
    if (c.value === "" || (c.expires && c.expires.getTime() < Date.now())) client.jar.delete(c.name);
    else client.jar.set(c.name, c.value);
  }
  return res;
}

/** A random body may be valid and sign the client in as someone else, or delete her account. */
async function keepSignedIn(actor: "member" | "admin") {
  const who = actor === "admin" ? admin : member;
  const me = await who.client.call(authEndpoints.user);
  if (me.status === 200 && me.body.isAdmin === (actor === "admin")) return;
  if (actor === "admin") {
    const res = await admin.client.call(authEndpoints.login, {
      body: { email: TEST_ADMIN_EMAIL, password: TEST_PASSWORD },
    });
    expect(res.status, "the administrator could not sign in again").toBe(200);
  } else {
    member = await t.member({ firstName: "Fuzz", lastName: "Member" });
  }
}

function describeFailure(res: LightMyRequestResponse) {
  return `${res.statusCode} ${res.headers["content-type"]} ${res.body.slice(0, 200)}`;
}

/** Values every field is tried with once per run, so known classes of bug are never left to chance. */
const EDGE_VALUES: unknown[] = [
  "a\u0000b",
  "x\uD800y",
  "",
  "   ",
  "x".repeat(10_001),
  "<script>alert(1)</script>",
  -1,
  0,
  0.5,
  2147483648,
  1e308,
  null,
  true,
  [],
  ["a\u0000b"],
  ["x\uD800y"],
  [1e308],
  {},
];

/** Each field of the valid body replaced by each edge value in turn, the rest left valid. */
function sweep(key: string): Body[] {
  const keys = Object.keys(validBody(key));
  return (keys.length ? keys : ["content"]).flatMap((field) =>
    // A fresh valid body each time: an account created by one case must not make the next one a conflict.
    EDGE_VALUES.map((value): Body => ({ kind: "json", value: { ...validBody(key), [field]: value } })),
  );
}

/** 4xx answers follow the one error contract: JSON with a string message. */
function isJsonMessage(res: LightMyRequestResponse) {
  if (!String(res.headers["content-type"]).includes("application/json")) return false;
  try {
    return typeof messageOf(res.json()) === "string";
  } catch {
    return false;
  }
}

/** One example of each kind of failure per route, so a broken route does not bury the others. */
function summarise(failures: Array<{ key: string; kind: string; detail: string }>) {
  const first = new Map<string, string>();
  for (const f of failures) if (!first.has(`${f.kind} ${f.key}`)) first.set(`${f.kind} ${f.key}`, f.detail);
  return [...first].map(([what, detail]) => `${what}\n    ${detail}`);
}

describe("random input on every write route", () => {
  it("never answers 5xx, answers every 4xx with a JSON message, and changes no rows when it refuses", async () => {
    const list = writeRoutes();
    expect(list.length).toBeGreaterThan(30);
    const failures: Array<{ key: string; kind: string; detail: string }> = [];
    let cases = 0;
    let accepted = 0;
    let serverErrors = 0;
    let changedByRejection = 0;
    let counts = await rowCounts();

    for (const route of list) {
      const key = keyOf(route);
      const params = route.url.match(/:\w+/g) ?? [];
      const isAdminRoute = route.url.startsWith("/api/admin/");
      // Signing in, editing or deleting her own profile could take the administrator's rights away.
      const adminMayCall = !/^\/api\/(profile|auth)\b/.test(route.url);
      const samples = fc.sample(
        fc.tuple(
          fc.array(pathSegment, { minLength: params.length, maxLength: params.length }),
          bodyArbitrary(validBody(key)),
          fc.integer({ min: 0, max: 99 }),
        ),
        CASES_PER_ROUTE,
      );
      const sweepDice = isAdminRoute ? 0 : 99;
      const swept = sweep(key).map((body) => [params.map(() => "1"), body, sweepDice] as const);
      for (const [segments, body, dice] of [...swept, ...samples]) {
        const actor = adminMayCall && dice < (isAdminRoute ? 80 : 25) ? "admin" : "member";
        const url = params.reduce((u, p, i) => u.replace(p, segments[i]!), route.url);
        const res = await send(actor === "admin" ? admin.client : member.client, route.method, url, body);
        cases += 1;
        const detail = `${route.method} ${url} as ${actor}, body ${JSON.stringify(body).slice(0, 200)} -> ${describeFailure(res)}`;
        if (res.statusCode < 300) {
          accepted += 1;
          await keepSignedIn(actor);
          counts = await rowCounts();
          continue;
        }
        if (res.statusCode >= 500) {
          serverErrors += 1;
          failures.push({ key, kind: "5xx", detail });
        } else if (res.statusCode >= 400 && !isJsonMessage(res)) {
          failures.push({ key, kind: "4xx without a JSON message", detail });
        }
        const after = await rowCounts();
        if (JSON.stringify(after) !== JSON.stringify(counts)) {
          changedByRejection += 1;
          const changed = Object.keys(after).filter((k) => after[k] !== counts[k]);
          failures.push({ key, kind: `refused but changed rows (${changed.join(", ")})`, detail });
        }
        counts = after;
      }
    }

    expect(summarise(failures)).toEqual([]);
    expect(serverErrors).toBe(0);
    expect(changedByRejection).toBe(0);
    recordFigures("Fuzzing", {
      "routes fuzzed": list.length,
      cases,
      "cases a route accepted (2xx)": accepted,
      "5xx answers": serverErrors,
      "rejected requests that changed rows": changedByRejection,
    });
  }, 240_000);

  it("answers 413 with a message to a body over the limit on every write route", async () => {
    const list = writeRoutes();
    // Routes for a group's administrators are refused (404) before the body is read unless she is
    // one: she starts a group of her own (the fuzzing above may have closed the first).
    const ownGroup = await startGroup(member, {
      name: "Evening Psalms",
      description: "Reading a psalm together every evening.",
      category: "study",
    });
    // Likewise a local group's leader: she starts one of her own.
    const ownLocalGroup = await member.client.call(localGroupsEndpoints.create, {
      body: {
        name: "Riverside Prayer",
        description: "Prayer by the river on Saturdays.",
        meetingType: "Prayer Group",
        location: "Riverside",
      },
    });
    expect(ownLocalGroup.status).toBe(201);
    const before = await rowCounts();
    for (const route of list) {
      const key = keyOf(route);
      const limit = LARGER_BODY_LIMITS[key] ?? BODY_LIMIT;
      const url = route.url
        .replace(/^\/api\/cultivation-groups\/:id/, `/api/cultivation-groups/${ownGroup.id}`)
        .replace(/^\/api\/local-groups\/:id/, `/api/local-groups/${ownLocalGroup.body.id}`)
        .replace(/:\w+/g, "1");
      const body: Body = { kind: "json", value: { content: "x".repeat(limit) } };
      // Who is asking is decided first: a member on an administrator's (or the intercessors') route
      // hears 403 whatever the size.
      const caller = /^\/api\/(admin|intercessors)\//.test(route.url) ? admin : member;
      const res = await send(caller.client, route.method, url, body);
      expect(res.statusCode, `${key}: ${describeFailure(res)}`).toBe(413);
      expect(res.json(), key).toEqual({ message: "The request is too large." });
    }
    expect(await rowCounts()).toEqual(before);
    recordFigures("Fuzzing", { "write routes answering 413 over the body limit": list.length });
  });
});

/** Query parameters the API reads somewhere, so random values reach real filters and cursors. */
const QUERY_KEYS = [
  "search",
  "tag",
  "limit",
  "before",
  "cursor",
  "articleId",
  "status",
  "series",
  "category",
  "meetingType",
  "answered",
  "highlights",
  "size",
  "returnTo",
];

describe("random query strings on every read route", () => {
  it("never answers 5xx and answers every 4xx with a JSON message", async () => {
    // Signing out would only end the session the other cases need; it reads nothing.
    const list = t.app.routeList.filter(
      (r) => r.method === "GET" && r.url.startsWith("/api/") && r.url !== authEndpoints.logout.path,
    );
    const failures: Array<{ key: string; kind: string; detail: string }> = [];
    const value = fc.oneof(
      nastyText,
      pathSegment,
      weirdValue.map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""))),
    );
    let cases = 0;
    for (const route of list) {
      const params = route.url.match(/:\w+/g) ?? [];
      const samples = fc.sample(
        fc.tuple(
          fc.array(pathSegment, { minLength: params.length, maxLength: params.length }),
          fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), value), { minLength: 1, maxLength: 4 }),
        ),
        QUERY_CASES_PER_ROUTE,
      );
      const swept = QUERY_KEYS.flatMap((k) =>
        ["a\u0000b", "x\uD800y"].map(
          (v) => [params.map(() => "1"), [[k, v]]] as [string[], [string, string][]],
        ),
      );
      for (const [segments, query] of [...swept, ...samples]) {
        const path = params.reduce((u, p, i) => u.replace(p, segments[i]!), route.url);
        const url = `${path}?${query.map(([k, v]) => `${k}=${percentEncode(v)}`).join("&")}`;
        const res = await send(member.client, "GET", url, { kind: "none" });
        cases += 1;
        const detail = `GET ${url.slice(0, 300)} -> ${describeFailure(res)}`;
        if (res.statusCode >= 500) failures.push({ key: keyOf(route), kind: "5xx", detail });
        else if (res.statusCode >= 400 && !isJsonMessage(res)) {
          failures.push({ key: keyOf(route), kind: "4xx without a JSON message", detail });
        }
      }
      await keepSignedIn("member");
    }
    expect(summarise(failures)).toEqual([]);
    recordFigures("Fuzzing", { "read routes fuzzed with query strings": list.length, "query cases": cases });
  }, 120_000);
});
