/**
 * The one HTTP client of the browser app. Every call sends credentials; a body goes as JSON; a
 * failed response becomes an ApiError whose message is "{status}: {body or statusText}".
 */

import { type CallInput, type Endpoint, type ResponseOf, urlOf } from "~/core/contract";
import type { PageFetch } from "~/core/member-pages";
import { translateKnown } from "./i18n";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's `{ message }`, when it sent one: safe to show to the member. */
    readonly serverMessage: string | undefined,
    readonly fieldErrors: Record<string, string> | undefined,
    /** The answer's JSON, when it was JSON: what else a refusal says (a locked lesson's date). */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

async function toError(res: Response): Promise<ApiError> {
  const text = (await res.text().catch(() => "")) || res.statusText;
  let serverMessage: string | undefined;
  let fieldErrors: Record<string, string> | undefined;
  let body: { message?: unknown; errors?: Record<string, string> } | undefined;
  try {
    body = JSON.parse(text) as { message?: unknown; errors?: Record<string, string> };
    if (typeof body.message === "string") serverMessage = body.message;
    if (body.errors && typeof body.errors === "object") fieldErrors = body.errors;
  } catch {}
  return new ApiError(res.status, `${res.status}: ${text}`, serverMessage, fieldErrors, body);
}

let transport: PageFetch = (url, init) => fetch(url, init);

/** Where requests go: the network in the browser; the server itself when it renders a member's page. */
export function setApiTransport(next: PageFetch) {
  transport = next;
}

export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const res = await transport(url, {
    method,
    credentials: "include",
    headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await toError(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get("content-type") ?? "";
  return (type.includes("application/json") ? await res.json() : await res.text()) as T;
}

/** `[input]` when the endpoint needs inputs, `[input?]` when it has none or only a query. */
export type InputArgs<E extends Endpoint> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * Calls an endpoint: the URL, method and body follow from its declaration (`~/web/lib/endpoints`).
 * A creation (`idempotent`) is one submit: see `submitOnce`.
 */
export function call<E extends Endpoint>(e: E, ...[input]: InputArgs<E>): Promise<ResponseOf<E>> {
  const parts = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  const url = urlOf(e, parts);
  if (!e.idempotent) return apiRequest<ResponseOf<E>>(e.method, url, parts.body);
  return submitOnce(`${e.method} ${url} ${JSON.stringify(parts.body ?? null)}`, (key) =>
    apiRequest<ResponseOf<E>>(e.method, url, parts.body, { "Idempotency-Key": key }),
  );
}

/** Submits of a creation on their way, by what they send: their Idempotency-Key. */
const submitting = new Map<string, { key: string; calls: number }>();

const newKey = (): string =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : // Outside a secure context (plain http to a LAN address) there is no randomUUID.
      Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/** No response came (the connection failed), or a gateway had none from the app: it may have run. */
const mayHaveRun = (err: unknown) =>
  err instanceof TypeError || (err instanceof ApiError && (err.status === 502 || err.status === 504));

const RETRY_DELAYS_MS = [300, 1000];

/**
 * One submit of a creation (decision 050): its Idempotency-Key is made when she submits, sent again
 * with each retry after a response that never came, and new for her next submit. A second press
 * while the same submit (same endpoint, URL and body) is on its way is that submit and sends its key:
 * the server makes one thing and responds to both presses with it.
 */
export async function submitOnce<T>(what: string, send: (key: string) => Promise<T>): Promise<T> {
  let submit = submitting.get(what);
  if (!submit) {
    submit = { key: newKey(), calls: 0 };
    submitting.set(what, submit);
  }
  submit.calls++;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await send(submit.key);
      } catch (err) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined || !mayHaveRun(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  } finally {
    if (--submit.calls === 0) submitting.delete(what);
  }
}

/** Query keys are path segments, optionally ending in an object of query parameters. */
export type QueryKeyPart = string | number | Record<string, string | number | boolean | null | undefined>;

export function urlFromKey(key: readonly unknown[]): string {
  const parts: string[] = [];
  let params = "";
  for (const part of key) {
    if (part !== null && typeof part === "object") {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(part as Record<string, unknown>)) {
        if (v !== undefined && v !== null && v !== "") search.set(k, String(v));
      }
      const s = search.toString();
      if (s) params = `?${s}`;
    } else {
      parts.push(String(part));
    }
  }
  return parts.join("/") + params;
}

export const isUnauthorizedError = (error: unknown) =>
  error instanceof Error && /^401: .*Unauthorized/.test(error.message);

/**
 * What to tell the member: the server's message (in the page's language when the catalogue has it;
 * the server writes English), else the fallback.
 */
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 && error.serverMessage
    ? translateKnown(error.serverMessage)
    : fallback;
