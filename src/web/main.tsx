import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { setDateContext, zoneFingerprint } from "~/core/format";
import { KEPT_PRESSES, type KeptPresses, PRESSABLE } from "~/core/kept-presses";
import { App, firstPageLoaded } from "./app";
import { hasSessionHint } from "./lib/boot-user";
import { readDehydratedState } from "./lib/dehydrated-state";
import { startFirstHydration, whenHydrated, whenTurnsTaken } from "./lib/hydration";
import { whenIdle } from "./lib/idle";
import { startTranslations } from "./lib/page-language";
import { knowsTimeZone, rememberTimeZone } from "./lib/time-zone";
import "./lib/install-offer";
import "./styles.css";

const container = document.getElementById("root")!;
const dehydrated = readDehydratedState();
// The server sends visitor pages, and members' pages when it can, already rendered: the app hydrates
// them rather than render them again. A member's page rendered in another zone than this browser's
// (she is travelling) is rendered again here, from the same responses, so its dates read as her clock does.
const sameZone = !dehydrated || dehydrated.zone.join() === zoneFingerprint(dehydrated.renderedAt).join();
const shouldHydrate = container.hasAttribute("data-prerendered") && sameZone;
// The server learns a member's zone for her next pages, once this one is idle. A visitor's browser is
// not asked (asking costs a long task on a phone): signing in tells it.
if (hasSessionHint() && (!sameZone || !knowsTimeZone())) whenIdle(rememberTimeZone);
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
// A press on the drawn page before it is hydrated would do nothing: it is kept, and made again once
// the page answers (a link needs no script, and goes its own way). The page's loader kept those
// made before this module ran; it stops, and this module keeps the rest.
const keptEarlier = (window as unknown as Record<typeof KEPT_PRESSES, KeptPresses | undefined>)[KEPT_PRESSES];
keptEarlier?.stop();
const pressed: HTMLElement[] = shouldHydrate ? (keptEarlier?.presses ?? []) : [];
const keepPress = (event: MouseEvent) => {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(PRESSABLE) : null;
  if (!target || !container.contains(target)) return;
  event.preventDefault();
  event.stopPropagation();
  pressed.push(target);
};
if (shouldHydrate) document.addEventListener("click", keepPress, true);

/**
 * A kept press made again as a pointer makes one: down, focus, up, then the click. A tab is chosen
 * as the pointer goes down, which the click alone would not make again.
 */
function pressAgain(target: HTMLElement) {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, view: window };
  const pointer = { ...init, pointerType: "mouse", isPrimary: true };
  target.dispatchEvent(new PointerEvent("pointerdown", pointer));
  target.dispatchEvent(new MouseEvent("mousedown", init));
  target.focus({ preventScroll: true });
  target.dispatchEvent(new PointerEvent("pointerup", pointer));
  target.dispatchEvent(new MouseEvent("mouseup", init));
  target.click();
}

// It starts in a task of its own: running the app's modules was one task already, and a press
// between the two is handled. A Hebrew page waits for its catalogue, and a member's page for its
// modules (all announced in its HTML, so already on their way): it hydrates in one pass.
void Promise.all([startTranslations(), shouldHydrate && firstPageLoaded]).then(() =>
  setTimeout(() =>
    startTransition(() => {
      if (!shouldHydrate) {
        createRoot(container).render(app);
        return;
      }
      startFirstHydration();
      hydrateRoot(container, app);
      // Parts hydrated in turn (`HydratedInTurn`) follow, a task each: presses wait for the last.
      whenTurnsTaken(() => {
        document.removeEventListener("click", keepPress, true);
        for (const target of pressed.splice(0)) if (target.isConnected) pressAgain(target);
      });
    }),
  ),
);

// The service worker makes the app installable and opens the shell instantly on return visits.
if ("serviceWorker" in navigator && import.meta.env.PROD) {
  whenIdle(() => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {}));
}
