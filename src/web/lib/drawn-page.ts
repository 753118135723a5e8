import type { DehydratedState, QueryClient } from "@tanstack/react-query";
import { DRAWN_PAGE_ELEMENT_ID, TIME_ZONE_COOKIE } from "~/core/member-pages";
import type { CurrentUser } from "~/core/schemas/auth";

/** What a member's page was drawn with on the server, embedded in its HTML beside the markup. */
export interface DrawnPage {
  user: CurrentUser;
  /** The zone its dates were written in. */
  timeZone: string;
  /** When it was drawn (ms since the epoch): relative times ("5 minutes ago") were counted from it. */
  drawnAt: number;
  /** The answers the page showed, as the query cache holds them. */
  queries: DehydratedState;
}

/** What the member app starts from: who she is and, for a drawn page, the answers it showed. */
export interface MemberStart {
  user: CurrentUser;
  queries?: DehydratedState;
  /** The server's own cache for this one page (the browser uses its single one). */
  client?: QueryClient;
}

/** The embedded state of a page the server drew for a member, if this is one. */
export function readDrawnPage(): DrawnPage | undefined {
  const text = document.getElementById(DRAWN_PAGE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as DrawnPage;
  } catch {
    return undefined;
  }
}

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Tells the server the zone to write a member's dates in when it draws her next page. */
export function rememberTimeZone() {
  const zone = browserTimeZone();
  if (!zone) return;
  const value = encodeURIComponent(zone);
  if (document.cookie.split(/;\s*/).includes(`${TIME_ZONE_COOKIE}=${value}`)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox; the value is encoded above.
  document.cookie = `${TIME_ZONE_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
}

let onTakenOver: (() => void) | undefined;

/** Runs `done` once the member's page is on screen and live (for a drawn page: hydrated). */
export function whenPageTakenOver(done: () => void) {
  onTakenOver = done;
}

export function pageTakenOver() {
  const done = onTakenOver;
  onTakenOver = undefined;
  done?.();
}
