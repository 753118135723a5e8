import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DRAWN_PAGE_ELEMENT_ID, memberPageFor, memberPages, USER_URL } from "../../core/member-pages";
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from "../../core/public-config";
import { SIGNED_IN_HINT_COOKIE } from "../auth/sessions";
import { memberPageRenderer } from "./member-render";
import { prerenderVisitorPages, withPrerendered } from "./prerender";

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const MEMBER_APP = "src/web/member-app.tsx";
/** Visitor pages the visitor app loads lazily: their chunks are announced the same way. */
const VISITOR_PAGES: Record<string, string> = { "/sign-in": "src/web/features/auth/sign-in-page.tsx" };

/** The files a module needs (itself and what it imports), minus those the page already loads. */
function chunkFiles(manifest: Manifest, key: string, loaded: Set<string>, out = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || loaded.has(chunk.file) || out.has(chunk.file)) return out;
  out.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, loaded, out);
  return out;
}

/**
 * What a returning member's page will ask for first, announced in the HTML: the member app and the
 * page's own chunks, who she is, and the page's first answers. The browser fetches them at once,
 * while the app's script is still starting, instead of one after another.
 */
function memberHints(manifest: Manifest, pageModule: string | undefined, data: string[]): string {
  const scripts = modulePreloads(moduleHints(manifest, pageModule ? [MEMBER_APP, pageModule] : [MEMBER_APP]));
  // Same credentials mode as the app's own fetch, or the browser would not reuse the answer.
  const answers = [USER_URL, ...data].map(
    (url) => `<link rel="preload" as="fetch" href="${url}" crossorigin="use-credentials">`,
  );
  return scripts + answers.join("");
}

/** The chunks `modules` need beyond those the HTML loads already (the entry's). */
function moduleHints(manifest: Manifest, modules: string[]) {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = entry ? chunkFiles(manifest, entry, new Set()) : new Set<string>();
  const files = new Set<string>();
  for (const module of modules) chunkFiles(manifest, module, loaded, files);
  return files;
}

