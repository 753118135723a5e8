import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlesEndpoints } from "../../src/core/articles/endpoints";
import { authEndpoints } from "../../src/core/auth/endpoints";
import { coursesEndpoints } from "../../src/core/courses/endpoints";
import { discipleshipEndpoints } from "../../src/core/discipleship/endpoints";
import { eventsEndpoints } from "../../src/core/events/endpoints";
import { groupsEndpoints } from "../../src/core/groups/endpoints";
import { liveEndpoints } from "../../src/core/live/endpoints";
import { moderationEndpoints } from "../../src/core/moderation/endpoints";
import { notesEndpoints } from "../../src/core/notes/endpoints";
import { paymentsEndpoints } from "../../src/core/payments/endpoints";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { type ApiDocument, referenceEndpoints } from "../../src/core/reference/endpoints";
import { videosEndpoints } from "../../src/core/videos/endpoints";
import {
  type Member,
  messageOf,
  succeeded,
  TEST_ADMIN_EMAIL,
  TEST_PASSWORD,
  TestClient,
  type TestContext,
} from "../support/app";
import { startGroup, startLocalGroup } from "../support/content";
import { type ContextWithDependencies, createContextWithDependencies } from "../support/dependencies";
import { recordFigures } from "../support/figures";

const WRITE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);
const BODY_LIMIT = 100 * 1024;
/** Routes that take bigger bodies than the app's default, and their own limit. */
const LARGER_BODY_LIMITS: Record<string, number> = { "POST /api/stripe/webhook": 1024 * 1024 };
// Each field is also walked value by value below (every parameter of the API document).
const CASES_PER_ROUTE = 50;
const QUERY_CASES_PER_ROUTE = 16;

let env: ContextWithDependencies;
let t: TestContext;
let member: Member;
let admin: Member;
let registrants = 0;

