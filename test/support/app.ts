import { randomBytes } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Logger } from "pino";
import { afterAll, beforeAll, expect } from "vitest";
import { authEndpoints } from "../../src/core/auth/endpoints";
import type { Endpoint } from "../../src/core/contract";
import { buildApp } from "../../src/server/app";
import { type AppConfig, loadConfig } from "../../src/server/config";
import { type Database, openDatabase } from "../../src/server/db/client";
import { invalidateSharedCaches } from "../../src/server/http/shared-cache";
import { startWorker } from "../../src/server/jobs/worker";
import type { OutgoingMail } from "../../src/server/mail/transport";
import { type CallArgs, type Reply, sent } from "./calls";
import { freshDatabase } from "./fresh";
import { linkIn, tokenOf } from "./mailbox";

export { type CallParts, invalid, messageOf, type Reply, succeeded, urlFor } from "./calls";

export const TEST_ADMIN_EMAIL = "owner@example.test";
export const TEST_PASSWORD = "correct horse battery";

export interface Answer<T> {
  /** What was requested: `GET /api/videos?limit=2`. */
  request: string;
  status: number;
  body: T;
  headers: LightMyRequestResponse["headers"];
  cookies: LightMyRequestResponse["cookies"];
}

/** A browser stand-in: keeps its cookies and sends the site's Origin on state-changing calls. */
export class TestClient {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly origin: string,
  ) {}

  /** Sends anything to any URL: for what no declaration covers (pages, unknown routes, junk). */
  async request(
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<unknown>> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    // Tests write rows directly between requests; let the session cache hear of it first, as it
    // would within milliseconds in production.
    await this.app.sessionCache.sync();
    // Shared lists are kept for seconds by design; a test that just wrote rows expects to see them.
    invalidateSharedCaches(this.app.db);
    const res = await this.app.inject({
      method,
      url,
      payload: body === undefined ? undefined : JSON.stringify(body),
      headers: {
        ...(body !== undefined && { "content-type": "application/json" }),
        ...(method !== "GET" && { origin: this.origin }),
        // As a browser says of a request from one of the site's own pages.
        "sec-fetch-site": "same-origin",
        ...(cookie && { cookie }),
        ...headers,
      },
    });
    for (const c of res.cookies) {
      if (c.value === "" || (c.expires && c.expires.getTime() < Date.now())) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    let parsed: unknown = res.body;
    if ((res.headers["content-type"] ?? "").toString().includes("application/json") && res.body) {
      parsed = JSON.parse(res.body);
    }
    return {
      request: `${method} ${url}`,
      status: res.statusCode,
      body: parsed,
      headers: res.headers,
      cookies: res.cookies,
    };
  }

  /**
   * Calls an endpoint by its declaration: the URL, method and body come from it, and the answer is
   * typed as the endpoint's success (an error answer's `message` and `errors` are there too).
   */
  async call<E extends Endpoint>(e: E, ...input: CallArgs<E>): Promise<Answer<Reply<E>>> {
    const { url, body, headers } = sent(e, input);
    return (await this.request(e.method, url, body, headers)) as Answer<Reply<E>>;
  }

  /** Any URL, declared or not (an unknown route, a redirect's target); the body is what came back. */
  get = (url: string, headers?: Record<string, string>) => this.request("GET", url, undefined, headers);

  /** A page of the site (not an endpoint): its HTML. */
  async page(path: string, headers?: Record<string, string>): Promise<Answer<string>> {
    const res = await this.get(path, headers);
    if (typeof res.body !== "string") throw new Error(`${path} answered ${res.status} without a page`);
    return { ...res, body: res.body };
  }
}

export interface Member {
  client: TestClient;
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  visitor(): TestClient;
  /** Registers a new member (unique e-mail) and returns her signed-in client. */
  member(overrides?: Partial<{ email: string; firstName: string; lastName: string }>): Promise<Member>;
  /** A member whose e-mail is in ADMIN_EMAILS, verified through the link mailed to her. */
  admin(): Promise<Member>;
  /** Mails waiting on the job queue for this address, oldest first (what the worker would send). */
  queuedMails(to: string): Promise<OutgoingMail[]>;
  /** Confirms her address with the link in the latest verification mail queued for her. */
  verify(member: Member): Promise<void>;
  close(): Promise<void>;
}

export interface ContextOptions {
  /** Run the job queue's worker in this context (mail reaches SMTP_URL). */
  jobs?: boolean;
  /** The app's logger (tests that read the log); none by default. */
  logger?: Logger;
}

let sequence = 0;

