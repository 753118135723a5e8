import type { z } from "zod";

/**
 * One endpoint of the API, declared once: the server registers its route from it (who may call it,
 * checked before anything she sent is read; the schemas that validate and encode; its rate limit and
 * its cache), the browser derives its URL, query key and types from it, the OpenAPI document is
 * generated from it, and the tests call it by it.
 */

/** Who may call an endpoint. */
export type Caller = "visitor" | "member" | "admin";

/** Rate-limit classes the server defines (`src/server/http/rate-limit.ts`). */
export type RateLimitClass = "auth" | "write" | "message";

/**
 * How a response may be cached:
 * - `none`: computed for each request.
 * - `member`: cached per member until community rows change, keyed by the endpoint, the member, her
 *   role and tier, and every parameter and query value (`src/server/http/member-cache.ts`).
 * - `shared`: the same for every caller, cached a few seconds, keyed by every parameter and query value
 *   (`src/server/http/shared-cache.ts`).
 */
export type CachePolicy = "none" | "member" | "shared";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type Schema = z.ZodType;

export interface EndpointSpec {
  method: Method;
  /** Full path, Fastify style: `/api/prayer-requests/:id/pray`. */
  path: `/api${string}`;
  /** One line for the API reference. */
  summary: string;
  caller: Caller;
  /**
   * A rule about her place in what the path names (a group's administrator, say), checked after
   * `caller` and still before the body is read. Named here, defined in `src/server/auth/route-policies.ts`.
   */
  policy?: "groupAdmin" | "localGroupLeader" | "intercessor";
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /**
   * The response is a stream that stays open (server-sent events), written by the handler itself
   * as events happen; `response` is null. No cache, no idempotency, and nothing buffers it.
   */
  stream?: "text/event-stream";
  /** The success status and what it carries; `null` for an empty response. */
  status?: 200 | 201 | 202 | 204;
  response: Schema | null;
  /**
   * A second success, 202 Accepted with this body: what was asked for was taken in but not done yet
   * (a message that became a request). The handler answers it with `accepted(value)`
   * (`src/server/http/endpoint-routes.ts`).
   */
  accepted?: Schema;
  /** Other responses it gives on purpose, beyond those its caller and inputs imply (409, 503…). */
  errors?: readonly number[];
  /**
   * The body of its 403 when a refusal says more than its message (when a locked lesson opens);
   * `{ message }` otherwise. The server raises it with `HttpError`'s `details`.
   */
  refusal?: Schema;
  rateLimit?: RateLimitClass;
  cache?: CachePolicy;
  /**
   * A change to her own rows that no cached response shows (where she stopped in a video): a success
   * leaves the members' cache as it is, instead of emptying it as other changes do.
   */
  leavesMemberCache?: true;
  /**
   * A creation that a second press or a retry must not make twice: a request carrying an
   * `Idempotency-Key` header is run once per member and key, and a repeat within 24 hours is given
   * the first response (decision 050). The browser sends one key per submit.
   */
  idempotent?: true;
  /** What a member hears when she is refused (403), if not the admin dashboard's words. */
  deniedMessage?: string;
  /** Skip the same-origin check: for calls from other sites that prove themselves (webhooks). */
  crossSite?: boolean;
}

export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & {
  /** `GET /api/videos/:id`: unique, used in cache keys and the API reference. */
  readonly id: string;
};

