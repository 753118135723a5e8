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

const DISMISSED_KEY = "install-prompt-dismissed-at";
const QUIET_DAYS = 30;
/** The days she opened the app on (her calendar's, "2026-11-29"), the last few. */
const VISITS_KEY = "install-prompt-visit-days";
/** The card is offered from the third day she comes, not to someone who has only looked in. */
const VISIT_DAYS = 3;

/** Notes today as a day she came; answers whether she has come on enough days to be offered the app. */
function countVisit() {
  try {
    const now = new Date();
    // By hand rather than Intl: her own calendar day is all that counts.
    const today = `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
    const stored: unknown = JSON.parse(localStorage.getItem(VISITS_KEY) ?? "[]");
    const days = Array.isArray(stored) ? stored.filter((d): d is string => typeof d === "string") : [];
    if (!days.includes(today)) days.push(today);
    const kept = days.slice(-VISIT_DAYS);
    localStorage.setItem(VISITS_KEY, JSON.stringify(kept));
    return kept.length >= VISIT_DAYS;
  } catch {
    // No storage (a private window that refuses it): she cannot be known to come back.
    return false;
  }
}

function recentlyDismissed() {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY));
    return at > 0 && Date.now() - at < QUIET_DAYS * 86_400_000;
  } catch {
    return false;
  }
}

const isInstalled = () =>
  typeof window.matchMedia === "function" && window.matchMedia("(display-mode: standalone)").matches;

/**
 * Counts this load as a visit (every load, even while the card is away: the days she came are what
 * earn it) and answers whether the install card may be offered: she has come on three days, has not
 * installed the app, and has not put the card away in the last month. Until then the card's code is
 * not even loaded.
 */
export function installCardEarned() {
  const returning = countVisit();
  return returning && !isInstalled() && !recentlyDismissed();
}

/** She put the card away: it stays away for a month instead of nagging on every visit. */
export function dismissInstallCard() {
  try {
    localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  } catch {}
}
