import type { DehydratedState, QueryClient } from "@tanstack/react-query";
import { DRAWN_PAGE_ELEMENT_ID } from "~/core/member-pages";
import type { CurrentUser } from "~/core/schemas/auth";

/** What a member's page was drawn with on the server, embedded in its HTML beside the markup. */
export interface DrawnPage {
  user: CurrentUser;
  /** The zone its dates were written in, and that zone's offsets (see `zoneFingerprint`). */
  timeZone: string;
  zone: number[];
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
