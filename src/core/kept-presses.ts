// A press on a page the server drew, made before the app has taken the page over, would do nothing:
// the page's loader keeps it (src/server/render/page-scripts.ts), the app's entry takes the kept
// presses over when it runs (src/web/main.tsx) and makes them again once the page is live.

/** What a press works on once the page is hydrated (a link works without it). */
export const PRESSABLE =
  'button, [role="button"], [role="switch"], [role="tab"], [role="checkbox"], [role="radio"], [role="menuitem"], summary';

/** The presses the loader kept, and how to stop it keeping more: the global the entry reads. */
export interface KeptPresses {
  presses: HTMLElement[];
  stop(): void;
}

/** The name of that global on `window`. */
export const KEPT_PRESSES = "keptPresses";
