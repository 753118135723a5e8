import { and, eq, sql } from "drizzle-orm";
import { PUSH_MESSAGES, type PushSubscriptionBody } from "../../../core/schemas/push";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { pushSubscriptions } from "../../db/schema";
import { badRequest } from "../../http/errors";
import { isAcceptedPushEndpoint } from "./push-services";

/** Null when push is not set up here (no VAPID keys): the preferences then say so. */
export const publicKey = (config: AppConfig) => ({ publicKey: config.push.vapid?.publicKey ?? null });

/**
 * Her device receives her notifications from now on. The same endpoint again (a renewed
 * subscription, or the same browser signed in as another member) replaces its keys and owner.
 */
export async function subscribe(db: Db, config: AppConfig, userId: number, body: PushSubscriptionBody) {
  if (!isAcceptedPushEndpoint(body.endpoint, config.push.allowedOrigins)) {
    throw badRequest(PUSH_MESSAGES.endpoint);
  }
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: sql`now()` },
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
