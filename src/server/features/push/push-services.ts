/**
 * Where the server will send a push (decision 042). The endpoint comes from the browser, so an
 * unchecked one would let anyone make the server call any address (its own network included).
 * Only https endpoints of the browsers' push services are accepted, plus origins the operator lists
 * in WEB_PUSH_ALLOWED_ORIGINS. Add a push service here when a browser brings a new one.
 */
const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com", // Chrome, Edge on Android, Opera, Samsung Internet
  "android.googleapis.com", // older Chrome subscriptions
  "updates.push.services.mozilla.com", // Firefox
  "push.services.mozilla.com",
  "web.push.apple.com", // Safari on macOS and iOS (home-screen apps)
  "api.push.apple.com",
];
/** Hosts under these domains (one or more labels deep): Edge and Windows' notify service, Apple's. */
const PUSH_SERVICE_DOMAINS = ["notify.windows.com", "push.apple.com"];

export function isAcceptedPushEndpoint(endpoint: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowedOrigins.includes(url.origin)) return true;
  if (url.protocol !== "https:" || url.port !== "") return false;
  const host = url.hostname.toLowerCase();
  return (
    PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(`.${domain}`))
  );
}
