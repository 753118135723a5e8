import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messageResponse } from "../../core/common-schemas";
import type {
  AcceptedResult,
  BodyOf,
  Endpoint,
  ParamsIn,
  ParamsOf,
  QueryIn,
  QueryOf,
  Result,
} from "../../core/contract";
import { currentLocale } from "../../core/i18n";
import type { SessionUser } from "../auth/sessions";
import { IDEMPOTENCY_HEADER, respondOnce } from "./idempotency";
import { type SharedCache, sharedCache } from "./shared-cache";

/**
 * What a handler is given: the validated inputs, what `derive` worked out for the request, and the
 * request and reply when it needs them.
 */
export interface HandlerContext<E extends Endpoint, D = undefined> {
  /** Who is calling: always someone signed in, unless the endpoint is open to visitors. */
  viewer: E["caller"] extends "visitor" ? SessionUser | null : SessionUser;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** What the endpoint's `derive` gave for this request (undefined without one). */
  derived: D;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler's 202 Accepted, on an endpoint that declares one (`accepted`): made by `accepted()`. */
export class Accepted<T> {
  constructor(readonly body: T) {}
}

/** Answers 202 Accepted with `body` instead of the endpoint's usual success. */
export const accepted = <T>(body: T) => new Accepted(body);

type Returned<E extends Endpoint> =
  | Result<E>
  | FastifyReply
  | ([AcceptedResult<E>] extends [never] ? never : Accepted<AcceptedResult<E>>);

/** Responds to the call; an endpoint without a body to send may simply return. */
export type EndpointHandler<E extends Endpoint, D = undefined> = (
  ctx: HandlerContext<E, D>,
) => Promise<Returned<E>> | Returned<E> | (E["response"] extends null ? Promise<void> : never);

export interface ServeOptions<E extends Endpoint, D = undefined> {
  /**
   * Worked out once per request, before the cache is looked at: what both the cache key (`vary`)
   * and the handler need, as `ctx.derived`, so that a cached response is keyed by the very value it was
   * made from (the shared teasers the home page embeds, whether she plays patron teaching). A value
   * given at once keeps a cached response's path free of promises; a promise is awaited once.
   */
  derive?: (ctx: HandlerContext<E>) => PromiseLike<D> | D;
  /**
   * For `cache: "member"`: something else her response depends on, beyond the member and the
   * request (the version of a shared list it embeds, say). For `cache: "shared"`: which of a few
   * responses she is given (cached apart; "" is the plain key).
   */
  vary?: (ctx: HandlerContext<E, D>) => string;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === "function";

/** The responses an endpoint may give besides its success: implied by its caller and inputs. */
export function errorStatuses(e: Endpoint): number[] {
  const statuses = new Set<number>(e.errors ?? []);
  if (e.params || e.query || e.body) statuses.add(400);
  if (e.caller !== "visitor") statuses.add(401);
  if (e.caller === "admin" || e.policy) statuses.add(403);
  if (e.params) statuses.add(404);
  if (e.rateLimit) statuses.add(429);
  // A malformed key, a repeat while the first still runs, the key on another request.
  if (e.idempotent) for (const code of [400, 409, 422]) statuses.add(code);
  return [...statuses].sort();
}

const ordered = (_key: string, v: unknown) =>
  v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
    : v;

/**
 * JSON of a validated value with its keys in order, so equal inputs give equal cache keys. It is
 * made for every cached read: a flat object (what params and queries are) is written directly,
 * without a replacer's call per value.
 */
function stableJson(value: unknown): string {
  if (value === undefined) return "";
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return JSON.stringify(value, ordered);
  }
  const record = value as Record<string, unknown>;
  let out = "";
  for (const key of Object.keys(record).sort()) {
    const v = record[key];
    if (v === undefined) continue;
    if (v !== null && typeof v === "object" && !(v instanceof Date)) return JSON.stringify(value, ordered);
    out += `${out ? "," : ""}${JSON.stringify(key)}:${JSON.stringify(v)}`;
  }
  return `{${out}}`;
}

/** The key under which a shared response to these inputs is cached (`variant`: what `vary` named). */
const sharedKeyOf = (e: Endpoint, params: unknown, query: unknown, variant: string) => {
  const key = `${e.id}|${stableJson(params)}|${stableJson(query)}`;
  return variant ? `${key}|${variant}` : key;
};

/**
 * A shared endpoint's cached response to these inputs, as a request would find it (validated by the
 * endpoint's schemas, under the same key, from the same entry), for code outside a request such as
 * a page's hints. `variant` is what `vary` names for the callers meant; `load` reads it if it is
 * not cached.
 */
export function sharedResponseOf<E extends Endpoint>(
  db: object,
  e: E,
  input: { params?: ParamsIn<E>; query?: QueryIn<E> },
  variant: string,
  load: (inputs: { params: ParamsOf<E>; query: QueryOf<E> }) => Promise<Result<E>>,
) {
  // As a route sees them: only what the endpoint declares, and a path's parameters as an object.
  const params = (e.params ? e.params.parse(input.params ?? {}) : undefined) as ParamsOf<E>;
  const query = (e.query ? e.query.parse(input.query ?? {}) : undefined) as QueryOf<E>;
  return sharedCache<Result<E>>(db, e.id).get(sharedKeyOf(e, params, query, variant), () =>
    load({ params, query }),
  );
}

/**
 * Registers the route an endpoint declares, in a plugin mounted under the endpoint's prefix:
 * access (decided before the body is read: `src/server/auth/access.ts`), the schemas that validate
 * its inputs and encode its response and errors, its rate limit, and its cache. A `stream`
 * endpoint's handler takes the reply (`reply.hijack()`) once it may open, and writes the stream
 * itself; what it throws before that is an ordinary error response.
 */
export function serve<E extends Endpoint, D = undefined>(
  fastify: FastifyInstance,
  e: E,
  handler: EndpointHandler<E, D>,
  options: ServeOptions<E, D> = {},
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  if (!e.path.startsWith(app.prefix)) throw new Error(`${e.id} is not under ${app.prefix}`);
  // Idempotency keys are kept per member.
  if (e.idempotent && e.caller === "visitor") throw new Error(`${e.id} is idempotent, so not a visitor's`);
  // A stream is written by its handler as events come (it takes the reply): nothing keeps or repeats it.
  if (e.stream && ((e.cache && e.cache !== "none") || e.idempotent || e.response))
    throw new Error(`${e.id} streams: no cache, key or body`);
  const status = e.status ?? 200;
  if (e.accepted && (status === 202 || e.cache))
    throw new Error(`${e.id}: a second success is a 202 that is not cached`);
  const response: Record<number, unknown> = {};
  if (e.response) response[status] = e.response;
  if (e.accepted) response[202] = e.accepted;
  for (const code of errorStatuses(e))
    response[code] = code === 403 && e.refusal ? e.refusal : messageResponse;
  const schema: FastifySchema = { response };
  if (e.params) schema.params = e.params;
  if (e.query) schema.querystring = e.query;
  if (e.body) schema.body = e.body;

  const finish = (result: unknown, reply: FastifyReply) => {
    if (result === reply || reply.sent) return reply;
    if (result instanceof Accepted) return reply.status(202).send(result.body);
    if (status !== 200) reply.status(status);
    // Fastify sends what a handler returns, but not `undefined` returned at once: that is sent here.
    return e.response && result !== undefined ? result : reply.send();
  };
  // A handler that returns at once (her own profile, say) is finished without a promise.
  const runHandler = (ctx: HandlerContext<E, D>, reply: FastifyReply) => {
    const result = handler(ctx);
    // Any thenable: a query builder returned as it is runs only when awaited.
    return isThenable(result) ? Promise.resolve(result).then((r) => finish(r, reply)) : finish(result, reply);
  };
  const load = (ctx: HandlerContext<E, D>) => async () => (await handler(ctx)) as Result<E>;
  // The response as it will be sent, to store for a repeat of her Idempotency-Key.
  const encoded = async (ctx: HandlerContext<E, D>, reply: FastifyReply) => {
    const result = await handler(ctx);
    if (result === reply || reply.sent) return undefined;
    const isAccepted = result instanceof Accepted;
    const [code, value] = isAccepted ? [202, result.body] : [status, result];
    reply.status(code);
    // An endpoint whose own success is a 202 (a report) carries its `response`, not `accepted`.
    if (!(isAccepted ? e.accepted : e.response) || value === undefined) return { status: code, body: null };
    const body = reply.serialize(value);
    return {
      status: code,
      body: typeof body === "string" ? body : Buffer.from(body as ArrayBuffer).toString(),
    };
  };
  const idempotent = e.idempotent === true;
  const { derive, vary } = options;
  let shared: SharedCache<Result<E>> | undefined;

  // The request with what was derived for it: from its cached response, or from its handler.
  const respond = (ctx: HandlerContext<E, D>) => {
    const { request, reply } = ctx;
    // A creation without the header runs as any other: one lookup.
    const idempotencyKey = idempotent ? request.headers[IDEMPOTENCY_HEADER] : undefined;
    if (idempotencyKey !== undefined) {
      return respondOnce(app.db, request, reply, idempotencyKey, () => encoded(ctx, reply));
    }
    if (e.cache === "member") {
      const viewer = request.user!;
      // Her language too: what an answer says in words (a notification's sentence) is written in it.
      const key = `${e.id}|${viewer.id}|${viewer.isAdmin}|${viewer.membershipTier}|${currentLocale()}|${stableJson(ctx.params)}|${stableJson(ctx.query)}|${vary ? vary(ctx) : ""}`;
      return app.memberCache.reply(request, reply, key, load(ctx));
    }
    if (e.cache === "shared") {
      shared ??= sharedCache<Result<E>>(app.db, e.id);
      const key = sharedKeyOf(e, ctx.params, ctx.query, vary ? vary(ctx) : "");
      return shared.reply(request, reply, key, load(ctx));
    }
    return runHandler(ctx, reply);
  };

  // Not async: a cached response is sent before this returns, and a hot read makes no promise here.
  const run = (request: FastifyRequest, reply: FastifyReply) => {
    const ctx = {
      viewer: request.user ?? null,
      // Only what the endpoint declares: the cache keys are built from these.
      params: e.params ? request.params : undefined,
      query: e.query ? request.query : undefined,
      body: e.body ? request.body : undefined,
      derived: undefined,
      request,
      reply,
    } as HandlerContext<E, D>;
    if (!derive) return respond(ctx);
    const derived = derive(ctx as HandlerContext<E>);
    if (isThenable(derived)) {
      return Promise.resolve(derived).then((value) => {
        ctx.derived = value;
        return respond(ctx);
      });
    }
    ctx.derived = derived;
    return respond(ctx);
  };

  app.route({
    method: e.method,
    url: e.path.slice(app.prefix.length) || "/",
    schema,
    config: {
      endpoint: e.id,
      access: e.caller,
      policy: e.policy,
      deniedMessage: e.deniedMessage,
      skipOriginCheck: e.crossSite,
      leavesMemberCache: e.leavesMemberCache,
      rateLimit: e.rateLimit ? app.rateLimits[e.rateLimit] : undefined,
    },
    handler: run,
  });
}