/** Write routes, deletions last: they would take away the rows the other routes are fuzzed against. */
const writeRoutes = () =>
  t.app.routeList
    .filter((r) => WRITE_METHODS.has(r.method) && r.url.startsWith("/api/"))
    .sort((a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"));
const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/**
 * Rows inserted and deleted so far in each table of the public schema, kept by a trigger on every
 * table (in this test's database only): one small read after each request instead of counting
 * every table, and a row written then removed by a refused request shows too.
 */
async function rowsWritten(): Promise<Record<string, number>> {
  const { rows } = await t.database.pool.query<{ counts: Record<string, number> }>(
    "select coalesce(json_object_agg(tbl, n), '{}') as counts from fuzz.rows_written",
  );
  return rows[0]!.counts;
}

const fixtures = { videoId: 0, articleId: 0 };

beforeAll(async () => {
  env = await createContextWithDependencies({ WRITE_RATE_LIMIT: "1000000", AUTH_RATE_LIMIT: "1000000" });
  t = env.t;
  const { rows } = await t.database.pool.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  await t.database.pool.query(`
    create schema fuzz;
    create table fuzz.rows_written (tbl text primary key, n int not null);
    create function fuzz.row_written() returns trigger language plpgsql as $$
      begin
        insert into fuzz.rows_written values (tg_table_name, 1)
          on conflict (tbl) do update set n = fuzz.rows_written.n + 1;
        return null;
      end $$;
    ${rows
      // A refused sign-in is counted there on purpose: password guessing slows down per address.
      .filter(({ table_name: n }) => n !== "sign_in_throttles")
      .map(
        ({ table_name: n }) =>
          `create trigger fuzz_row_written after insert or delete on public."${n}" for each row execute function fuzz.row_written();`,
      )
      .join("\n")}
  `);

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
  await startLocalGroup(member, {
    name: "Riverside Sisters",
    description: "A Bible study by the river on Tuesdays.",
    location: "Riverside",
  });
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
    "PUT /api/profile/language": { locale: "en" },
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

/** A request from the client's browser: her cookies, the site's origin, and JSON when it has a body. */
const injectFrom = (client: TestClient, method: string, url: string, payload: string | undefined) =>
  t.app.inject({
    method: method as "POST",
    url,
    payload,
    headers: {
      ...(payload !== undefined && { "content-type": "application/json" }),
      origin: t.config.publicOrigin,
      cookie: cookieOf(client),
    },
  });

async function send(client: TestClient, method: string, url: string, body: Body) {
  const payload =
    body.kind === "json" ? JSON.stringify(body.value) : body.kind === "raw" ? body.value : undefined;
  const res = await injectFrom(client, method, url, payload);
  for (const c of res.cookies) {
    if (c.value === "" || (c.expires && c.expires.getTime() < Date.now())) client.jar.delete(c.name);
    else client.jar.set(c.name, c.value);
  }
  return res;
}

/**
 * A random body may be valid and sign the client in as someone else, sign her out, or delete her
 * account: she signs in again (keeping the groups she leads), or a new member takes her place.
 */
async function keepSignedIn(actor: "member" | "admin") {
  const who = actor === "admin" ? admin : member;
  const me = await who.client.call(authEndpoints.user);
  if (me.status === 200 && me.body.id === who.id && me.body.isAdmin === (actor === "admin")) return;
  const again = await who.client.call(authEndpoints.login, {
    body: { email: actor === "admin" ? TEST_ADMIN_EMAIL : who.email, password: TEST_PASSWORD },
  });
  if (actor === "admin") expect(again.status, "the administrator could not sign in again").toBe(200);
  else if (again.status !== 200) member = await t.member({ firstName: "Fuzz", lastName: "Member" });
}

function describeFailure(res: LightMyRequestResponse) {
  return `${res.statusCode} ${res.headers["content-type"]} ${res.body.slice(0, 200)}`;
}

/**
 * The seed of a route's random cases: the same cases on every run (a failure can be replayed), and a
 * route's own, so adding a route changes no other route's cases.
 */
function seedOf(key: string) {
  let hash = 2_166_136_261;
  for (const c of key) hash = Math.imul(hash ^ c.charCodeAt(0), 16_777_619);
  return hash | 0;
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

/** What the random requests found wrong: answers outside the error contract, refusals that wrote. */
class Findings {
  readonly failures: Array<{ key: string; kind: string; detail: string }> = [];
  serverErrors = 0;
  changedByRejection = 0;
  private counts: Record<string, number> = {};

  /** A 5xx is a failure, and so is a 4xx without the error contract's JSON message. */
  judge(key: string, res: LightMyRequestResponse, detail: string) {
    if (res.statusCode >= 500) {
      this.serverErrors += 1;
      this.failures.push({ key, kind: "5xx", detail });
    } else if (res.statusCode >= 400 && !isJsonMessage(res)) {
      this.failures.push({ key, kind: "4xx without a JSON message", detail });
    }
  }

  /** The rows of every table, counted again: a refused request must have left them as they were. */
  async countRows(refused?: { key: string; detail: string }) {
    const after = await rowsWritten();
    if (refused && JSON.stringify(after) !== JSON.stringify(this.counts)) {
      this.changedByRejection += 1;
      const changed = Object.keys(after).filter((k) => after[k] !== this.counts[k]);
      this.failures.push({ ...refused, kind: `refused but changed rows (${changed.join(", ")})` });
    }
    this.counts = after;
  }

  /** One example of each kind of failure per route, so a broken route does not bury the others. */
  summary() {
    const first = new Map<string, string>();
    for (const f of this.failures)
      if (!first.has(`${f.kind} ${f.key}`)) first.set(`${f.kind} ${f.key}`, f.detail);
    return [...first].map(([what, detail]) => `${what}\n    ${detail}`);
  }
}

describe("random input on every write route", () => {
  it("never answers 5xx, answers every 4xx with a JSON message, and changes no rows when it refuses", async () => {
    const list = writeRoutes();
    expect(list.length).toBeGreaterThan(30);
    const found = new Findings();
    let cases = 0;
    let accepted = 0;
    await found.countRows();

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
        { numRuns: CASES_PER_ROUTE, seed: seedOf(key) },
      );
      for (const [segments, body, dice] of samples) {
        const actor = adminMayCall && dice < (isAdminRoute ? 80 : 25) ? "admin" : "member";
        const url = params.reduce((u, p, i) => u.replace(p, segments[i]!), route.url);
        const res = await send(actor === "admin" ? admin.client : member.client, route.method, url, body);
        cases += 1;
        const detail = `${route.method} ${url} as ${actor}, body ${JSON.stringify(body).slice(0, 200)} -> ${describeFailure(res)}`;
        found.judge(key, res, detail);
        if (res.statusCode < 300) {
          accepted += 1;
          await keepSignedIn(actor);
          await found.countRows();
        } else await found.countRows({ key, detail });
      }
    }

    expect(found.summary()).toEqual([]);
    expect(found.serverErrors).toBe(0);
    expect(found.changedByRejection).toBe(0);
    recordFigures("Fuzzing", {
      "routes fuzzed": list.length,
      cases,
      "cases a route accepted (2xx)": accepted,
      "5xx answers": found.serverErrors,
      "rejected requests that changed rows": found.changedByRejection,
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
    const ownLocalGroup = await startLocalGroup(member, {
      name: "Riverside Prayer",
      description: "Prayer by the river on Saturdays.",
      meetingType: "Prayer Group",
      location: "Riverside",
    });
    const before = await rowsWritten();
    for (const route of list) {
      const key = keyOf(route);
      const limit = LARGER_BODY_LIMITS[key] ?? BODY_LIMIT;
      const url = route.url
        .replace(/^\/api\/cultivation-groups\/:id/, `/api/cultivation-groups/${ownGroup.id}`)
        .replace(/^\/api\/local-groups\/:id/, `/api/local-groups/${ownLocalGroup.id}`)
        .replace(/:\w+/g, "1");
      const body: Body = { kind: "json", value: { content: "x".repeat(limit) } };
      // Who is asking is decided first: a member on an administrator's (or the intercessors') route
      // hears 403 whatever the size.
      const caller = /^\/api\/(admin|intercessors)\//.test(route.url) ? admin : member;
      const res = await send(caller.client, route.method, url, body);
      expect(res.statusCode, `${key}: ${describeFailure(res)}`).toBe(413);
      expect(res.json(), key).toEqual({ message: "The request is too large." });
    }
    expect(await rowsWritten()).toEqual(before);
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
    // Signing out would only end the session the other cases need; it reads nothing. The live
    // stream, once open, never ends: its query is tried in test/api/live.test.ts over a socket.
    const skipped = new Set<string>([authEndpoints.logout.path, liveEndpoints.stream.path]);
    const list = t.app.routeList.filter(
      (r) => r.method === "GET" && r.url.startsWith("/api/") && !skipped.has(r.url),
    );
    const found = new Findings();
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
        { numRuns: QUERY_CASES_PER_ROUTE, seed: seedOf(keyOf(route)) },
      );
      for (const [segments, query] of samples) {
        const path = params.reduce((u, p, i) => u.replace(p, segments[i]!), route.url);
        const url = `${path}?${query.map(([k, v]) => `${k}=${percentEncode(v)}`).join("&")}`;
        const res = await send(member.client, "GET", url, { kind: "none" });
        cases += 1;
        found.judge(keyOf(route), res, `GET ${url.slice(0, 300)} -> ${describeFailure(res)}`);
      }
      await keepSignedIn("member");
    }
    expect(found.summary()).toEqual([]);
    recordFigures("Fuzzing", { "read routes fuzzed with query strings": list.length, "query cases": cases });
  }, 120_000);
});

// --- Every declared parameter, walked from the API document ---------------------------------------

/** The JSON Schema the API document gives a parameter or a body, as far as the walk reads it. */
interface WireSchema {
  type?: string | string[];
  properties?: Record<string, WireSchema>;
  required?: string[];
  items?: WireSchema;
  anyOf?: WireSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  additionalProperties?: WireSchema | boolean;
  propertyNames?: WireSchema;
}

interface WalkedOperation {
  method: string;
  /** Fastify style, as the route list and `validBody` name it: `/api/events/:id`. */
  path: string;
  caller: "visitor" | "member" | "admin";
  pathParams: Array<{ name: string; schema: WireSchema }>;
  query: Array<{ name: string; schema: WireSchema }>;
  body?: WireSchema;
}

const WALK_SEED = 20_260_101;

/** A number JSON can carry but `JSON.stringify` cannot write is sent as its raw token. */
const rawToken = (token: string) => `\u0001raw:${token}\u0001`;
const jsonText = (value: unknown) =>
  value === undefined ? undefined : JSON.stringify(value).replace(/"\\u0001raw:([^\\]+)\\u0001"/g, "$1");

/**
 * Text a client can put in any parameter, class by class: blank, wrong types written as text, values
 * a lenient parser half reads, numbers past every limit, odd Unicode, injection and markup, and length.
 * Every parameter is tried with each value of `always`; the others are dealt out in turn, a few to each
 * parameter, so each of them reaches dozens of parameters while a run stays short.
 */
const HOSTILE_TEXT = {
  always: [
    "",
    " ",
    "abc",
    "12abc",
    "1e999",
    "2026-13-45",
    "-1",
    "2147483648",
    "99999999999999999999",
    "\uD800",
    "\u202Eevil\u202C",
    "a\u200Bb",
    "a\u0000b",
    "line\nbreak",
    "' OR 1=1 --",
    "sleep(7)#1",
    "<script>alert(1)</script>",
    "../../../etc/passwd",
    "x".repeat(10_001),
  ],
  dealt: [
    "\t",
    "null",
    "true",
    "[]",
    "{}",
    "0x1F",
    "1.5",
    "0",
    " 7 ",
    "1,000",
    "Infinity",
    "NaN",
    "2026-02-30T10:00:00Z",
    "2026-01-01T24:00:00Z",
    "2026-01-01T10:00:00+25:00",
    "0000-01-01T00:00:00Z",
    "9999-12-31T23:59:59.999999999Z",
    "9007199254740993",
    "x\uDC00y",
    "\uFEFF1",
    "\u0085\u009b",
    "١٢٣",
    "😀🙏🏽",
    "1; select pg_sleep(7)--",
    // A template's placeholder, spelt so no linter takes it for one of ours.
    "\u0024{7*7}{{7*7}}",
  ],
};

/** Bytes no encoder writes, for paths and query strings: malformed escapes and invalid UTF-8. */
const RAW_ESCAPES = { always: ["%ED%A0%80"], dealt: ["%", "%ZZ", "%FF%FE", "%C0%AE%C0%AE%2F"] };

/** What a JSON body adds: other types, numbers at and past the edges, and structures. */
const HOSTILE_JSON = {
  always: [null, true, 0, 1.5, 1e308, rawToken("1e999"), {}, [], ["x"]] as unknown[],
  dealt: [
    -1,
    2147483648,
    ...["-1e999", "9007199254740993", "1.0000000000000000001", "-0"].map(rawToken),
    [null],
    { $ne: 1 },
  ] as unknown[],
};

/** The values the `n`th parameter walked is tried with: every `always`, and `count` of `dealt` in turn. */
function dealt<T>(values: { always: T[]; dealt: T[] }, n: number, count: number): T[] {
  const from = (n * count) % values.dealt.length;
  return [
    ...values.always,
    ...Array.from({ length: count }, (_, i) => values.dealt[(from + i) % values.dealt.length]!),
  ];
}

/** The non-null schema of a field that may be null (`anyOf: [x, null]`, `type: [x, "null"]`). */
function nonNull(schema: WireSchema): WireSchema {
  if (schema.anyOf) return nonNull(schema.anyOf.find((s) => s.type !== "null") ?? schema.anyOf[0]!);
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.find((t) => t !== "null") };
  return schema;
}

/** Valid-looking values for fields whose type alone says too little. */
const NAMED_TEXT: Record<string, string> = {
  timeZone: "Europe/London",
  youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  onlineUrl: "https://meet.example.test/psalms",
  courseUrl: "https://courses.example.test/foundations",
  endpoint: "https://fcm.googleapis.com/fcm/send/walk",
  email: "walker@example.test",
  returnTo: "/community",
  youtubeId: "dQw4w9WgXcQ",
};

/**
 * A value the schema accepts, the same on every run: dates an hour apart in the order they are made
 * (a start before its end), text matching a pattern drawn with a fixed seed.
 */
function exampleOf(schema: WireSchema, name: string, clock: { hours: number }): unknown {
  const s = nonNull(schema);
  if ("const" in s) return s.const;
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case "string": {
      if (NAMED_TEXT[name]) return NAMED_TEXT[name];
      if (s.format === "date-time")
        return new Date(Date.UTC(2031, 0, 6, 10) + clock.hours++ * 3_600_000).toISOString();
      const text = "A walk through every field"
        .repeat(Math.ceil((s.minLength ?? 0) / 26) || 1)
        .slice(0, s.maxLength ?? Number.POSITIVE_INFINITY);
      if (!s.pattern || new RegExp(s.pattern).test(text)) return text;
      const [sample] = fc.sample(fc.stringMatching(new RegExp(s.pattern)), { seed: WALK_SEED, numRuns: 1 });
      return sample;
    }
    case "integer":
    case "number":
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case "boolean":
      return false;
    case "array":
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () =>
        exampleOf(s.items ?? { type: "string" }, name, clock),
      );
    case "object":
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, property]) => [key, exampleOf(property, key, clock)]),
      );
    default:
      return null;
  }
}

