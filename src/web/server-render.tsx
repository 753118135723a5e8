// Server-side entry, built by `vite build --ssr`. The server draws pages with it so their content
// paints before any script has run; the browser then takes over the same tree (main.tsx):
// - visitor pages (landing, sign-in), once, in a short-lived child process;
// - a member's page, per request, in the server itself, with her own answers.
import { AsyncLocalStorage } from "node:async_hooks";
import { dehydrate, type Query } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { setDateContext, zoneFingerprint } from "~/core/format";
import type { MemberPageInput, PageFetch } from "~/core/member-pages";
import type { PublicConfig } from "~/core/public-config";
import { App } from "./app";
import { setApiTransport } from "./lib/api";
import { USER_KEY } from "./lib/auth";
import type { DrawnPage } from "./lib/drawn-page";
import { publicConfig } from "./lib/public-config";
import { createQueryClient } from "./lib/query-client";

/** Visitor pages with no per-request content: the same HTML serves every visitor. */
export const PRERENDERED_PATHS = ["/", "/sign-in"];

interface Drawing {
  fetch: PageFetch;
  timeZone: string;
  now: Date;
}

// Several members' pages may be drawn at once: each drawing's requests, zone and clock are its own.
const drawing = new AsyncLocalStorage<Drawing>();
setApiTransport((url, init) => {
  const current = drawing.getStore();
  if (!current) return Promise.reject(new Error(`${url} was requested outside a member's page`));
  return current.fetch(url, init);
});
setDateContext(() => {
  const current = drawing.getStore();
  return current ? { timeZone: current.timeZone, now: () => current.now } : {};
});

/**
 * The markup of a tree, every lazy part and Suspense boundary resolved. A part that fails to draw
 * fails the whole drawing: the page is then drawn in the browser, rather than sent half drawn.
 */
async function draw(tree: ReactNode): Promise<string> {
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(<StrictMode>{tree}</StrictMode>, {
    // Every boundary inline, however large: a page sent whole needs no script to reveal its parts.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failure ??= error;
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  if (failure) throw failure;
  return Buffer.concat(chunks).toString("utf8");
}

/** The markup inside #root for a visitor at `path` (no query string), every lazy part included. */
export async function renderVisitorPage(path: string, config: PublicConfig): Promise<string> {
  Object.assign(publicConfig, config);
  return draw(<App ssrPath={path} />);
}

const wantsData = (query: Query) => {
  if (query.state.status !== "pending") return false;
  // The options of the hook that made the query, `enabled` among them.
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === "function" ? enabled(query) : enabled) !== false;
};

/**
 * A member's page as she would see it once its first answers arrived: drawn once to learn which
 * answers it asks for, those fetched as her (the API's own checks and serialisers), then drawn
 * with them. An answer that fails is left out; the page shows its loading state there and asks
 * again in the browser, as it would have.
 */
export async function renderMemberPage(
  input: MemberPageInput,
): Promise<{ markup: string; state: DrawnPage }> {
  Object.assign(publicConfig, input.config);
  const now = new Date();
  return drawing.run({ fetch: input.fetch, timeZone: input.timeZone, now }, async () => {
    const client = createQueryClient();
    client.setQueryData(USER_KEY, input.user);
    const tree = () => (
      <App ssrPath={input.path} ssrSearch={input.search} start={{ user: input.user, client }} />
    );
    await draw(tree());
    const wanted = client.getQueryCache().findAll({ predicate: wantsData });
    await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
    client.removeQueries({ predicate: (query) => query.state.status !== "success" });
    const markup = await draw(tree());
    const state: DrawnPage = {
      user: input.user,
      timeZone: input.timeZone,
      zone: zoneFingerprint(now.getTime()),
      drawnAt: now.getTime(),
      queries: dehydrate(client),
    };
    client.clear();
    return { markup, state };
  });
}
