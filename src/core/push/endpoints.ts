import { endpoint } from "../contract";
import {
  pushCurrentDevice,
  pushPublicKey,
  pushSubscriptionBody,
  pushSubscriptionResult,
  pushUnsubscribeBody,
} from "./schemas";

/** Web Push (decision 042): her devices that show her notifications. Always her own. */
export const pushEndpoints = {
  publicKey: endpoint({
    method: "GET",
    path: "/api/push/public-key",
    summary: "The server's VAPID public key for subscribing a device; null when push is not set up",
    caller: "member",
    response: pushPublicKey,
  }),
  subscribe: endpoint({
    method: "POST",
    path: "/api/push-subscriptions",
    summary: "This device receives her notifications (the browser's push subscription)",
    caller: "member",
    body: pushSubscriptionBody,
    response: pushSubscriptionResult,
    rateLimit: "write",
    // An endpoint another member's live session holds is hers until that session ends.
    errors: [409],
  }),
  current: endpoint({
    method: "GET",
    path: "/api/push-subscriptions/current",
    summary: "The device this session turned on, if any: a session's devices stop when it ends",
    caller: "member",
    response: pushCurrentDevice,
  }),
  unsubscribe: endpoint({
    method: "DELETE",
    path: "/api/push-subscriptions",
    summary: "This device no longer receives her notifications",
    caller: "member",
    body: pushUnsubscribeBody,
    response: pushSubscriptionResult,
  }),
};