type FieldPath = Array<string | number>;

/** Every field of a body, nested ones, an array's item and a keyed record's entry included. */
function fieldsOf(schema: WireSchema, at: FieldPath = []): FieldPath[] {
  const s = nonNull(schema);
  const fields: FieldPath[] = [];
  for (const [key, property] of Object.entries(s.properties ?? {})) {
    fields.push([...at, key]);
    fields.push(...fieldsOf(property, [...at, key]));
  }
  if (s.type === "array" && s.items) {
    fields.push([...at, 0]);
    fields.push(...fieldsOf(s.items, [...at, 0]));
  }
  const key = s.propertyNames?.enum?.[0];
  if (typeof key === "string" && typeof s.additionalProperties === "object") fields.push([...at, key]);
  return fields;
}

function withField(body: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...FieldPath];
  if (typeof head === "number") {
    const list: unknown[] = Array.isArray(body) ? [...body] : [];
    list[head] = withField(list[head], rest, value);
    return list;
  }
  const object: Record<string, unknown> =
    body !== null && typeof body === "object" && !Array.isArray(body) ? { ...body } : {};
  object[head] = withField(object[head], rest, value);
  return object;
}

/** The API document's operations, as the walk needs them. */
function operationsOf(document: ApiDocument): WalkedOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const parameters = op.parameters.map((p) => ({ ...p, schema: p.schema as WireSchema }));
      return {
        method: method.toUpperCase(),
        path: path.replace(/\{(\w+)\}/g, ":$1"),
        caller: op["x-caller"],
        pathParams: parameters.filter((p) => p.in === "path"),
        query: parameters.filter((p) => p.in === "query"),
        body: op.requestBody?.content["application/json"]?.schema as WireSchema | undefined,
      };
    }),
  );
}

