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