const modulePreloads = (files: Set<string>) =>
  [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join("");

function readManifest(webRoot: string): Manifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(webRoot, ".vite", "manifest.json"), "utf8")) as Manifest;
  } catch {
    return {};
  }
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page made for one request, compressed off the main thread at a quick setting. */
async function encodeOnce(html: string, acceptEncoding = "") {
  if (/\bbr\b/.test(acceptEncoding)) {
    return { encoding: "br", body: await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  }
  if (/\bgzip\b/.test(acceptEncoding)) return { encoding: "gzip", body: await gzipAsync(html, { level: 6 }) };
  return { encoding: undefined, body: html };
}

/**
 * A page is one of a few fixed variants, each compressed once on first use and kept (the same way
 * the static files are precompressed at build time).
 */
function pageEncoder() {
  const kept = new Map<string, { br: Buffer; gzip: Buffer }>();
  return (html: string, acceptEncoding = "") => {
    let encoded = kept.get(html);
    if (!encoded) {
      encoded = {
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(html, { level: 9 }),
      };
      kept.set(html, encoded);
    }
    if (/\bbr\b/.test(acceptEncoding)) return { encoding: "br", body: encoded.br };
    if (/\bgzip\b/.test(acceptEncoding)) return { encoding: "gzip", body: encoded.gzip };
    return { encoding: undefined, body: html };
  };
}

/** JSON inside a <script type="application/json"> block: never executed, so CSP stays strict. */
function embedConfig(html: string, config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  const block = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  const title = config.siteName.replace(/[<>&"]/g, "");
  return html.replace("<!--app-config-->", block).replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
}

/**
 * Serves the built browser app: hashed assets cached for a year (precompressed .br/.gz when the
 * browser accepts them), and index.html for every other non-API path so client routes work on reload.
 */
/** Images a signed-in page shows first, by page path (they depend on data, so asked per request). */
export type ImageHints = Record<string, () => Promise<string[]>>;

export interface SpaOptions {
  webRoot: string;
  publicConfig: PublicConfig;
  imageHints?: ImageHints;
  /** Render the visitor pages now rather than for the first visitor (a server, not a test). */
  prerenderAtStart?: boolean;
  /** Draw members' pages in the server with their answers (on unless turned off). */
  drawMemberPages?: boolean;
}

export async function registerSpa(
  app: FastifyInstance,
  { webRoot, publicConfig, imageHints = {}, prerenderAtStart = false, drawMemberPages = true }: SpaOptions,
) {
  const indexFile = path.join(webRoot, "index.html");
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`no built web app at ${webRoot}; run "npm run build" to serve pages`);
    return false;
  }
  const indexHtml = embedConfig(fs.readFileSync(indexFile, "utf8"), publicConfig);
  const manifest = readManifest(webRoot);
  const withHints = (hints: string) => indexHtml.replace("</head>", `${hints}</head>`);
  // Every variant is built once here; a page request costs a lookup.
  const memberHtml = new Map(
    memberPages.map((page) => [page.path, withHints(memberHints(manifest, page.module, page.data ?? []))]),
  );
  const memberOtherHtml = withHints(memberHints(manifest, undefined, []));
  // A page drawn with its answers needs only its files announced: the answers are in it.
  const memberDrawnHtml = new Map(
    memberPages.map((page) => [
      page.path,
      withHints(modulePreloads(moduleHints(manifest, [MEMBER_APP, page.module]))),
    ]),
  );
  const serverRender = path.join(webRoot, "..", "server-render", "server-render.js");
  const drawMember = drawMemberPages ? memberPageRenderer(app, serverRender, publicConfig) : undefined;
  const visitorHtml = new Map(
    Object.entries(VISITOR_PAGES).map(([page, module]) => [
      page,
      withHints(modulePreloads(moduleHints(manifest, [module]))),
    ]),
  );
  // Visitor pages arrive drawn: their HTML is rendered off the main thread and kept for the day.
  const render = () =>
    prerenderVisitorPages(serverRender, publicConfig, (message) =>
      app.log.warn(`visitor pages are drawn in the browser: ${message}`),
    ).then(
      (pages) =>
        new Map(
          [...pages].map(([page, markup]) => [
            page,
            withPrerendered(visitorHtml.get(page) ?? indexHtml, markup),
          ]),
        ),
    );
  let prerendered: { day: string; pages: Promise<Map<string, string>> } | undefined;
  const prerenderedPages = () => {
    const day = new Date().toISOString().slice(0, 10);
    if (!prerendered) prerendered = { day, pages: render() };
    else if (prerendered.day !== day) {
      // A new day (the footer's year may have turned): drawn again, the old pages served meanwhile.
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
    drawMember?.warm();
  }
  const encode = pageEncoder();

  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: "/",
    wildcard: true,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const rel = path.relative(webRoot, filePath);
      if (rel.startsWith(`assets${path.sep}`)) {
        res.header("Cache-Control", "public, max-age=31536000, immutable");
      } else if (rel === "sw.js" || rel.endsWith(".webmanifest") || rel === "registerSW.js") {
        res.header("Cache-Control", "no-cache");
      } else {
        res.header("Cache-Control", "public, max-age=3600");
      }
    },
  });

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname = "/", query] = request.url.split("?");
    let html: string;
    let fixed = true;
    let personal = false;
    // The service worker keeps /index.html as the app shell: it must stay the plain one.
    if (request.url === "/index.html") html = indexHtml;
    else if (request.cookies[SIGNED_IN_HINT_COOKIE] !== "1") {
      // A query string (?mode=register, ?error=…) changes what the page shows: drawn in the browser.
      const drawn = query === undefined ? (await prerenderedPages()).get(pathname) : undefined;
      html = drawn ?? visitorHtml.get(pathname) ?? indexHtml;
    } else {
      const page = memberPageFor(pathname);
      const drawn = page && drawMember ? await drawMember(request, pathname, query ?? "") : undefined;
      html = page ? memberHtml.get(page.path)! : memberOtherHtml;
      if (page && drawn) {
        fixed = false;
        personal = true;
        const state = `<script id="${DRAWN_PAGE_ELEMENT_ID}" type="application/json">${drawn.state}</script>`;
        html = withPrerendered(memberDrawnHtml.get(page.path)!, drawn.markup, state);
      }
      const images = !drawn && page && imageHints[page.path];
      // A hint is only a hint: if it cannot be had, the page is sent without it.
      const urls = images ? await images().catch(() => []) : [];
      if (urls.length) {
        fixed = false;
        const links = urls.map((url) => `<link rel="preload" as="image" href="${url}" fetchpriority="high">`);
        html = html.replace("</head>", `${links.join("")}</head>`);
      }
    }
    reply
      // A member's drawn page holds her own data: never kept by a shared cache.
      .header("Cache-Control", personal ? "private, no-cache" : "no-cache")
      .header("Vary", "Cookie, Accept-Encoding")
      .type("text/html; charset=utf-8");
    const { encoding, body } = fixed
      ? encode(html, request.headers["accept-encoding"])
      : await encodeOnce(html, request.headers["accept-encoding"]);
    if (encoding) reply.header("Content-Encoding", encoding);
    return reply.send(body);
  };

  app.get("/", sendIndex);
  app.get("/index.html", sendIndex);
  return sendIndex;
}
