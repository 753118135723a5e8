import type { DehydratedState, QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "~/core/auth/schemas";
import { DEHYDRATED_STATE_ELEMENT_ID } from "~/core/member-pages";

/** What a member's page was rendered with on the server, embedded in its HTML beside the markup. */
export interface DehydratedPageState {
  user: CurrentUser;
  /** The zone its dates were written in, and that zone's offsets (see `zoneFingerprint`). */
  timeZone: string;
  zone: number[];
  /** When it was rendered (ms since the epoch): relative times ("5 minutes ago") were counted from it. */
  renderedAt: number;
  /** The responses the page showed: the query cache's dehydrated state. */
  queries: DehydratedState;
}

/** What the member app starts from: who she is and, for a server-rendered page, the responses it showed. */
export interface MemberStart {
  user: CurrentUser;
  queries?: DehydratedState;
  /** The server's own cache for this one page (the browser uses its single one). */
  client?: QueryClient;
}

/** The dehydrated state of a page the server rendered for a member, if this is one. */
export function readDehydratedState(): DehydratedPageState | undefined {
  const text = document.getElementById(DEHYDRATED_STATE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as DehydratedPageState;
  } catch {
    return undefined;
  }
}
