import { and, desc, eq, sql } from "drizzle-orm";
import { PUSH_MESSAGES, type PushSubscriptionBody } from "../../../core/schemas/push";
import type { SessionUser } from "../../auth/sessions";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { pushSubscriptions } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { isAcceptedPushEndpoint } from "./push-services";

/** Null when push is not set up here (no VAPID keys): the preferences then say so. */
export const publicKey = (config: AppConfig) => ({ publicKey: config.push.vapid?.publicKey ?? null });

/**
 * Her device receives her notifications from now on, while this session lasts. The same endpoint
 * again (a renewed subscription, or the same browser signed in as another member) replaces its keys,
 * owner and session.
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
  await db
    .insert(pushSubscriptions)
    .values({ ...device, endpoint: body.endpoint })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...device, createdAt: sql`now()` } });
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
