import { urlOf } from "~/core/contract";
import { authEndpoints } from "~/core/endpoints/auth";

/** Sign-out: a link the browser follows (the server ends the session and sends her home). */
export const LOGOUT_URL = urlOf(authEndpoints.logout);

/** Full-page navigation to sign-in, remembering where the member was going. */
export function goToLogin(returnTo: string = window.location.pathname + window.location.search) {
  const safe = returnTo.startsWith("/") && !returnTo.startsWith("//") ? returnTo : "/";
  window.location.href = urlOf(authEndpoints.oidcLogin, {
    query: { returnTo: safe === "/" ? undefined : safe },
  });
}
