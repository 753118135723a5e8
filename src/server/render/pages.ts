import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { directionOf, LOCALES, type Locale, shellFileOf, translateKnown } from "../../core/i18n";
import { MEMBER_PAGE_RESPONSES } from "../../core/member-page-responses";
import {
  DEHYDRATED_STATE_ELEMENT_ID,
  itemUrlOf,
  type MemberPage,
  memberPageFor,
  memberPages,
} from "../../core/member-pages";
import { documentTitle, NOT_FOUND_TITLE, pageNameOf } from "../../core/page-titles";
import type { PublicConfig } from "../../core/public-config";
import { resolveSession, SIGNED_IN_HINT_COOKIE } from "../auth/sessions";
import { inLocale, localeOfRequest } from "../i18n";
import { embedConfig, withTitle } from "./embed-config";
import { memberPageRenderer, type RenderedMemberPage, statusAsMember } from "./member-render";
import { encodeOnce, pageEncoder } from "./page-compression";
import {
  type Manifest,
  MEMBER_APP,
  memberHints,
  moduleHints,
  modulePreloads,
  readManifest,
} from "./page-hints";
import { prerenderVisitorPages, renderedShell, withPrerendered } from "./prerender";
import { registerStaticFiles } from "./static-files";

/** Visitor pages the visitor app loads lazily: their chunks are announced the same way. */
const VISITOR_PAGES: Record<string, string> = { "/sign-in": "src/web/features/auth/sign-in-page.tsx" };

/** Images a signed-in page shows first, by page path (they depend on data, so looked up per request). */
export type ImageHints = Record<string, () => Promise<string[]>>;

export interface PageOptions {
  webRoot: string;
  /** The public settings as they are now: read again by `refresh` when they change. */
  publicConfig: () => PublicConfig;
  imageHints?: ImageHints;
  /** Render the visitor pages now rather than for the first visitor (a server, not a test). */
  prerenderAtStart?: boolean;
  /** Render members' pages in the server with their API responses (on unless turned off). */
  renderMemberPages?: boolean;
  /**
   * Open pages that are there only when the link that opens them works (the setup page, by its
   * token): given the query string, whether the page is there; when not, the path answers 404.
   */
  pageGates?: Record<string, (query: URLSearchParams) => Promise<boolean>>;
}

/**
 * Serves the built browser app: its files (`static-files.ts`), and for every other non-API path the
 * page, so client routes work on reload. Visitors get the prerendered page, a signed-in member her
 * page rendered with her API responses when it can be, else index.html with hints of what it will need.
 * Each page carries its own title; a path that leads nowhere, and an item page whose item is not there
 * for her, answer 404 with the app's friendly not-found page.
 * Returns the page handler (for the not-found handler) and `refresh`, for when the settings change;
 * false when there is no build.
 */
