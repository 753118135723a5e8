import { useEffect } from "react";
import { pageIsLive } from "~/web/lib/page-live";

/** Placed after a page in its Suspense boundary: its effect runs once the page is live. */
export function PageLive() {
  useEffect(pageIsLive, []);
  return null;
}
