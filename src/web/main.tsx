import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app";
import "./lib/install-offer";
import "./styles.css";

const container = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// As a transition, the first render runs in short slices: the page stays responsive while it starts.
startTransition(() => {
  // The server sends the visitor pages already rendered: the app takes them over rather than redraw.
  if (container.hasAttribute("data-prerendered")) hydrateRoot(container, app);
  else createRoot(container).render(app);
});

// The service worker makes the app installable and opens the shell instantly on return visits.
if ("serviceWorker" in navigator && import.meta.env.PROD) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  });
}
