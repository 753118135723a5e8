import { authEndpoints } from "~/core/auth/endpoints";
import { urlOf } from "~/core/contract";

/** Sign-out: a link the browser follows (the server ends the session and sends her home). */
export const LOGOUT_URL = urlOf(authEndpoints.logout);

/**
 * Signing out with the app running also ends this browser's push subscription (the server forgets
 * the device with the session), so a shared phone shows the next person nothing of hers. Bounded:
 * she is on her way out within a second whatever the push service does.
 */
export function signOut(event: { preventDefault(): void }) {
  event.preventDefault();
  const leave = () => window.location.assign(LOGOUT_URL);
  forgetPushHere().then(leave, leave);
}

async function forgetPushHere() {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager?.getSubscription();
  if (subscription) await Promise.race([subscription.unsubscribe(), new Promise((r) => setTimeout(r, 1000))]);
}

/** Full-page navigation to sign-in, remembering where the member was going. */
export function goToLogin(returnTo: string = window.location.pathname + window.location.search) {
  window.location.href = loginUrl(returnTo);
}

/** Where a visitor who is joining goes: the same sign-in route, with account creation first. */
export const JOIN_URL = urlOf(authEndpoints.oidcLogin, { query: { mode: "register" } });

function loginUrl(returnTo: string) {
  const safe = returnTo.startsWith("/") && !returnTo.startsWith("//") ? returnTo : "/";
  return urlOf(authEndpoints.oidcLogin, { query: { returnTo: safe === "/" ? undefined : safe } });
}
