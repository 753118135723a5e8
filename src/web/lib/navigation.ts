/** Full-page navigation to sign-in, remembering where the member was going. */
export function goToLogin(returnTo: string = window.location.pathname + window.location.search) {
  const safe = returnTo.startsWith("/") && !returnTo.startsWith("//") ? returnTo : "/";
  window.location.href = safe === "/" ? "/api/login" : `/api/login?returnTo=${encodeURIComponent(safe)}`;
}
