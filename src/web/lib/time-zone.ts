import { TIME_ZONE_COOKIE } from "~/core/member-pages";

const cookieValue = () =>
  document.cookie
    .split(/;\s*/)
    .find((c) => c.startsWith(`${TIME_ZONE_COOKIE}=`))
    ?.slice(TIME_ZONE_COOKIE.length + 1);

/** Whether the server has been told this browser's zone. */
export const knowsTimeZone = () => Boolean(cookieValue());

/**
 * Tells the server the zone to write a member's dates in when it renders her pages. Asking the browser
 * for its zone's name loads its locale data (a long task on a phone): called when she signs in, or
 * once a page is idle, never while one starts.
 */
export function rememberTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  const value = encodeURIComponent(zone);
  if (cookieValue() === value) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox; the value is encoded above.
  document.cookie = `${TIME_ZONE_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
}
