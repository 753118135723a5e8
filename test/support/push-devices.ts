import { expect } from "vitest";
import webpush from "web-push";
import { prayerEndpoints } from "../../src/core/prayer/endpoints";
import { pushEndpoints } from "../../src/core/push/endpoints";
import type { Member, TestContext } from "./app";
import { untilNoneLeft } from "./jobs";
import type { PushReceiver } from "./push-receiver";

/** The app's settings to push to the receiver: a VAPID key pair of its own, the receiver's origin let through. */
export function pushSettingsFor(receiver: PushReceiver) {
  const vapid = webpush.generateVAPIDKeys();
  return {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: "mailto:care@mishpacha.example",
    WEB_PUSH_ALLOWED_ORIGINS: receiver.origin,
  };
}

/** Her browser subscribes a new device on the receiver. */
export async function subscribedDevice(receiver: PushReceiver, m: Member) {
  const device = receiver.newDevice();
  const res = await m.client.call(pushEndpoints.subscribe, { body: device });
  expect(res.status).toBe(200);
  return device;
}

/** Waits until every notification written so far was handed to push. */
export const everyNotificationHanded = (t: TestContext) =>
  untilNoneLeft(
    t,
    "select count(*)::int as n from notifications where pushed_at is null",
    "notifications not handed to push",
  );

/** She shares a prayer request on the wall; answers its id. */
export async function share(m: Member, content: string) {
  const res = await m.client.call(prayerEndpoints.share, { body: { content } });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** She prays for a request: its author hears of it. */
export async function pray(m: Member, id: number) {
  const res = await m.client.call(prayerEndpoints.pray, { params: { id } });
  expect(res.status).toBeLessThan(300);
}
