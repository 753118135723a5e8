import { urlOf } from "~/core/contract";
import { authEndpoints } from "~/core/endpoints/auth";

/** Sign-out: a link the browser follows (the server ends the session and sends her home). */
export const LOGOUT_URL = urlOf(authEndpoints.logout);

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
