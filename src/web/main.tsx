import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { setDateContext, zoneFingerprint } from "~/core/format";
import { App } from "./app";
import { readDehydratedState } from "./lib/dehydrated-state";
import { whenHydrated } from "./lib/hydration";
import { whenIdle } from "./lib/idle";
import { knowsTimeZone, rememberTimeZone } from "./lib/time-zone";
import "./lib/install-offer";
import "./styles.css";

const container = document.getElementById("root")!;
const dehydrated = readDehydratedState();
// The server sends visitor pages, and members' pages when it can, already rendered: the app hydrates
// them rather than render them again. A member's page rendered in another zone than this browser's
// (she is travelling) is rendered again here, from the same answers, so its dates read as her clock does.
const sameZone = !dehydrated || dehydrated.zone.join() === zoneFingerprint(dehydrated.renderedAt).join();
const shouldHydrate = container.hasAttribute("data-prerendered") && sameZone;
// The server learns this browser's zone for her next pages, once this one is idle.
if (!sameZone || !knowsTimeZone()) whenIdle(rememberTimeZone);
if (dehydrated && shouldHydrate) {
  // Until then, "5 minutes ago" counts from when the page was rendered, so it reads as the page does.
  setDateContext(() => ({ now: () => new Date(dehydrated.renderedAt) }));
  whenHydrated(() => setDateContext(() => ({})));
}
const app = (
  <StrictMode>
    <App start={dehydrated && { user: dehydrated.user, queries: dehydrated.queries }} />
  </StrictMode>
);
// As a transition, the first render runs in short slices: the page stays responsive while it starts.
startTransition(() => {
  if (shouldHydrate) hydrateRoot(container, app);
  else createRoot(container).render(app);
});

// The service worker makes the app installable and opens the shell instantly on return visits.
if ("serviceWorker" in navigator && import.meta.env.PROD) {
  // A rendered page starts this script after it has painted, often once the page has loaded.
  const register = () => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
