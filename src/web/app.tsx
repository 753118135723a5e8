import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { Router } from "wouter";
import { hasSessionHint, useBootUser } from "./lib/boot-user";
import type { MemberStart } from "./lib/dehydrated-state";
import { useToasts } from "./lib/toast";
import { preloadMemberPage } from "./routes";
import VisitorApp from "./visitor-app";

// A returning member's app starts downloading while we ask the server who she is.
const loadMemberApp = () => import("./member-app");
if (hasSessionHint()) {
  void loadMemberApp();
  preloadMemberPage(window.location.pathname);
}
const MemberApp = lazy(loadMemberApp);
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
      <p className="font-display text-lg text-sage-700">Loading...</p>
    </div>
  );
}

function Root({ start }: { start?: MemberStart }) {
  const boot = useBootUser(start?.user);
  if (boot.status === "loading") return <FullPageLoading />;
  if (boot.status === "error") {
    return (
      <main className="flex min-h-dvh items-center justify-center p-6 text-center">
        <div className="max-w-md space-y-3">
          <h1 className="text-2xl font-semibold">We can't reach the community right now</h1>
          <p className="text-muted">{boot.error.message}</p>
          <button
            type="button"
            className="rounded-full bg-sage-600 px-5 py-2.5 font-semibold text-white"
            onClick={() => window.location.reload()}
          >
            Try again
          </button>
        </div>
      </main>
    );
  }
  return (
    <Suspense fallback={<FullPageLoading />}>
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
    <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
      <Root start={start} />
      <LazyToaster />
      <Suspense fallback={null}>
        <InstallPrompt />
      </Suspense>
    </Router>
  );
}
