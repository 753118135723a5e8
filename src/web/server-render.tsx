// Server-side entry, built by `vite build --ssr`. The server renders pages with it so their content
// paints before any script has run; the browser then hydrates the same tree (main.tsx):
// - visitor pages (landing, sign-in), once, in a short-lived child process;
// - a member's page, per request, in the server itself, with her own API responses.
import { AsyncLocalStorage } from "node:async_hooks";
import englishMessages from "virtual:catalogue/en";
import hebrewMessages from "virtual:catalogue/he";
import { dehydrate, type Query } from "@tanstack/react-query";
import { renderToStringAsync } from "preact-render-to-string";
import { type ReactNode, StrictMode } from "react";
import { setDateContext, zoneFingerprint } from "~/core/format";
import { createTranslator, type Locale, setTranslationContext } from "~/core/i18n";
import type { MemberPageInput, PageFetch } from "~/core/member-pages";
import type { PublicConfig } from "~/core/public-config";
import { App } from "./app";
import { setApiTransport } from "./lib/api";
import { USER_KEY } from "./lib/auth";
import type { DehydratedPageState } from "./lib/dehydrated-state";
import { publicConfig } from "./lib/public-config";
import { createQueryClient } from "./lib/query-client";

/** Visitor pages with no per-request content: the same HTML serves every visitor. */
export const PRERENDERED_PATHS = ["/", "/sign-in"];

interface RenderScope {
  fetch?: PageFetch;
  timeZone?: string;
  now?: Date;
  locale: Locale;
}

const translators = {
  en: createTranslator("en", englishMessages),
  he: createTranslator("he", hebrewMessages),
};

// Several members' pages may be rendered at once: each render's requests, zone and clock are its own.
const renderScope = new AsyncLocalStorage<RenderScope>();
setApiTransport((url, init) => {
  const current = renderScope.getStore();
  if (!current?.fetch) return Promise.reject(new Error(`${url} was requested outside a member's page`));
  return current.fetch(url, init);
});
setDateContext(() => {
  const current = renderScope.getStore();
  const now = current?.now;
  return current?.timeZone ? { timeZone: current.timeZone, now: now && (() => now) } : {};
});
setTranslationContext(() => translators[renderScope.getStore()?.locale ?? "en"]);

/**
 * The markup of a tree, every lazy part and Suspense boundary resolved. A part that fails to render
 * fails the whole render: the page is then rendered in the browser, rather than sent half rendered.
 */
async function renderToMarkup(tree: ReactNode): Promise<string> {
  return renderToStringAsync(<StrictMode>{tree}</StrictMode>);
}

/** The markup inside #root for a visitor at `path` (no query string), every lazy part included. */
export async function renderVisitorPage(
  path: string,
  config: PublicConfig,
  locale: Locale = "en",
): Promise<string> {
  Object.assign(publicConfig, config);
  return renderScope.run({ locale }, () => renderToMarkup(<App ssrPath={path} />));
}

const needsPrefetch = (query: Query) => {
  if (query.state.status !== "pending") return false;
  // The options of the hook that made the query, `enabled` among them.
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === "function" ? enabled(query) : enabled) !== false;
};

/**
 * A member's page as she would see it once its first responses arrived: rendered once to learn which
 * queries it starts, those prefetched as her (the API's own checks and serialisers), then rendered
 * with them. A request that fails is left out; the page shows its loading state there and asks
 * again in the browser, as it would have.
 */
export async function renderMemberPage(
  input: MemberPageInput,
): Promise<{ markup: string; state: DehydratedPageState }> {
  Object.assign(publicConfig, input.config);
  const now = new Date();
  return renderScope.run(
    { fetch: input.fetch, timeZone: input.timeZone, now, locale: input.locale },
    async () => {
      const client = createQueryClient();
      client.setQueryData(USER_KEY, input.user);
      const tree = () => (
        <App ssrPath={input.path} ssrSearch={input.search} start={{ user: input.user, client }} />
      );
      await renderToMarkup(tree());
      const toPrefetch = client.getQueryCache().findAll({ predicate: needsPrefetch });
      await Promise.all(toPrefetch.map((query) => query.fetch().catch(() => undefined)));
      client.removeQueries({ predicate: (query) => query.state.status !== "success" });
      const markup = await renderToMarkup(tree());
      const state: DehydratedPageState = {
        user: input.user,
        timeZone: input.timeZone,
        zone: zoneFingerprint(now.getTime()),
        renderedAt: now.getTime(),
        queries: dehydrate(client),
      };
      client.clear();
      return { markup, state };
    },
  );
}
