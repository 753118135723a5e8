/** Runs `task` once the page has loaded and the browser has a moment to spare; returns a cancel. */
export function whenIdle(task: () => unknown): () => void {
  let handle: number | undefined;
  const schedule = () => {
    handle =
      typeof requestIdleCallback === "function"
        ? requestIdleCallback(() => void task(), { timeout: 5000 })
        : window.setTimeout(() => void task(), 1000);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (handle === undefined) return;
    if (typeof cancelIdleCallback === "function") cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}
