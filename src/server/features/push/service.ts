import { and, desc, eq, sql } from "drizzle-orm";
import { MAX_PUSH_DEVICES, PUSH_MESSAGES, type PushSubscriptionBody } from "../../../core/push/schemas";
import type { SessionUser } from "../../auth/sessions";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { pushSubscriptions, sessions, users } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import { isAcceptedPushEndpoint } from "./push-services";

/** Null when push is not set up here (no VAPID keys): the preferences then say so. */
export const publicKey = (config: AppConfig) => ({ publicKey: config.push.vapid?.publicKey ?? null });

/**
 * Her device receives her notifications from now on, while this session lasts. Her own endpoint
 * again (a renewed subscription) replaces its keys and session. An endpoint another member's live
 * session holds is refused: taking it would swap in keys its device cannot read and silence her
 * (signing in on the same browser ends the previous session, and its device with it). Past
 * `MAX_PUSH_DEVICES` the one she turned on longest ago stops: most likely a device she no longer
 * uses, and each of hers costs a push for every notification.
 */
export async function subscribe(db: Db, config: AppConfig, viewer: SessionUser, body: PushSubscriptionBody) {
  if (!isAcceptedPushEndpoint(body.endpoint, config.push.allowedOrigins)) {
    throw badRequest(PUSH_MESSAGES.endpoint);
  }
  const device = {
    userId: viewer.id,
    sessionId: viewer.sessionId,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
  };
  await db.transaction(async (tx) => {
    // One of her subscriptions at a time, so the devices kept are counted after every other's insert.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${viewer.id} for no key update`);
    const saved = await tx
      .insert(pushSubscriptions)
      .values({ ...device, endpoint: body.endpoint })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...device, createdAt: sql`now()` },
        setWhere: sql`${pushSubscriptions.userId} = ${viewer.id} or not exists (select 1 from ${sessions}
          where ${sessions.id} = ${pushSubscriptions.sessionId} and ${sessions.expiresAt} > now())`,
      })
      .returning({ id: pushSubscriptions.id });
    if (saved.length === 0) throw conflict(PUSH_MESSAGES.heldByAnotherMember);
    await tx.execute(sql`delete from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${viewer.id}
      and ${pushSubscriptions.id} not in (select id from ${pushSubscriptions} where user_id = ${viewer.id}
        order by created_at desc, id desc limit ${MAX_PUSH_DEVICES})`);
  });
  return { subscribed: true };
}

/** Her device stops receiving; only her own subscription can be removed. */
export async function unsubscribe(db: Db, userId: number, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return { subscribed: false };
}

/** The device this session turned on, if any: the browser compares it with its own subscription. */
export async function current(db: Db, viewer: SessionUser) {
  const [row] = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.sessionId, viewer.sessionId))
    .orderBy(desc(pushSubscriptions.createdAt))
    .limit(1);
  return { endpoint: row?.endpoint ?? null };
}
