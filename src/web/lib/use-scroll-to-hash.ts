import { useEffect } from "react";
import { useLocation } from "wouter";

/**
 * Brings the element the address's `#fragment` names into view and focus once `ready` (its content
 * has arrived): a link such as `/community#prayer-12` or `/video/3#reflections` lands on what it
 * names, also when the app navigates without reloading (the browser does it only on a full load).
 */
export function useScrollToHash(ready: boolean) {
  const [path] = useLocation();
  useEffect(() => {
    if (!ready) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (!target) return;
    target.scrollIntoView({ block: "start" });
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [ready, path]);
}
