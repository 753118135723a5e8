let onHydrated: (() => void) | undefined;

/** Runs `done` once the first page is hydrated (see `markHydrated`). */
export function whenHydrated(done: () => void) {
  onHydrated = done;
}

/**
 * Called once the first page's own part is on screen and answers input: for a server-rendered page,
 * once React has hydrated it. Marked on <html> as `data-live`, for whatever must wait for it.
 */
export function markHydrated() {
  document.documentElement.dataset.live = "";
  const done = onHydrated;
  onHydrated = undefined;
  done?.();
}
