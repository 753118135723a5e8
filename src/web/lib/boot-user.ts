import { useEffect, useState } from "react";
import type { CurrentUser } from "~/core/auth/schemas";
import { USER_URL } from "~/core/member-pages";

export type BootState =
  | { status: "loading" }
  | { status: "ready"; user: CurrentUser | null }
  | { status: "error"; error: Error };

/**
 * Fetches the current user; 401 means signed out. Offline, fetch fails with a TypeError; any other
 * answer is an Error "HTTP {status}: {statusText}".
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const res = await fetch(USER_URL, { credentials: "include" });
  if (res.status === 401) return null;
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${res.statusText}`);
  return (await res.json()) as CurrentUser;
}

/** Set beside the (unreadable) session cookie by the server; without it nobody is signed in. */
export const hasSessionHint = () =>
  typeof document !== "undefined" && /(?:^|;\s*)signed_in=1(?:;|$)/.test(document.cookie);

/**
 * The first question every page asks: who is here? Asked with a plain fetch so the landing page
 * does not carry the data-fetching library; the member app seeds its cache with the response. A page
 * the server rendered for a member already knows (`known`).
 */
export function useBootUser(known?: CurrentUser): BootState {
  const [state, setState] = useState<BootState>(() =>
    known
      ? { status: "ready", user: known }
      : hasSessionHint()
        ? { status: "loading" }
        : { status: "ready", user: null },
  );
  useEffect(() => {
    if (known || !hasSessionHint()) return;
    let live = true;
    fetchCurrentUser().then(
      (user) => live && setState({ status: "ready", user }),
      (error: Error) => live && setState({ status: "error", error }),
    );
    return () => {
      live = false;
    };
  }, [known]);
  return state;
}
