let onHydrated: (() => void) | undefined;
let pageHydrated = false;
let live = false;
/** Parts of the first page with a chunk of their own that were started and are not hydrated yet. */
let partsPending = 0;

/** Runs `done` once the first page is hydrated (see `markHydrated`). */
export function whenHydrated(done: () => void) {
  onHydrated = done;
}

/**
 * Called once the first page's own part is on screen and responds to input: for a server-rendered page,
 * once React has hydrated it. The page is live (marked on <html> as `data-live`, for whatever must
 * wait for it) once every part of it with a chunk of its own (`lazyPart`) is hydrated too: until
 * then a press on such a part, already on screen, would do nothing.
 */
export function markHydrated() {
  pageHydrated = true;
  goLiveWhenReady();
}

function goLiveWhenReady() {
  if (live || !pageHydrated || partsPending > 0) return;
  live = true;
  document.documentElement.dataset.live = "";
  const done = onHydrated;
  onHydrated = undefined;
  done?.();
}

/**
 * A part of the page starts loading: the page is not live until the returned function is called
 * (once the part is hydrated, or failed to load). Nothing is held on the server or once live.
 */
export function holdLive(): () => void {
  if (live || typeof document === "undefined") return () => {};
  partsPending++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    partsPending--;
    goLiveWhenReady();
  };
}
