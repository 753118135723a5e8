import { useEffect } from "react";
import { markHydrated } from "~/web/lib/hydration";

/** Placed after a page in its Suspense boundary: its effect runs once the page is hydrated. */
export function HydrationMarker() {
  useEffect(markHydrated, []);
  return null;
}
