/**
 * A page's main action (an event's "Going / Maybe / Can't go"): what nothing floating may cover.
 * A page marks the element with `mainActionRef`; the install card stays away while one is on the
 * page. A registry rather than a search of the page: the card hears of one as soon as it mounts,
 * and nothing watches the whole document.
 */

const elements = new Set<Element>();
const listeners = new Set<() => void>();

const changed = () => {
  for (const listener of listeners) listener();
};

/** A ref for the element that holds the page's main action (React calls the cleanup it returns). */
export function mainActionRef(element: Element | null) {
  if (!element) return;
  elements.add(element);
  changed();
  return () => {
    elements.delete(element);
    changed();
  };
}

/** Whether the page shows a main action now. */
export const hasMainAction = () => elements.size > 0;

/** Calls `listener` whenever a main action appears or goes; answers the way to stop. */
export function onMainActionChange(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