export function endpoint<const S extends EndpointSpec>(spec: S): Endpoint<S> {
  return Object.freeze({ ...spec, id: `${spec.method} ${spec.path}` });
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller sends (as the browser writes it: before defaults and coercion). */
export type ParamsIn<E extends EndpointSpec> = E["params"] extends Schema ? Input<E["params"]> : undefined;
export type QueryIn<E extends EndpointSpec> = E["query"] extends Schema ? Input<E["query"]> : undefined;
export type BodyIn<E extends EndpointSpec> = E["body"] extends Schema ? Input<E["body"]> : undefined;

/** What the server reads once validated. */
export type ParamsOf<E extends EndpointSpec> = E["params"] extends Schema ? Output<E["params"]> : undefined;
export type QueryOf<E extends EndpointSpec> = E["query"] extends Schema ? Output<E["query"]> : undefined;
export type BodyOf<E extends EndpointSpec> = E["body"] extends Schema ? Output<E["body"]> : undefined;

/** What a handler returns (Dates and all) and what arrives over the wire (JSON: dates as strings). */
export type Result<E extends EndpointSpec> = E["response"] extends Schema ? Output<E["response"]> : undefined;
export type ResponseOf<E extends EndpointSpec> =
  | (E["response"] extends Schema ? Input<E["response"]> : undefined)
  | AcceptedOf<E>;
/** What its 202 carries over the wire, where it has one (`accepted`); never otherwise. */
export type AcceptedOf<E extends EndpointSpec> = E["accepted"] extends Schema ? Input<E["accepted"]> : never;
/** What a handler gives for its 202 (`accepted`), before encoding. */
export type AcceptedResult<E extends EndpointSpec> = E["accepted"] extends Schema
  ? Output<E["accepted"]>
  : never;

type QueryValue = string | number | boolean | null | undefined;

/** A call's inputs; each part present only when the endpoint has it. */
export type CallInput<E extends EndpointSpec> = (E["params"] extends Schema
  ? { params: ParamsIn<E> }
  : object) &
  (E["query"] extends Schema ? { query?: QueryIn<E> } : object) &
  (E["body"] extends Schema ? { body: BodyIn<E> } : object);

/** The endpoint's path with its parameters filled in. */
export function pathOf(e: EndpointSpec, params?: Record<string, unknown>): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === "") throw new Error(`${e.path} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=x`, leaving out empty values, in the order given; "" for none. */
export function searchOf(query?: Record<string, QueryValue>): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : "";
}

/** The URL a call requests. */
export function urlOf<E extends EndpointSpec>(e: E, input?: { params?: unknown; query?: unknown }): string {
  return (
    pathOf(e, input?.params as Record<string, unknown> | undefined) +
    searchOf(input?.query as Record<string, QueryValue> | undefined)
  );
}

/**
 * The query key of a GET: its path cut at the first parameter, then each later segment (parameter
 * values as numbers where they are), then the query object if any. Keys of one resource share their
 * first element, so invalidating `["/api/videos"]` reaches a video, its discussions and the library.
 * Joining a key with "/" gives back the URL (`urlFromKey` in the browser).
 */
export function queryKeyOf<E extends EndpointSpec>(
  e: E,
  input?: { params?: unknown; query?: unknown },
): readonly (string | number | Record<string, QueryValue>)[] {
  const params = input?.params as Record<string, unknown> | undefined;
  const segments = e.path.split("/");
  const firstParam = segments.findIndex((s) => s.startsWith(":"));
  const head = firstParam === -1 ? segments : segments.slice(0, firstParam);
  const key: (string | number | Record<string, QueryValue>)[] = [head.join("/")];
  if (firstParam !== -1) {
    for (const segment of segments.slice(firstParam)) {
      if (!segment.startsWith(":")) {
        key.push(segment);
        continue;
      }
      const value = params?.[segment.slice(1)];
      if (value === undefined || value === null || value === "")
        throw new Error(`${e.path} needs ${segment}`);
      const n = typeof value === "number" ? value : Number(value);
      key.push(Number.isSafeInteger(n) && String(n) === String(value) ? n : String(value));
    }
  }
  const query = input?.query as Record<string, QueryValue> | undefined;
  if (query && Object.values(query).some((v) => v !== undefined && v !== null && v !== "")) key.push(query);
  return key;
}

/** Declares a feature's endpoints; the object's keys name them in code. */
export const endpoints = <const T extends Record<string, Endpoint>>(group: T): T => group;
