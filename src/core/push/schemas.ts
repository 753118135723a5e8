import { z } from "zod";

export const PUSH_MESSAGES = {
  endpoint: "This device's push service is not one we can send to",
  keys: "The device's push keys are not valid",
  heldByAnotherMember:
    "This device already shows another member's notifications. She can turn them off on it, or sign out there, before you turn yours on.",
} as const;

/** Devices that show one member's notifications; turning on one more stops the one turned on longest ago. */
export const MAX_PUSH_DEVICES = 10;

/** Base64url without padding, decoding to `bytes` bytes (the browser's `getKey()` values). */
const base64urlKey = (bytes: number) =>
  z
    .string({ message: PUSH_MESSAGES.keys })
    .regex(/^[A-Za-z0-9_-]+=*$/, { message: PUSH_MESSAGES.keys })
    .refine((value) => value.replace(/=+$/, "").length === Math.ceil((bytes * 4) / 3), {
      message: PUSH_MESSAGES.keys,
    });

/** GET /api/push/public-key: the VAPID key browsers subscribe with; null when push is not set up. */
export const pushPublicKey = z.object({ publicKey: z.string().nullable() });

const endpointUrl = z
  .string({ message: PUSH_MESSAGES.endpoint })
  .max(2000, { message: PUSH_MESSAGES.endpoint });

/** POST /api/push-subscriptions: what `PushSubscription.toJSON()` gives (RFC 8291 keys). */
export const pushSubscriptionBody = z.object({
  endpoint: endpointUrl,
  keys: z.object(
    {
      /** Uncompressed P-256 point. */
      p256dh: base64urlKey(65),
      auth: base64urlKey(16),
    },
    { message: PUSH_MESSAGES.keys },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** GET /api/push-subscriptions/current: the endpoint this session subscribed, or null. */
export const pushCurrentDevice = z.object({ endpoint: z.string().nullable() });

/** DELETE /api/push-subscriptions: this device stops receiving. */
export const pushUnsubscribeBody = z.object({ endpoint: endpointUrl });

export const pushSubscriptionResult = z.object({ subscribed: z.boolean() });
