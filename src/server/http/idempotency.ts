import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { preparedStatement } from "../db/prepared";
import { badRequest, conflict, HttpError } from "./errors";

/**
 * `Idempotency-Key` on creations (decision 050, after Stripe and the IETF draft "The
 * Idempotency-Key HTTP Header Field"): the first request with a key claims it for her, runs, and
 * stores its response; a repeat of the key by the same member within 24 hours is given that response
 * and runs nothing. A repeat while the first still runs waits for its response (409 past `WAIT_MS`).
 * Errors are not stored: the claim is let go, so a corrected retry with the same key is a new try.
 */

export const IDEMPOTENCY_HEADER = "idempotency-key";

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: "The Idempotency-Key header must be 1 to 255 printable ASCII characters.",
  inFlight: "This request is already being processed",
  reused: "This Idempotency-Key was already used for a different request. Send a new key with a new request.",
} as const;

const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

/** How long a repeat waits for the first request's response before it is told to come back. */
const WAIT_MS = 5000;

/**
 * Claims the key, or reads what holds it. Stored responses older than 24 hours, and claims in flight
 * for 5 minutes (longer than any request runs: its instance stopped), are taken over as new.
 */
const claim = preparedStatement<
  { claimed: boolean; fingerprint: string | null; status: number | null; body: string | null },
  [userId: number, key: string, fingerprint: string]
>(
  "idempotency_claim",
  `with claimed as (
     insert into idempotency_keys (user_id, key, fingerprint) values ($1, $2, $3)
     on conflict (user_id, key) do update
       set fingerprint = excluded.fingerprint, status = null, body = null, created_at = now()
       where idempotency_keys.created_at < now() - interval '24 hours'
          or (idempotency_keys.status is null and idempotency_keys.created_at < now() - interval '5 minutes')
     returning 1
   )
   select true as claimed, null::text as fingerprint, null::smallint as status, null::text as body
     from claimed
   union all
   select false, fingerprint, status, body from idempotency_keys
    where user_id = $1 and key = $2 and not exists (select 1 from claimed)`,
);

const complete = preparedStatement<never, [userId: number, key: string, status: number, body: string | null]>(
  "idempotency_complete",
  "update idempotency_keys set status = $3, body = $4 where user_id = $1 and key = $2 and status is null",
);

const release = preparedStatement<never, [userId: number, key: string]>(
  "idempotency_release",
  "delete from idempotency_keys where user_id = $1 and key = $2 and status is null",
);

/** The handler's response: its status and its JSON as sent (null for no body). */
export interface StoredResponse {
  status: number;
  body: string | null;
}

const JSON_TYPE = "application/json; charset=utf-8";

function send(reply: FastifyReply, response: StoredResponse) {
  reply.status(response.status);
  return response.body === null ? reply.send() : reply.type(JSON_TYPE).send(response.body);
}

/**
 * Responds to a creation sent with an `Idempotency-Key`, once per member and key. `produce` runs the
 * handler and encodes its response (undefined when the handler sent its own, which is not stored).
 * Access was checked and the inputs validated before this runs.
 */
export async function respondOnce(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  header: string | string[],
  produce: () => Promise<StoredResponse | undefined>,
): Promise<FastifyReply> {
  if (typeof header !== "string" || !VALID_KEY.test(header))
    throw badRequest(IDEMPOTENCY_MESSAGES.invalidKey);
  const userId = request.user!.id;
  // The validated body: the same submit sent again gives the same text.
  const fingerprint = createHash("sha256")
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest("base64url");
  const deadline = Date.now() + WAIT_MS;
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    const [held] = await claim(db, userId, header, fingerprint);
    if (held?.claimed) return respondFirst(db, request, reply, userId, header, produce);
    if (held && held.fingerprint !== fingerprint) throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused);
    if (held && held.status !== null) {
      reply.header("idempotent-replayed", "true");
      return send(reply, { status: held.status, body: held.body });
    }
    // The first request still runs (or another instance claimed the key a moment ago): its response
    // is stored before it is sent, so asking again soon finds it.
    if (Date.now() + pause > deadline) throw conflict(IDEMPOTENCY_MESSAGES.inFlight);
    await sleep(pause);
  }
}

async function respondFirst(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  key: string,
  produce: () => Promise<StoredResponse | undefined>,
) {
  const letGo = () =>
    release(db, userId, key).catch((err) => request.log.warn({ err }, "idempotency key not released"));
  let response: StoredResponse | undefined;
  try {
    response = await produce();
  } catch (err) {
    await letGo();
    throw err;
  }
  if (!response) {
    await letGo();
    return reply;
  }
  // Stored before it leaves, so a repeat after her response arrived is always a replay. If storing it
  // fails, what was made stands and she hears so; a repeat then waits and is told 409.
  await complete(db, userId, key, response.status, response.body).catch((err) =>
    request.log.error({ err }, "idempotency key not completed"),
  );
  return send(reply, response);
}

/** Housekeeping: keys older than 24 hours, a bounded batch per statement. */
export async function deleteExpiredIdempotencyKeys(db: Db, batch = 1000, maxBatches = 100) {
  for (let i = 0; i < maxBatches; i++) {
    const { rowCount } = await db.$client.query(
      `delete from idempotency_keys where (user_id, key) in (
         select user_id, key from idempotency_keys
          where created_at < now() - interval '24 hours' limit $1)`,
      [batch],
    );
    if ((rowCount ?? 0) < batch) return;
  }
}