/** A fresh database copied from the migrated template, and the whole app built on it. */
export async function createTestContext(
  env: Record<string, string> = {},
  options: ContextOptions = {},
): Promise<TestContext> {
  const created = await freshDatabase();
  const config = loadConfig({
    DATABASE_URL: created.url,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    ADMIN_EMAILS: TEST_ADMIN_EMAIL,
    AUTH_RATE_LIMIT: "1000",
    WRITE_RATE_LIMIT: "1000",
    // Members made for a test share far more than a new member may on her first day;
    // test/api/new-member-limits.test.ts sets the limits it tests.
    NEW_MEMBER_PRAYER_LIMIT: "1000",
    NEW_MEMBER_POST_LIMIT: "1000",
    LOG_LEVEL: "silent",
    // Tests reach no host beyond this machine: a port nothing listens on, so thumbnails are the
    // placeholder (test/api/thumbnails.test.ts serves real stills from a stand-in).
    YOUTUBE_IMAGE_ORIGIN: "http://127.0.0.1:9",
    ...(!env.SMTP_URL && { MAIL_TRANSPORT: "log" }),
    ...env,
  });
  const database = openDatabase(created.url, { max: 5 });
  const app = await buildApp({ config, database, logger: options.logger ?? false });
  await app.ready();
  const worker = options.jobs ? await startWorker(app) : undefined;

  const visitor = () => new TestClient(app, config.publicOrigin);
  const member: TestContext["member"] = async (overrides = {}) => {
    sequence += 1;
    const firstName = overrides.firstName ?? `Member${sequence}`;
    const lastName = overrides.lastName ?? "Tester";
    const email = overrides.email ?? `member${sequence}-${randomBytes(3).toString("hex")}@example.test`;
    const client = visitor();
    const res = await client.call(authEndpoints.register, {
      body: { email, password: TEST_PASSWORD, firstName, lastName },
    });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { client, id: res.body.id, email, firstName, lastName };
  };

  const queuedMails = async (to: string) => {
    const { rows } = await database.pool.query<{ payload: OutgoingMail }>(
      // The engine's own table: its public view leaves the payload out.
      `select j.payload from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id
       where t.identifier = 'send-mail' and lower(j.payload->>'to') = lower($1) order by j.id`,
      [to],
    );
    return rows.map((r) => r.payload);
  };
  const verify = async (who: Member) => {
    const mails = await queuedMails(who.email);
    const last = mails.findLast((m) => m.text.includes("/verify-email?token="));
    if (!last) throw new Error(`no verification mail queued for ${who.email}`);
    const res = await who.client.call(authEndpoints.verifyEmail, {
      body: { token: tokenOf(linkIn(last.text, "verify-email")) },
    });
    if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${JSON.stringify(res.body)}`);
  };

  return {
    app,
    database,
    config,
    visitor,
    member,
    async admin() {
      const owner = await member({ email: TEST_ADMIN_EMAIL, firstName: "Owner", lastName: "Admin" });
      await verify(owner);
      return owner;
    },
    queuedMails,
    verify,
    async close() {
      await worker?.stop();
      await app.close();
      await database.close();
      await created.drop();
    },
  };
}

/**
 * The test file's own context: made fresh before its tests and closed after them. Use it at the top
 * of a file; it is there to use inside tests, not while the file is being read.
 */
export function contextForFile(env: Record<string, string> = {}): TestContext {
  let context: TestContext | undefined;
  beforeAll(async () => {
    context = await createTestContext(env);
  });
  afterAll(() => context?.close());
  return new Proxy({} as TestContext, {
    get(_, key) {
      if (!context) throw new Error("The test context is made before the file's tests: use it inside them.");
      return Reflect.get(context, key);
    },
  });
}

/** A fresh context and its site administrator (the owner address, verified). */
export async function contextWithAdmin(env: Record<string, string> = {}) {
  const t = await createTestContext(env);
  return { t, admin: await t.admin() };
}

/** A fresh context, its site administrator, then one member (named by `member`). */
export async function contextWithAdminAndMember(member: Parameters<TestContext["member"]>[0] = {}) {
  const { t, admin } = await contextWithAdmin();
  return { t, admin, member: await t.member(member) };
}

/** The server refused her with that status, and the message she reads when one is named. */
export function expectRefused(
  res: { status: number; body: { message?: string } },
  status: number,
  message?: string,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  if (message !== undefined) expect(res.body.message).toBe(message);
}

/**
 * In a context where members may write twice a minute (WRITE_RATE_LIMIT=2), the write `prepare`
 * sets up goes through twice and the third hears 429 with a message.
 */
export async function expectWriteLimit(
  prepare: (limited: TestContext) => Promise<() => Promise<{ status: number; body: { message?: string } }>>,
) {
  const limited = await createTestContext({ WRITE_RATE_LIMIT: "2" });
  try {
    const write = await prepare(limited);
    expect((await write()).status).toBe(201);
    expect((await write()).status).toBe(201);
    const third = await write();
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(/Too many requests/);
  } finally {
    await limited.close();
  }
}