type WalkActor = "visitor" | "member" | "admin" | "suspended";
const PAST_ACCESS: Record<WalkedOperation["caller"], WalkActor[]> = {
  visitor: ["visitor", "suspended", "member", "admin"],
  member: ["member", "admin"],
  admin: ["admin"],
};
const ALL_ACTORS: WalkActor[] = ["visitor", "suspended", "member", "admin"];

interface WalkCase {
  /** What was made hostile: `query from`, `body keys.p256dh`, `path id`, or `none`. */
  field: string;
  segments: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

describe("every parameter the API document declares", () => {
  /** Rows the walk's path ids name: hers where a route is for an owner or a leader. */
  const ids = {
    video: 0,
    course: 0,
    article: 0,
    note: 0,
    prayer: 0,
    group: 0,
    groupRequest: 0,
    localGroup: 0,
    event: 0,
    neighbour: 0,
  };
  let suspendedJar: Map<string, string>;
  let signInTarget: string;
  /** Parameters walked so far: which of the dealt values each gets. */
  let walked = 0;

  beforeAll(async () => {
    await keepSignedIn("member");
    await keepSignedIn("admin");
    const neighbour = await t.member({ firstName: "Walk", lastName: "Neighbour" });
    signInTarget = (await t.member({ firstName: "Walk", lastName: "Signing In" })).email;
    ids.neighbour = neighbour.id;
    const video = {
      title: "Psalms of Ascent",
      description: "Songs for the road up to Jerusalem.",
      youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    };
    ids.video = (await succeeded(admin.client.call(videosEndpoints.adminCreate, { body: video }))).id;
    const course = { title: "Walking Together", description: "A course on walking in the faith." };
    ids.course = (
      await succeeded(
        admin.client.call(coursesEndpoints.adminCreate, { body: { ...course, status: "active" } }),
      )
    ).id;
    ids.article = fixtures.articleId;
    ids.note = (
      await succeeded(
        member.client.call(notesEndpoints.create, { body: { videoId: ids.video, content: "A note" } }),
      )
    ).id;
    ids.prayer = (
      await succeeded(member.client.call(prayerEndpoints.share, { body: { content: "Pray for our walk" } }))
    ).id;
    ids.group = (
      await startGroup(member, {
        name: "Psalms at Noon",
        description: "Reading a psalm together at midday.",
        category: "study",
      })
    ).id;
    await succeeded(neighbour.client.call(groupsEndpoints.join, { params: { id: ids.group }, body: {} }));
    const requests = await succeeded(
      member.client.call(groupsEndpoints.requests, { params: { id: ids.group } }),
    );
    ids.groupRequest = requests[0]!.id;
    ids.localGroup = (
      await startLocalGroup(member, {
        name: "Hillside Sisters",
        description: "Prayer on the hill on Thursdays.",
        meetingType: "Prayer Group",
        location: "Hillside",
      })
    ).id;
    ids.event = (
      await succeeded(
        member.client.call(eventsEndpoints.create, {
          body: {
            title: "Psalms at Noon, together",
            startsAt: "2031-01-06T12:00:00Z",
            endsAt: "2031-01-06T13:00:00Z",
            timeZone: "Europe/London",
            repeat: "weekly",
            repeatUntil: "2031-03-06T12:00:00Z",
            groupId: ids.group,
          },
        }),
      )
    ).id;
    // A member suspended by an administrator: her session ended, her cookie still sent.
    const suspended = await t.member({ firstName: "Walk", lastName: "Suspended" });
    suspendedJar = new Map(suspended.client.jar);
    await succeeded(
      admin.client.call(moderationEndpoints.adminSuspend, {
        params: { id: suspended.id },
        body: { until: "2031-01-01T00:00:00Z", reason: "Walking the API" },
      }),
    );
  });

  /** The path id a route's other cases use: a row the actor may reach through it. */
  function pathBaseline(path: string, name: string, schema: WireSchema): string {
    if (name === "userId") return String(ids.neighbour);
    if (name === "requestId")
      return String(path.startsWith("/api/intercessors") ? ids.prayer : ids.groupRequest);
    if (name !== "id") return String(exampleOf(schema, name, { hours: 0 }));
    const byPrefix: Array<[RegExp, number]> = [
      [/^\/api\/(admin\/)?videos\//, ids.video],
      [/^\/api\/(admin\/)?courses\//, ids.course],
      [/^\/api\/articles\//, ids.article],
      [/^\/api\/video-notes\//, ids.note],
      [/^\/api\/prayer-requests\//, ids.prayer],
      [/^\/api\/cultivation-groups\//, ids.group],
      [/^\/api\/local-groups\//, ids.localGroup],
      [/^\/api\/events\//, ids.event],
      [/^\/api\/admin\/users\//, ids.neighbour],
    ];
    const match = byPrefix.find(([prefix]) => prefix.test(path));
    return match ? String(match[1]) : String(exampleOf(schema, name, { hours: 0 }));
  }

  /** A valid request, then the same with one parameter or field made hostile, value by value. */
  function casesOf(op: WalkedOperation): WalkCase[] {
    const key = `${op.method} ${op.path}`;
    const segments = Object.fromEntries(
      op.pathParams.map((p) => [p.name, pathBaseline(op.path, p.name, p.schema)]),
    );
    const clock = { hours: 0 };
    const query = Object.fromEntries(
      op.query.map((p) => [p.name, String(exampleOf(p.schema, p.name, clock))] as const),
    );
    const body = () => {
      if (!op.body) return undefined;
      // Wrong passwords slow down sign-in at an address: they are tried at one no actor uses.
      if (key === "POST /api/auth/login") return { email: signInTarget, password: TEST_PASSWORD };
      // A repeating event in her group: the rules between its dates run for every value.
      const repeating = {
        startsAt: "2031-01-13T12:00:00Z",
        endsAt: "2031-01-13T13:00:00Z",
        repeat: "weekly",
        repeatUntil: "2031-03-13T12:00:00Z",
      };
      if (key === "POST /api/events") {
        return { ...repeating, title: "Psalms", timeZone: "Europe/London", capacity: 20, groupId: ids.group };
      }
      if (key === "PATCH /api/events/:id") return { ...repeating, title: "Psalms, moved" };
      const known = validBody(key);
      return Object.keys(known).length ? known : exampleOf(op.body, "", { hours: 0 });
    };
    const cases: WalkCase[] = [{ field: "none", segments, query, body: body() }];
    const text = () => {
      walked += 1;
      return [...dealt(HOSTILE_TEXT, walked, 3).map(percentEncode), ...dealt(RAW_ESCAPES, walked, 1)];
    };
    for (const p of op.pathParams) {
      for (const value of text()) {
        cases.push({
          field: `path ${p.name}`,
          segments: { ...segments, [p.name]: value },
          query,
          body: body(),
        });
      }
    }
    for (const p of op.query) {
      for (const value of text()) {
        cases.push({
          field: `query ${p.name}`,
          segments,
          query: { ...query, [p.name]: value },
          body: body(),
        });
      }
    }
    if (op.body) {
      for (const field of [...fieldsOf(op.body), []]) {
        walked += 1;
        const values = [...dealt(HOSTILE_TEXT, walked, 3), ...dealt(HOSTILE_JSON, walked, 1)];
        for (const value of values) {
          cases.push({
            field: field.length ? `body ${field.join(".")}` : "body",
            segments,
            query,
            body: withField(body(), field, value),
          });
        }
      }
    }
    return cases;
  }

  function urlOf(op: WalkedOperation, c: WalkCase) {
    const path = op.path.replace(/:(\w+)/g, (_, name: string) => c.segments[name] ?? "");
    const search = Object.entries(c.query)
      .map(([k, v]) => `${k}=${/%/.test(v) ? v : percentEncode(v)}`)
      .join("&");
    return search ? `${path}?${search}` : path;
  }

  async function sendAs(actor: WalkActor, method: string, url: string, body: unknown) {
    const client =
      actor === "member"
        ? member.client
        : actor === "admin"
          ? admin.client
          : new TestClient(t.app, t.config.publicOrigin);
    if (actor === "suspended") for (const [k, v] of suspendedJar) client.jar.set(k, v);
    return injectFrom(client, method, url, body === undefined ? undefined : jsonText(body));
  }

  it("never answers 5xx, answers every 4xx with a JSON message, and changes no rows when it refuses", async () => {
    const document = await succeeded(admin.client.call(referenceEndpoints.openApi));
    // Deletions last, as above; the end of her account, then of her session, last of all.
    const rank = (op: WalkedOperation) =>
      op.path === authEndpoints.logout.path
        ? 3
        : op.path === "/api/profile" && op.method === "DELETE"
          ? 2
          : Number(op.method === "DELETE");
    const operations = operationsOf(document).sort((a, b) => rank(a) - rank(b));
    expect(operations.length).toBe(t.app.routeList.filter((r) => r.url.startsWith("/api/")).length);
    const found = new Findings();
    const byActor: Record<WalkActor, number> = { visitor: 0, suspended: 0, member: 0, admin: 0 };
    const fields = new Set<string>();
    let cases = 0;
    await found.countRows();

    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      const list = casesOf(op);
      const past = PAST_ACCESS[op.caller];
      // Each case goes to one actor the route lets in, in turn; those it refuses try a few cases each.
      const refused = ALL_ACTORS.filter((a) => !past.includes(a));
      const sends: Array<[WalkActor, WalkCase]> = list.map((c, i) => [past[i % past.length]!, c]);
      const sample = [...new Set([0, 1, list.length - 1])].filter((i) => i < list.length);
      for (const actor of refused) for (const i of sample) sends.push([actor, list[i]!]);
      for (const [actor, c] of sends) {
        const url = urlOf(op, c);
        const res = await sendAs(actor, op.method, url, c.body);
        cases += 1;
        byActor[actor] += 1;
        if (c.field !== "none") fields.add(`${key} ${c.field}`);
        const detail = `${op.method} ${url.slice(0, 200)} as ${actor}, ${c.field}, body ${String(jsonText(c.body)).slice(0, 200)} -> ${describeFailure(res)}`;
        found.judge(key, res, detail);
        if (op.method === "GET") continue;
        if (res.statusCode < 300) {
          if (actor === "member" || actor === "admin") await keepSignedIn(actor);
          await found.countRows();
        } else await found.countRows({ key, detail });
      }
    }

    expect(found.summary()).toEqual([]);
    expect(found.serverErrors).toBe(0);
    recordFigures("Fuzzing", {
      "operations walked from the API document": operations.length,
      "parameters and body fields walked": fields.size,
      "walk cases": cases,
      "walk cases by actor": Object.entries(byActor)
        .map(([a, n]) => `${a} ${n}`)
        .join(", "),
      "walk 5xx answers": found.serverErrors,
    });
  }, 240_000);
});
