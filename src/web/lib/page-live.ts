let onLive: (() => void) | undefined;

/** Runs `done` once the first page is live (see `pageIsLive`). */
export function whenPageLive(done: () => void) {
  onLive = done;
}

/**
 * Called once the first page's own part is on screen and answers input: for a page the server drew,
 * once React has taken it over. Marked on <html> as `data-live`, for whatever must wait for it.
 */
export function pageIsLive() {
  document.documentElement.dataset.live = "";
  const done = onLive;
  onLive = undefined;
  done?.();
}
