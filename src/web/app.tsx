import { DirectionProvider } from "@radix-ui/react-direction";
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from "react";
import { Router, useLocation } from "wouter";
import { currentLocale, directionOf, t, translateKnown } from "~/core/i18n";
import { documentTitle, NOT_FOUND_TITLE, pageNameOf } from "~/core/page-titles";
import { hasSessionHint, useBootUser } from "./lib/boot-user";
import type { MemberStart } from "./lib/dehydrated-state";
import { installCardEarned } from "./lib/install-offer";
import { loadable } from "./lib/loadable";
import { publicConfig } from "./lib/public-config";
import { useToasts } from "./lib/toast";
import { preloadMemberPage } from "./routes";
import VisitorApp from "./visitor-app";

// A returning member's app starts downloading while we ask the server who she is.
const memberApp = loadable(() => import("./member-app"));
/** The member app and her page's module, when she is signed in: the first page hydrates once they are here. */
export const firstPageLoaded: Promise<unknown> = hasSessionHint()
  ? Promise.all([memberApp.load(), preloadMemberPage(window.location.pathname)]).catch(() => {})
  : Promise.resolve();
const MemberApp = memberApp.Component;
const InstallPrompt = lazy(() => import("./components/install-prompt"));

export function FullPageLoading() {
  return (
    <div
      className="flex min-h-dvh flex-col items-center justify-center gap-4"
      role="status"
      aria-live="polite"
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-[3px] border-sage-200 border-t-sage-600"
      />
      <p className="font-display text-lg text-sage-700">{t("Loading...")}</p>
    </div>
  );
}

/**
 * Keeps the document's title that of the page she is on as she moves between pages. The server titles
 * the page it sends (a missing item's page is "Page Not Found" there, which the browser cannot tell
 * from its address): that title stays until she moves, unless the page came from the service
 * worker's shell, titled with the site's name alone.
 */
function PageTitle({ signedIn }: { signedIn: boolean }) {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const { siteName } = publicConfig;
    const fromServer = first.current && document.title !== siteName;
    first.current = false;
    if (fromServer) return;
    document.title = documentTitle(
      translateKnown(pageNameOf(location, signedIn) ?? NOT_FOUND_TITLE),
      siteName,
    );
  }, [location, signedIn]);
  return null;
}

/** The install card, loaded only once she has earned it (never on a first visit). */
function InstallCard() {
  const [earned, setEarned] = useState(false);
  useEffect(() => setEarned(installCardEarned()), []);
  return earned ? <InstallPrompt /> : null;
}

function Root({ start }: { start?: MemberStart }) {
  const boot = useBootUser(start?.user);
  if (boot.status === "loading") return <FullPageLoading />;
  if (boot.status === "error") {
    return (
      <main className="flex min-h-dvh items-center justify-center p-6 text-center">
        <div className="max-w-md space-y-3">
          <h1 className="text-2xl font-semibold">{t("We can't reach the community right now")}</h1>
          <p className="text-muted">
            {boot.error instanceof TypeError
              ? t("We couldn't reach the server. Please check your connection and try again.")
              : t("Something went wrong. Please try again.")}
          </p>
          <button
            type="button"
            className="rounded-full bg-sage-600 px-5 py-2.5 font-semibold text-white"
            onClick={() => window.location.reload()}
          >
            {t("Try again")}
          </button>
        </div>
      </main>
    );
  }
  return (
    <Suspense fallback={<FullPageLoading />}>
      <PageTitle signedIn={boot.user !== null} />
      {boot.user ? (
        <MemberApp user={boot.user} queries={start?.queries} client={start?.client} />
      ) : (
        <VisitorApp />
      )}
    </Suspense>
  );
}

/** The toast UI loads with the first toast, keeping it out of the first page's JavaScript. */
function LazyToaster() {
  const toasts = useToasts();
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const hasToasts = toasts.length > 0;
  useEffect(() => {
    // Loaded by hand rather than with lazy(): Suspense would hold the first toast back for a moment.
    if (hasToasts && !Toaster)
      void import("./components/ui/toaster").then((m) => setToaster(() => m.default));
  }, [hasToasts, Toaster]);
  return Toaster ? <Toaster /> : null;
}

/**
 * `ssrPath` and `ssrSearch` are given when the server renders a page, and `start` when it renders a
 * member's; the browser renders the same tree from the same `start`.
 */
export function App({
  ssrPath,
  ssrSearch,
  start,
}: {
  ssrPath?: string;
  ssrSearch?: string;
  start?: MemberStart;
}) {
  return (
    <DirectionProvider dir={directionOf(currentLocale())}>
      <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
        <Root start={start} />
        <LazyToaster />
        <Suspense fallback={null}>
          <InstallCard />
        </Suspense>
      </Router>
    </DirectionProvider>
  );
}
