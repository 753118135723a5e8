import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { setDateContext, zoneFingerprint } from "~/core/format";
import { App } from "./app";
import { readDrawnPage } from "./lib/drawn-page";
import { whenIdle } from "./lib/idle";
import { whenPageLive } from "./lib/page-live";
import { knowsTimeZone, rememberTimeZone } from "./lib/time-zone";
import "./lib/install-offer";
import "./styles.css";

const container = document.getElementById("root")!;
const drawn = readDrawnPage();
// The server sends visitor pages, and members' pages when it can, already drawn: the app takes them
// over rather than draw them again. A member's page drawn in another zone than this browser's (she
// is travelling) is drawn again here, from the same answers, so its dates read as her clock does.
const sameZone = !drawn || drawn.zone.join() === zoneFingerprint(drawn.drawnAt).join();
const takeOver = container.hasAttribute("data-prerendered") && sameZone;
// The server learns this browser's zone for her next pages, once this one is idle.
if (!sameZone || !knowsTimeZone()) whenIdle(rememberTimeZone);
if (drawn && takeOver) {
  // Until then, "5 minutes ago" counts from when the page was drawn, so it reads as the page does.
  setDateContext(() => ({ now: () => new Date(drawn.drawnAt) }));
  whenPageLive(() => setDateContext(() => ({})));
}
const app = (
  <StrictMode>
    <App start={drawn && { user: drawn.user, queries: drawn.queries }} />
  </StrictMode>
);
// As a transition, the first render runs in short slices: the page stays responsive while it starts.
startTransition(() => {
  if (takeOver) hydrateRoot(container, app);
  else createRoot(container).render(app);
});

// The service worker makes the app installable and opens the shell instantly on return visits.
if ("serviceWorker" in navigator && import.meta.env.PROD) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  });
}