export async function registerPages(
  app: FastifyInstance,
  {
    webRoot,
    publicConfig,
    imageHints = {},
    prerenderAtStart = false,
    renderMemberPages = true,
    pageGates = {},
  }: PageOptions,
) {
  const indexFile = path.join(webRoot, "index.html");
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`no built web app at ${webRoot}; run "npm run build" to serve pages`);
    return false;
  }
  const manifest = readManifest(webRoot);
  const shells = new Map(LOCALES.map((locale) => [locale, localizedIndex(webRoot, locale)]));
  // Every variant is built here, for each language, and again only when the settings change; a page
  // request costs a lookup.
  let config = publicConfig();
  const variants = new Map<Locale, LanguageVariants>();
  const buildVariants = () => {
    for (const locale of LOCALES)
      variants.set(locale, languageVariants(shells.get(locale)!, manifest, config, locale));
  };
  buildVariants();
  const serverRender = path.join(webRoot, "..", "server-render", "server-render.js");
  const renderMember = renderMemberPages ? memberPageRenderer(app, serverRender, () => config) : undefined;
  // Visitor pages arrive rendered: their HTML is prerendered off the main thread and cached for the
  // day, in each language, keyed "he /sign-in".
  const render = () =>
    prerenderVisitorPages(serverRender, config, (message) =>
      app.log.warn(`visitor pages are rendered in the browser: ${message}`),
    ).then(
      (pages) =>
        new Map(
          [...pages].map(([key, markup]) => {
            const [locale, page] = key.split(" ") as [Locale, string];
            const variant = variants.get(locale)!;
            return [
              key,
              variant.titled(
                withPrerendered(renderedShell(variant.visitorHtml.get(page) ?? variant.indexHtml), markup),
                pageNameOf(page, false) ?? NOT_FOUND_TITLE,
              ),
            ];
          }),
        ),
    );
  let prerendered: { day: string; pages: Promise<Map<string, string>> } | undefined;
  const prerenderedPages = () => {
    const day = new Date().toISOString().slice(0, 10);
    if (!prerendered) prerendered = { day, pages: render() };
    else if (prerendered.day !== day) {
      // A new day (the footer's year may have turned): rendered again, the old pages served meanwhile.
      const next = render();
      prerendered = { day, pages: prerendered.pages };
      void next.then((pages) => {
        if (pages.size > 0) prerendered = { day, pages: next };
      });
    }
    return prerendered.pages;
  };
  if (prerenderAtStart) {
    void prerenderedPages();
    renderMember?.warm();
  }
  let encode = pageEncoder();

  /**
   * The settings changed: every variant is built again with them, and the visitor pages rendered
   * again at once (a visitor meanwhile waits for them rather than see the old ones).
   */
  const refresh = () => {
    config = publicConfig();
    buildVariants();
    encode = pageEncoder();
    prerendered = { day: new Date().toISOString().slice(0, 10), pages: render() };
  };

  await registerStaticFiles(app, webRoot);

  /**
   * Whether the item an item page names is not there for her: the render's own request says, or,
   * when the page was not rendered, one asked for the purpose.
   */
  const itemMissing = async (
    request: FastifyRequest,
    page: MemberPage,
    pathname: string,
    rendered: RenderedMemberPage | undefined,
  ) => {
    const url = itemUrlOf(page, pathname);
    if (!url) return false;
    const status = rendered?.statuses.get(url) ?? (await statusAsMember(app, request, url));
    return status === 404 || status === 400;
  };

  /** Her chosen language when she is signed in, else the visitor's (switch, browser, ministry). */
  const localeOf = async (request: FastifyRequest, reply: FastifyReply, signedIn: boolean) => {
    const viewer = signedIn
      ? await resolveSession(app.db, app.config, request, reply, app.sessionCache)
      : null;
    return localeOfRequest(request, app.config, viewer?.locale);
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname = "/", query] = request.url.split("?");
    const signedIn = request.cookies[SIGNED_IN_HINT_COOKIE] === "1";
    // A shell the service worker keeps is in its own language, whoever asks.
    const shell = SHELLS.get(request.url);
    const locale = shell ?? (await localeOf(request, reply, signedIn));
    const { indexHtml, memberHtml, memberOtherHtml, memberRenderedHtml, visitorHtml, titled, titledOnce } =
      variants.get(locale)!;
    let html: string;
    let fixed = true;
    let personal = false;
    let found = true;
    const gate = pageGates[pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname];
    const closed = gate ? !(await gate(new URLSearchParams(query ?? ""))) : false;
    // The service worker keeps the shells for offline: they must stay the plain ones.
    if (shell) html = indexHtml;
    else if (!signedIn) {
      const name = closed ? undefined : pageNameOf(pathname, false);
      found = name !== undefined;
      // A query string (?mode=register, ?error=…) changes what the page shows: rendered in the browser.
      const prerenderedHtml =
        query === undefined ? (await prerenderedPages()).get(`${locale} ${pathname}`) : undefined;
      html =
        prerenderedHtml ??
        titledOnce(
          visitorHtml.has(pathname) ? pathname : "",
          visitorHtml.get(pathname) ?? indexHtml,
          name ?? NOT_FOUND_TITLE,
        );
    } else {
      const page = memberPageFor(pathname);
      const rendered =
        page && renderMember ? await renderMember(request, pathname, query ?? "", locale) : undefined;
      found = page
        ? !(await itemMissing(request, page, pathname, rendered))
        : !closed && pageNameOf(pathname, true) !== undefined;
      html = page
        ? memberHtml.get(page.path)!
        : titledOnce("member", memberOtherHtml, pageNameOf(pathname, true) ?? NOT_FOUND_TITLE);
      if (page && rendered) {
        fixed = false;
        personal = true;
        const state = `<script id="${DEHYDRATED_STATE_ELEMENT_ID}" type="application/json">${rendered.state}</script>`;
        html = withPrerendered(memberRenderedHtml.get(page.path)!, rendered.markup, state);
      }
      if (!found) html = titled(html, NOT_FOUND_TITLE);
      const images = !rendered && page && imageHints[page.path];
      // A hint is only a hint: if it cannot be had, the page is sent without it.
      const urls = images ? await images().catch(() => []) : [];
      if (urls.length) {
        fixed = false;
        const links = urls.map((url) => `<link rel="preload" as="image" href="${url}" fetchpriority="high">`);
        html = html.replace("</head>", `${links.join("")}</head>`);
      }
    }
    reply
      .status(found ? 200 : 404)
      // A member's server-rendered page holds her own data: never stored by a shared cache.
      .header("Cache-Control", personal ? "private, no-cache" : "no-cache")
      .header("Vary", "Cookie, Accept-Encoding, Accept-Language")
      // The service worker keeps the last page's language, for the shell it opens offline.
      .header("Content-Language", locale)
      .type("text/html; charset=utf-8");
    const { encoding, body } = fixed
      ? encode(html, request.headers["accept-encoding"])
      : await encodeOnce(html, request.headers["accept-encoding"]);
    if (encoding) reply.header("Content-Encoding", encoding);
    return reply.send(body);
  };

  app.get("/", sendIndex);
  for (const path of SHELLS.keys()) app.get(path, sendIndex);
  return { sendIndex, refresh };
}

