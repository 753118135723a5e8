import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while a server-rendered page is still waiting for its script (and on the server), true
 * once the app runs it: a form must not submit natively before its handler is there.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
