import { Download, X } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { INSTALL_AFTER_OFFER_MS, INSTALL_FALLBACK_MS } from "~/core/constants";
import { t } from "~/web/lib/i18n";
import {
  dismissInstallCard,
  type InstallPlatform,
  installOffer,
  installPlatform,
} from "~/web/lib/install-offer";
import { hasMainAction, onMainActionChange } from "~/web/lib/main-action";
import { Button } from "./ui/button";

// The steps and their dialog load when she asks for them: visitor pages start without the dialog code.
const InstallSteps = lazy(() => import("./install-steps"));

/** The CSS variable that tells the toasts how far above the bottom edge the card's top is. */
const CLEARANCE_VAR = "--install-card-clearance";

/**
 * "Install App" card: offered once she has come back, on the third day she opens the app
 * (`installCardEarned`, which decides whether it is mounted at all), then 3 s
 * after the browser offers installation, or 5 s after load when no offer came. Dismissing it keeps
 * it away for a month instead of nagging on every visit. It floats at the bottom of the screen and
 * the page keeps room below its end, so nothing stays hidden under it; on a page whose main action
 * it could cover (an event's answers) it waits until she is on another page.
 */
export default function InstallPrompt() {
  const [visible, setVisible] = useState(false);
  const [steps, setSteps] = useState<InstallPlatform | null>(null);
  const mainAction = useMainAction();
  const keepClear = useClearance();

  useEffect(() => {
    // Mounted only once she has earned the card (`installCardEarned`).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      const at = installOffer.offeredAt();
      const elapsed = performance.now();
      const wait = at
        ? Math.max(0, INSTALL_AFTER_OFFER_MS - (Date.now() - at))
        : Math.max(0, INSTALL_FALLBACK_MS - elapsed);
      timer = setTimeout(() => setVisible(true), wait);
    };
    schedule();
    const unsubscribe = installOffer.subscribe(schedule);
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);

  if (!visible || mainAction) return null;

  const hide = () => {
    setVisible(false);
    installOffer.clear();
    dismissInstallCard();
  };

  const install = async () => {
    const offer = installOffer.get();
    if (!offer) {
      // No offer to answer (Safari never makes one): the steps to install by hand.
      setSteps(installPlatform(navigator));
      return;
    }
    await offer.prompt();
    installOffer.clear();
    setVisible(false);
  };

  return (
    <section
      ref={keepClear}
      aria-labelledby="install-title"
      className="fixed inset-x-3 bottom-20 z-40 mx-auto max-w-md animate-slide-in rounded-2xl border border-linen bg-white p-4 shadow-[var(--shadow-lift)] md:end-6 md:bottom-6 md:start-auto"
    >
      <button
        type="button"
        onClick={hide}
        aria-label={t("Close")}
        className="absolute top-3 end-3 rounded-full p-1.5 text-muted hover:bg-parchment hover:text-ink"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      <div className="flex gap-3 pe-6">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-sage-100 text-sage-700">
          <Download className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 id="install-title" className="font-sans text-base font-bold">
            {t("Install App")}
          </h2>
          <p className="mt-0.5 text-sm text-muted">
            {t("Install the app on your device for quick access and a better experience.")}
          </p>
          <div className="mt-3 flex gap-2">
            <Button size="sm" onClick={install}>
              {t("Install")}
            </Button>
            <Button size="sm" variant="ghost" onClick={hide}>
              {t("Not Now")}
            </Button>
          </div>
        </div>
      </div>
      {steps && (
        <Suspense fallback={null}>
          <InstallSteps platform={steps} onClose={() => setSteps(null)} />
        </Suspense>
      )}
    </section>
  );
}

/** Whether the page shows a main action (`web/lib/main-action`), kept up to date. */
function useMainAction() {
  const [present, setPresent] = useState(false);
  useEffect(() => {
    const update = () => setPresent(hasMainAction());
    update();
    return onMainActionChange(update);
  }, []);
  return present;
}

/**
 * While the card is shown, keeps the distance from the bottom of the screen to its top in a CSS
 * variable, so the toasts (ui/toaster.tsx) stack above it rather than over it, and as room below the
 * page's end, so she can scroll the last of the page up above the card.
 */
function useClearance() {
  return useCallback((card: HTMLElement | null) => {
    const root = document.documentElement;
    if (!card) {
      root.style.removeProperty(CLEARANCE_VAR);
      document.body.style.removeProperty("padding-bottom");
      return;
    }
    // From its layout, not its box on screen: the card slides in, and its box moves meanwhile.
    // Measured when the observer first reports it, once the browser has laid it out anyway, not here
    // in the middle of React's commit, which would make the browser lay out the page at once.
    const measure = () => {
      const clearance = `${Number.parseFloat(getComputedStyle(card).bottom) + card.offsetHeight}px`;
      root.style.setProperty(CLEARANCE_VAR, clearance);
      document.body.style.setProperty("padding-bottom", clearance);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(card);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
      root.style.removeProperty(CLEARANCE_VAR);
      document.body.style.removeProperty("padding-bottom");
    };
  }, []);
}
