import { expect } from "vitest";
import type { z } from "zod";
import type { messageResponse } from "../../src/core/common-schemas";
import { type CallInput, type Endpoint, pathOf, type ResponseOf } from "../../src/core/contract";

/**
 * Calling an endpoint by its declaration, for both test clients (in process and over HTTP): what a
 * call sends, the URL it requests and how its answer is typed.
 */

/** What an endpoint answers: its success body, and an error answer's `message` and `errors`. */
export type Reply<E extends Endpoint> = (ResponseOf<E> extends undefined ? unknown : ResponseOf<E>) &
  Partial<z.input<typeof messageResponse>>;

/**
 * A call's inputs as the endpoint types them (a body the schema lets be left out may be), and any
 * extra headers to send.
 */
export type CallParts<E extends Endpoint> = OptionalBody<CallInput<E>> & { headers?: Record<string, string> };
type OptionalBody<I> = I extends { body: infer B }
  ? undefined extends B
    ? Omit<I, "body"> & { body?: B }
    : I
  : I;

/** The rest parameters of a call: the input may be left out when nothing in it is required. */
export type CallArgs<E extends Endpoint> =
  object extends CallParts<E> ? [input?: CallParts<E>] : [input: CallParts<E>];

/** A call's inputs as the client sends them. */
export interface Sent {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export function sent(e: Endpoint, [input]: readonly unknown[]): Sent {
  const parts = (input ?? {}) as {
    params?: unknown;
    query?: unknown;
    body?: unknown;
    headers?: Record<string, string>;
  };
  return { url: urlFor(e, parts), body: parts.body, headers: parts.headers };
}

/**
 * A value the endpoint's types refuse, sent on purpose (a malformed body, id or query), so the test
 * can check the server refuses it too.
 */
export const invalid = (value: unknown): never => value as never;

/**
 * The URL a test's call requests: like the browser's (`urlOf`), except that a blank query value is
 * sent, since a test that writes one means to send it; only `undefined` and `null` are left out.
 */
export function urlFor(e: Endpoint, input: { params?: unknown; query?: unknown } = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const s = search.toString();
  return pathOf(e, input.params as Record<string, unknown> | undefined) + (s ? `?${s}` : "");
}

/** An answer's `message`, whatever the body is (undefined when it has none). */
export const messageOf = (body: unknown): unknown =>
  typeof body === "object" && body !== null && "message" in body ? body.message : undefined;

/** The body of an answer that must have succeeded (2xx), for a test's setup. */
export async function succeeded<T>(res: Promise<{ status: number; body: T }>): Promise<T> {
  const answer = await res;
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body;
}
