import { Smartphone } from "lucide-react";
import { useEffect, useState } from "react";
import type { MessageId } from "~/core/i18n";
import { pushEndpoints } from "~/core/push/endpoints";
import { SwitchField } from "~/web/components/switch-field";
import { Card } from "~/web/components/ui/card";
import { Skeleton } from "~/web/components/ui/skeleton";
import { ApiError } from "~/web/lib/api";
import { call } from "~/web/lib/endpoints";
import { t, translateKnown } from "~/web/lib/i18n";
import { toast } from "~/web/lib/toast";

/** What this browser can do about push, found after hydration (no navigator during render). */
type Support =
  | { state: "checking" }
  | { state: "iphone" }
  | { state: "unsupported" }
  | { state: "off-here" }
  | { state: "blocked" }
  | { state: "ready"; publicKey: string; subscribed: boolean };

const isAppleMobile = (ua: string) =>
  /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);

async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function findSupport(): Promise<Support> {
  const capable = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  // Safari on iPhone offers push only to an app added to the Home Screen.
  if (!capable) return isAppleMobile(navigator.userAgent) ? { state: "iphone" } : { state: "unsupported" };
  const { publicKey } = await call(pushEndpoints.publicKey);
  if (!publicKey) return { state: "off-here" };
  if (Notification.permission === "denied") return { state: "blocked" };
  const [subscription, thisSession] = await Promise.all([
    currentSubscription().catch(() => null),
    call(pushEndpoints.current),
  ]);
  // On only if this browser's subscription is the one this session turned on: after signing in
  // again, or as another member, she turns it on anew.
  return {
    state: "ready",
    publicKey,
    subscribed: subscription !== null && subscription.endpoint === thisSession.endpoint,
  };
}

const MESSAGES = {
  iphone:
    "On iPhone and iPad, notifications need the app on your Home Screen first: in Safari, tap Share, then “Add to Home Screen”, open the app from there and turn this on.",
  unsupported: "This browser can't show notifications. Everything still appears under the bell.",
  "off-here": "Notifications on devices are not set up on this site yet. Everything appears under the bell.",
  blocked:
    "Notifications are blocked for this site in your browser's settings. Allow them there, then come back to turn this on.",
} as const satisfies Record<Exclude<Support["state"], "checking" | "ready">, MessageId>;

/** "Notifications on this device": Web Push for this browser (decision 042). */
export function DevicePush() {
  const [support, setSupport] = useState<Support>({ state: "checking" });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    findSupport().then(setSupport, () => setSupport({ state: "unsupported" }));
  }, []);

  const turnOn = async (publicKey: string) => {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      setSupport(
        permission === "denied" ? { state: "blocked" } : { state: "ready", publicKey, subscribed: false },
      );
      return;
    }
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: publicKey,
    });
    const { endpoint, keys } = subscription.toJSON();
    await call(pushEndpoints.subscribe, {
      body: { endpoint: endpoint ?? "", keys: { p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" } },
    });
    setSupport({ state: "ready", publicKey, subscribed: true });
    toast({ title: t("Notifications on"), description: t("This device will show your notifications.") });
  };

  const turnOff = async (publicKey: string) => {
    const subscription = await currentSubscription();
    if (subscription) {
      await call(pushEndpoints.unsubscribe, { body: { endpoint: subscription.endpoint } });
      await subscription.unsubscribe();
    }
    setSupport({ state: "ready", publicKey, subscribed: false });
  };

  const change = (on: boolean) => {
    if (support.state !== "ready" || busy) return;
    setBusy(true);
    (on ? turnOn(support.publicKey) : turnOff(support.publicKey))
      .catch((err: unknown) =>
        toast({
          title: t("Error"),
          // A device another member's session holds: the server says what to do.
          description:
            err instanceof ApiError && err.status === 409 && err.serverMessage
              ? translateKnown(err.serverMessage)
              : t("We couldn't change notifications on this device. Please try again."),
          variant: "destructive",
        }),
      )
      .finally(() => setBusy(false));
  };

  return (
    <section className="mt-6 max-w-3xl" aria-labelledby="device-push-heading">
      <Card className="p-5 sm:p-6">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-sage-100 text-sage-700">
            <Smartphone className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id="device-push-heading" className="font-sans text-lg font-bold text-ink">
              {t("Notifications on this device")}
            </h2>
            {support.state === "checking" ? (
              <Skeleton className="mt-2 h-10 w-full" />
            ) : support.state === "ready" ? (
              <div className="mt-3">
                <SwitchField
                  id="device-push"
                  side="end"
                  label={t("Show my notifications on this device")}
                  hint={t(
                    "Each arrives as it happens, even when the app is closed. Kinds you set to “Never” below are not shown.",
                  )}
                  checked={support.subscribed}
                  onCheckedChange={change}
                />
              </div>
            ) : (
              <p className="mt-1 text-sm text-muted" data-testid="device-push-unavailable">
                {t(MESSAGES[support.state])}
              </p>
            )}
          </div>
        </div>
      </Card>
    </section>
  );
}