interface LanguageVariants {
  indexHtml: string;
  memberHtml: Map<string, string>;
  memberOtherHtml: string;
  memberRenderedHtml: Map<string, string>;
  visitorHtml: Map<string, string>;
  titled: (html: string, name: string) => string;
  titledOnce: (key: string, html: string, name: string) => string;
}

/** The shells the service worker keeps for offline, by path, and the language of each. */
const SHELLS = new Map<string, Locale>(LOCALES.map((locale) => [`/${shellFileOf(locale)}`, locale]));

/**
 * The HTML every page in `locale` starts from: the build's shell in that language (its words, its
 * description, and on a Hebrew page its catalogue's script and font announced), with `<html lang dir>`.
 * A build without that language's shell gives the English one, in the page's language and direction.
 */
function localizedIndex(webRoot: string, locale: Locale): string {
  const own = path.join(webRoot, shellFileOf(locale));
  const file = fs.existsSync(own) ? own : path.join(webRoot, shellFileOf("en"));
  return fs
    .readFileSync(file, "utf8")
    .replace(/<html[^>]*>/, `<html lang="${locale}" dir="${directionOf(locale)}">`);
}

/** Every page's HTML in one language, titled in it. */
function languageVariants(
  shell: string,
  manifest: Manifest,
  config: PublicConfig,
  locale: Locale,
): LanguageVariants {
  const indexHtml = embedConfig(shell, config);
  const withHints = (hints: string) => indexHtml.replace("</head>", `${hints}</head>`);
  const titled = (html: string, name: string) =>
    withTitle(
      html,
      documentTitle(
        inLocale(locale, () => translateKnown(name)),
        config.siteName,
      ),
    );
  const memberHtml = new Map<string, string>();
  // A page rendered with its responses needs only its files announced: the responses are in it.
  const memberRenderedHtml = new Map<string, string>();
  for (const page of memberPages) {
    memberHtml.set(
      page.path,
      titled(
        withHints(memberHints(manifest, page.module, MEMBER_PAGE_RESPONSES[page.path] ?? [])),
        page.title,
      ),
    );
    memberRenderedHtml.set(
      page.path,
      titled(
        renderedShell(withHints(modulePreloads(moduleHints(manifest, [MEMBER_APP, page.module])))),
        page.title,
      ),
    );
  }
  const visitorHtml = new Map<string, string>();
  for (const [page, module] of Object.entries(VISITOR_PAGES)) {
    visitorHtml.set(page, withHints(modulePreloads(moduleHints(manifest, [module]))));
  }
  // The few pages sent as they are (the not-found page, those opened from e-mails), each title once.
  const titledVariants = new Map<string, string>();
  const titledOnce = (key: string, html: string, name: string) => {
    const at = `${key} ${name}`;
    let variant = titledVariants.get(at);
    if (variant === undefined) {
      variant = titled(html, name);
      titledVariants.set(at, variant);
    }
    return variant;
  };
  return {
    indexHtml,
    memberHtml,
    memberOtherHtml: withHints(memberHints(manifest, undefined, [])),
    memberRenderedHtml,
    visitorHtml,
    titled,
    titledOnce,
  };
}
