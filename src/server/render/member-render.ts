import fs from "node:fs";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { CurrentUser } from "../../core/auth/schemas";
import { isTimeZone } from "../../core/format";
import type { Locale } from "../../core/i18n";
import { type MemberPageInput, type PageFetch, TIME_ZONE_COOKIE, USER_URL } from "../../core/member-pages";
import type { PublicConfig } from "../../core/public-config";
import { pagesBeingRendered } from "../http/request-log";

/** What the server-side build of the app exports for members' pages (src/web/server-render.tsx). */
interface ServerRenderModule {
  renderMemberPage(input: MemberPageInput): Promise<{ markup: string; state: unknown }>;
}

export interface RenderedMemberPage {
  /** The markup inside #root. */
  markup: string;
  /** Its dehydrated state, as JSON safe inside a <script> element. */
  state: string;
  /** The API URLs the render requested (who she is, then its prefetched queries), in order. */
  requested: string[];
  /** What each answered, by its path without the query string (an item page's item among them). */
  statuses: Map<string, number>;
}

export interface MemberRendererOptions {
  /** A render that takes longer is abandoned: the page is rendered in the browser instead. */
  timeoutMs?: number;
  /** Renders under way at once; beyond that, pages are rendered in the browser (it keeps up under load). */
  maxConcurrent?: number;
}

/**
 * Renders a signed-in member's page in the server with her own API responses, so it paints before any
 * script runs. The responses come from the app's own routes, requested in process with her cookie, so
 * every check and serialiser is the one her browser would meet. Returns undefined whenever the page
 * cannot be rendered (no server-side build, signed out, too busy, too slow, an error): the page is then
 * sent as before and rendered in the browser.
 */
export function memberPageRenderer(
  app: FastifyInstance,
  moduleFile: string,
  /** The public settings as they are now (the ministry's time zone among them). */
  config: () => PublicConfig,
  { timeoutMs = 3000, maxConcurrent = 16 }: MemberRendererOptions = {},
) {
  let loaded: Promise<ServerRenderModule | undefined> | undefined;
  // Loaded with the first member's page: an instance that only serves the API never holds it.
  const load = () =>
    (loaded ??= fs.existsSync(moduleFile)
      ? (import(pathToFileURL(moduleFile).href) as Promise<ServerRenderModule>).catch((err: unknown) => {
          app.log.warn(
            { err },
            "members' pages are rendered in the browser: the server-side build did not load",
          );
          return undefined;
        })
      : Promise.resolve(undefined));
  let underWay = 0;

  async function render(
    request: FastifyRequest,
    path: string,
    search: string,
    locale: Locale,
  ): Promise<RenderedMemberPage | undefined> {
    if (underWay >= maxConcurrent) return undefined;
    underWay += 1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const module = await load();
      if (!module) return undefined;
      const requested: string[] = [];
      const statuses = new Map<string, number>();
      pagesBeingRendered.add(request.id);
      const fetch = asMember(app, request, requested, statuses);
      const who = await fetch(USER_URL, {});
      if (who.status !== 200) return undefined;
      const user = (await who.json()) as CurrentUser;
      const zone = request.cookies[TIME_ZONE_COOKIE];
      const settings = config();
      const rendering = module.renderMemberPage({
        path,
        search,
        user,
        // Her browser's zone, kept in a cookie; before it says, the ministry's.
        timeZone: zone && isTimeZone(zone) ? zone : settings.timeZone,
        locale,
        config: settings,
        fetch,
      });
      const late = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), timeoutMs);
      });
      const rendered = await Promise.race([rendering, late]);
      if (!rendered) {
        rendering.catch(() => {});
        request.log.warn(
          { path },
          `a member's page took over ${timeoutMs} ms to render; sent to be rendered in the browser`,
        );
        return undefined;
      }
      // `<` escaped: the JSON can never close its <script> element, whatever a member wrote.
      return {
        markup: rendered.markup,
        state: JSON.stringify(rendered.state).replace(/</g, "\\u003c"),
        requested,
        statuses,
      };
    } catch (err) {
      request.log.warn(
        { err, path },
        "a member's page could not be rendered; sent to be rendered in the browser",
      );
      return undefined;
    } finally {
      clearTimeout(timer);
      pagesBeingRendered.delete(request.id);
      underWay -= 1;
    }
  }
  /** Loads the server-side build now rather than with the first member's page. */
  const warm = () => void load();
  return Object.assign(render, { warm });
}

/**
 * What the app's own API answers a GET of `url` as the member who requested the page: an item page
 * not rendered in the server asks whether its item is there.
 */
export async function statusAsMember(app: FastifyInstance, request: FastifyRequest, url: string) {
  // Part of the page's own line in the request log, as a render's requests are.
  const already = pagesBeingRendered.has(request.id);
  pagesBeingRendered.add(request.id);
  try {
    const res = await app.inject({ method: "GET", url, headers: memberHeaders(request) });
    return res.statusCode;
  } finally {
    if (!already) pagesBeingRendered.delete(request.id);
  }
}

const memberHeaders = (request: FastifyRequest) => ({
  cookie: request.headers.cookie ?? "",
  // Her page's answers in its language (the words of her notifications, say).
  "accept-language": request.headers["accept-language"] ?? "",
  "x-request-id": request.id,
});

/** GET requests to the app's own API as the member who requested the page; a render never writes. */
function asMember(
  app: FastifyInstance,
  request: FastifyRequest,
  requested: string[],
  statuses: Map<string, number>,
): PageFetch {
  const headers = memberHeaders(request);
  return async (url, init) => {
    const method = init.method ?? "GET";
    if (method !== "GET") throw new Error(`a page being rendered sent ${method} ${url}`);
    requested.push(url);
    const res = await app.inject({ method: "GET", url, headers });
    statuses.set(url.split("?")[0]!, res.statusCode);
    const type = res.headers["content-type"];
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.body, {
      status: res.statusCode,
      headers: type ? { "content-type": String(type) } : {},
    });
  };
}
