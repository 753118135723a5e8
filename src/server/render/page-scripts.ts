import crypto from "node:crypto";
import { KEPT_PRESSES, PRESSABLE } from "../../core/kept-presses";

/**
 * The attribute of an element on a page read from its end: drawn by the server, the page opens
 * there before its scripts start (src/web/features/messages/thread-page.tsx).
 */
export const OPENS_AT_END = "data-opens-at-end";

/** The element holding a rendered page's scripts (its entry first), which start after it has painted. */
export const PAGE_MODULES_ELEMENT_ID = "page-modules";

/**
 * Starts a rendered page's scripts once it has painted. They only take over a page that is already
 * there, but fetched with it they would share the line with its style sheet and fonts, and the
 * browser runs them, hydration and all, before its first frame: the page would show no sooner than
 * the app can run. A tab in the background paints nothing, so there they start at once; a browser
 * that cannot say when it painted starts them on the next frame; and whatever happens, they start
 * within two seconds.
 */
export const PAGE_MODULES_LOADER = `(function () {
  var d = document, started = false;
  // A page read from its end (a conversation, marked by the attribute below) opens there as soon
  // as it is drawn, not once its scripts have come, which on a slow phone is seconds later.
  if (d.querySelector("[${OPENS_AT_END}]")) scrollTo({ top: d.documentElement.scrollHeight, behavior: "instant" });
  // A press on the drawn page before the app's modules have run is kept for the app, which makes it
  // again once the page is live (src/web/main.tsx takes the kept presses over).
  var root = d.querySelector("#root[data-prerendered]"), kept = [];
  function keep(e) {
    var t = e.target.closest ? e.target.closest(${JSON.stringify(PRESSABLE)}) : null;
    if (!t || !root.contains(t)) return;
    e.preventDefault();
    e.stopPropagation();
    kept.push(t);
  }
  if (root) {
    d.addEventListener("click", keep, true);
    window.${KEPT_PRESSES} = { presses: kept, stop: function () { d.removeEventListener("click", keep, true); } };
  }
  function start() {
    if (started) return;
    started = true;
    // One element a task: adding one starts its request, and that takes the browser a moment. The
    // entry comes last: the modules it imports are each compiled as they arrive, in tasks of their
    // own, rather than all together in the one that runs it.
    var hrefs = JSON.parse(d.getElementById("${PAGE_MODULES_ELEMENT_ID}").textContent);
    hrefs.slice(1).concat(hrefs[0]).forEach(function (href, i, all) {
      setTimeout(function () {
        var entry = i === all.length - 1, el = d.createElement(entry ? "script" : "link");
        if (entry) { el.type = "module"; el.src = href; } else { el.rel = "modulepreload"; el.href = href; }
        el.crossOrigin = "";
        d.head.appendChild(el);
      });
    });
  }
  setTimeout(start, 2000);
  if (d.visibilityState !== "visible") return start();
  d.addEventListener("visibilitychange", start);
  var P = window.PerformanceObserver;
  if (P && P.supportedEntryTypes && P.supportedEntryTypes.indexOf("paint") >= 0) {
    new P(function (list) {
      if (list.getEntriesByName("first-contentful-paint").length) setTimeout(start);
    }).observe({ type: "paint", buffered: true });
  } else requestAnimationFrame(function () { setTimeout(start); });
})();`;

/** What the Content-Security-Policy names to let the loader, and no other inline script, run. */
export const PAGE_MODULES_LOADER_HASH = `'sha256-${crypto.createHash("sha256").update(PAGE_MODULES_LOADER).digest("base64")}'`;

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The page's module scripts (the entry and every `modulepreload`) taken out of its head and started
 * by the loader after the first paint. A page without an entry script is sent as it is.
 */
export function startModulesAfterPaint(html: string): string {
  const entry = MODULE_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const modules = JSON.stringify([entry, ...new Set(preloads)]);
  return html
    .replace(MODULE_SCRIPT, "")
    .replace(MODULE_PRELOAD, "")
    .replace(
      "</body>",
      () =>
        `<script id="${PAGE_MODULES_ELEMENT_ID}" type="application/json">${modules}</script>` +
        `<script>${PAGE_MODULES_LOADER}</script></body>`,
    );
}
