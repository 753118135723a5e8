/** Holds the browser's install offer (beforeinstallprompt) from the moment the page loads. */

export interface InstallOfferEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let offer: InstallOfferEvent | null = null;
let offeredAt: number | null = null;
const listeners = new Set<() => void>();

if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offer = event as InstallOfferEvent;
    offeredAt = Date.now();
    for (const l of listeners) l();
  });
}

export const installOffer = {
  get: () => offer,
  offeredAt: () => offeredAt,
  clear: () => {
    offer = null;
  },
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  },
};

/** Where she is, for the steps to install by hand when the browser makes no offer. */
export type InstallPlatform = "ios" | "android" | "desktop";

/**
 * iPhones and iPads (iPadOS says it is a Mac, but a Mac has no touch screen) install from the Share
 * menu; Android from the browser's menu; computers from the address bar or the menu.
 */
export function installPlatform(device: { userAgent: string; maxTouchPoints: number }): InstallPlatform {
  const { userAgent, maxTouchPoints } = device;
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1))
    return "ios";
  if (/Android/i.test(userAgent)) return "android";
  return "desktop";
}
