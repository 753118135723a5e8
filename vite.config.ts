import path from "node:path";
import prefresh from "@prefresh/vite";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type PluginOption } from "vite";

/** Preloads the two Latin font files every page uses, so text does not wait on CSS to find them. */
function preloadFonts(): Plugin {
  return {
    name: "preload-fonts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter((f) =>
          /(fraunces|nunito-sans)-latin-wght-normal-.*\.woff2$/.test(f),
        );
        return files.map((file) => ({
          tag: "link",
          attrs: { rel: "preload", as: "font", type: "font/woff2", href: `/${file}`, crossorigin: "" },
          injectTo: "head" as const,
        }));
      },
    },
  };
}

import { VitePWA } from "vite-plugin-pwa";
import { compileCatalogue, compileEnglishInline, readHebrewCatalogue } from "./scripts/lib/catalogue.mjs";

/**
 * Each `t("…")` and `<Trans id="…">` whose English has placeholders or plurals is given that English
 * compiled, beside its key (src/core/i18n/translate.ts, `keyOf`): a page carries the English messages
 * its modules use, and English pages load no catalogue.
 */
function inlineEnglish(): Plugin {
  return {
    name: "inline-english",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.tsx?$/.test(id) || (!code.includes("t(") && !code.includes("<Trans"))) return;
      const out = compileEnglishInline(code);
      return out === code ? undefined : { code: out, map: null };
    },
  };
}

/**
 * `virtual:catalogue/en` and `virtual:catalogue/he`: each language's messages compiled for Lingui's
 * runtime at build time, so no page loads a message parser. English holds only the messages with
 * placeholders or plurals (the rest are their own keys); Hebrew loads only on Hebrew pages.
 */
function catalogues(): Plugin {
  const prefix = "virtual:catalogue/";
  return {
    name: "catalogues",
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return;
      const locale = id.slice(prefix.length + 1);
      if (locale !== "en" && locale !== "he") throw new Error(`no catalogue for ${locale}`);
      // Read afresh each time, so `npm run dev` picks up a changed catalogue.
      const hebrew = readHebrewCatalogue((file) => this.addWatchFile(file));
      return `export default ${JSON.stringify(compileCatalogue(locale, hebrew))};`;
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * index.he.html beside index.html: the page shell in Hebrew, `<html lang="he" dir="rtl">`, its words
 * from the catalogue, and the Hebrew catalogue's script and font announced (the page waits for the one
 * and paints with the other). The server starts every Hebrew page from it, and the service worker
 * keeps it for a Hebrew reader offline (decision 066). A word of the shell without Hebrew fails the build.
 */
function hebrewShell(): Plugin {
  return {
    name: "hebrew-shell",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      if (index?.type !== "asset") return;
      const hebrew = compileCatalogue("he", readHebrewCatalogue());
      const inHebrew = (english: string) => {
        const message = hebrew[english.trim()];
        if (!Array.isArray(message) || !message.every((part) => typeof part === "string")) {
          return this.error(`index.html: no Hebrew for "${english.trim()}" in src/core/i18n/he.json`);
        }
        return english.replace(english.trim(), escapeHtml(message.join("")));
      };
      const catalogue = Object.values(bundle).find(
        (file) => file.type === "chunk" && file.facadeModuleId === "\0virtual:catalogue/he",
      );
      const font = Object.keys(bundle).find((file) =>
        /noto-sans-hebrew-hebrew-wght-normal[^/]*\.woff2$/.test(file),
      );
      if (!catalogue || !font) return this.error("the build has no Hebrew catalogue or no Hebrew font");
      const html = String(index.source)
        .replace(/<html[^>]*>/, '<html lang="he" dir="rtl">')
        .replace(
          /(<meta name="description" content=")([^"]*)/,
          (_all, before: string, english: string) => before + inHebrew(english),
        )
        // The words painted before any script runs, and those for a browser that runs none.
        .replace(/<body>[\s\S]*<\/body>/, (body) =>
          body.replace(/(?<!--)>([^<]*\p{L}[^<]*)</gu, (_all, text: string) => `>${inHebrew(text)}<`),
        )
        .replace(
          "</head>",
          `<link rel="modulepreload" crossorigin href="/${catalogue.fileName}">` +
            `<link rel="preload" as="font" type="font/woff2" href="/${font}" crossorigin></head>`,
        );
      this.emitFile({ type: "asset", fileName: "index.he.html", source: html });
    },
  };
}

/**
 * The browser derives URLs and query keys from the endpoint declarations (`src/core/<feature>/endpoints.ts`),
 * and needs only their methods and paths: their schemas would bring zod into every page. In the
 * browser build, what a declaration file imports from zod or a schemas module (its own `./schemas`,
 * another feature's, `../common-schemas`), and the schemas it builds with `z`, is an inert stand-in,
 * so a page that reads a list loads no form library. Code that needs a schema imports it from
 * `src/core/<feature>/schemas.ts`, which stays whole.
 */
function endpointsWithoutSchemas(): Plugin {
  const declarations = /src[\\/]core[\\/][^\\/]+[\\/]endpoints\.ts$/;
  const schemaImport =
    /^import\s+(type\s+)?\{([^}]*)\}\s+from\s+"(zod|\.\/schemas|\.\.\/[^"/]+\/schemas|\.\.\/common-schemas)";?$/gm;
  const stub =
    "const __inert = new Proxy(function () {}, { get: (_, key) => (key === Symbol.toPrimitive ? () => '' : __inert), apply: () => __inert, construct: () => __inert });\n";
  return {
    name: "endpoints-without-schemas",
    enforce: "pre",
    transform(code, id) {
      if (!declarations.test(id)) return;
      let found = false;
      const out = code.replace(schemaImport, (_line, typeOnly: string | undefined, names: string) => {
        if (typeOnly) return "";
        const locals = names
          .split(",")
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith("type "))
          .map((n) => n.split(/\s+as\s+/).pop());
        if (locals.length === 0) return "";
        found = true;
        return `const ${locals.map((n) => `${n} = __inert`).join(", ")};`;
      });
      return found ? { code: stub + out, map: null } : undefined;
    },
  };
}

/**
 * V8 compiles a function when it is first called, on the main thread: hydrating a page called most
 * of the app's for the first time, and half of that task was compiling. A chunk that starts with
 * `//# allFunctionsCalledOnLoad` is compiled whole while it downloads, off the main thread
 * (Chromium's explicit compile hints; other browsers read a comment). Every chunk is: the libraries
 * too (a form's schemas are built as its module runs, a page's tabs render with it), and a chunk
 * loads only when a page needs it.
 */
function compileHints(): Plugin {
  const HINT = "//# allFunctionsCalledOnLoad\n";
  return {
    name: "compile-hints",
    apply: "build",
    // The file's name changes with what it holds.
    augmentChunkHash: () => HINT,
    // After minification, which drops comments, and after Vite writes an entry's list of preloads above its code.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) if (file.type === "chunk") file.code = HINT + file.code;
      },
    },
  };
}

const dist = process.env.DIST_DIR ?? "dist";

// Radix and what it brings; the parts only the account menu uses; our components built on it.
const RADIX_PARTS =
  /node_modules[\\/](@radix-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib)[\\/]/;
const MENU_PARTS = /@radix-ui[\\/]react-(dropdown-menu|menu|popper|arrow|use-rect)[\\/]/;
// The toasts' own parts load with the first toast (`LazyToaster`), not with every page that has a dialog.
const TOAST_PARTS = /@radix-ui[\\/]react-toast[\\/]/;
// The app's root tells Radix the page's direction: a few lines every page loads, not the dialogs with them.
const DIRECTION_PART = /@radix-ui[\\/]react-direction[\\/]/;
const RADIX_WRAPPERS =
  /src[\\/]web[\\/]components[\\/](ui[\\/](dialog|tabs|switch|select)|confirm-dialog|dialog-actions|switch-field|tabbed-page)\./;
/**
 * Shared modules of features' rules and words (src/core/<feature>/, the components made for them):
 * members' pages share them; the visitor pages need none, so they stay out of the `ui` chunk those load.
 * The Hebrew calendar's arithmetic (core/calendar) stays with the pages that show events.
 */
const SHARED_BY_MEMBER_PAGES =
  /src[\\/](core[\\/](?!i18n[\\/]|auth[\\/]|landing[\\/]|profile[\\/]|calendar[\\/])[^\\/]+[\\/]|web[\\/]components[\\/](?!ui[\\/]|logo|language-switch|hydration-marker)[^\\/]+\.tsx?$)/;
/** Preact renders the app's React components, in the browser and on the server (decision 073). */
const PREACT = [
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react$/, replacement: "preact/compat" },
];

const resolve = {
  alias: [
    ...PREACT,
    { find: "~", replacement: path.resolve(import.meta.dirname, "src") },
    { find: /^zod$/, replacement: path.resolve(import.meta.dirname, "src/web/lib/zod-web.ts") },
  ],
};

export default defineConfig(({ isSsrBuild, command }) =>
  // `vite build --ssr src/web/server-render.tsx`: the module the server renders pages with.
  isSsrBuild
    ? {
        resolve,
        publicDir: false,
        plugins: [inlineEnglish(), react(), catalogues()],
        // The libraries are bundled, so that they too import Preact where they say React.
        ssr: { noExternal: true },
        build: { outDir: `${dist}/server-render`, emptyOutDir: true, target: "node20" },
      }
    : {
        root: ".",
        publicDir: "public",
        resolve,
        build: {
          outDir: `${dist}/web`,
          emptyOutDir: true,
          target: "es2022",
          sourcemap: false,
          assetsInlineLimit: 0,
          // The server reads it to announce a page's chunks in its HTML.
          manifest: true,
          rolldownOptions: {
            output: {
              // Over HTTP/1.1 a browser opens six connections per site: dozens of one-kilobyte chunks
              // (an icon, a hook) queue behind each other. Group what is shared into a few files.
              codeSplitting: {
                groups: [
                  {
                    name: "react",
                    test: /node_modules[\\/](preact|wouter|regexparam)[\\/]/,
                  },
                  // What every member page needs and no visitor page does: the member app and its cache,
                  // the bell, its live stream, and the member endpoints' declarations (a few hundred bytes each, once a
                  // request each: the community page announced 25 scripts, now 16).
                  {
                    name: "member",
                    // Only these: what they import is shared with visitor pages and stays where it is.
                    // The visitor pages' own declarations (signing in, confirming an address) stay out.
                    includeDependenciesRecursively: false,
                    test: /node_modules[\\/]@tanstack[\\/]|src[\\/]web[\\/](member-app|components[\\/]notification-bell|lib[\\/](auth|query-client|endpoints|live))\.|src[\\/]core[\\/](?!auth[\\/]|profile[\\/])[^\\/]+[\\/]endpoints\./,
                  },
                  {
                    // Dialogs, tabs and switches, and our small parts made of them. The account menu's own
                    // parts (its positioning library above all) stay in the menu's chunk, which loads
                    // after the page.
                    name: "radix",
                    includeDependenciesRecursively: false,
                    test: (id: string) =>
                      RADIX_WRAPPERS.test(id) ||
                      (RADIX_PARTS.test(id) &&
                        !MENU_PARTS.test(id) &&
                        !TOAST_PARTS.test(id) &&
                        !DIRECTION_PART.test(id)),
                  },
                  // The library's cards and stills, shared by several pages: one file rather than three.
                  {
                    name: "video-cards",
                    includeDependenciesRecursively: false,
                    test: /src[\\/]web[\\/]features[\\/]videos[\\/](api|video-card|video-thumbnail)\./,
                  },
                  // Search's kinds (their words and icons), shared by the header's box and the results page
                  // only: loaded with either, never with every member page as `shared` would be.
                  {
                    name: "search-kinds",
                    includeDependenciesRecursively: false,
                    test: /src[\\/]web[\\/]components[\\/]search-kinds\./,
                  },
                  // Icons shared by several pages in one file, not a request each.
                  { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 2 },
                  { name: "forms", test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
                  // Apart from the form library: the sign-in page loads zod only once she reaches a field.
                  { name: "zod", test: /node_modules[\\/]zod[\\/]|src[\\/]web[\\/]lib[\\/]zod-web/ },
                  {
                    // Small shared app modules; not the ones that bring Radix, zod or the query library
                    // with them (the landing page needs none of those; the bell reads through the query
                    // library), nor the notification kinds' words, which only members' pages show,
                    // nor what the administrators' and the setup pages alone share, nor the Hebrew
                    // calendar's arithmetic (only the pages that show events load it; never the landing page).
                    name: "ui",
                    test: (id: string) =>
                      /src[\\/](web[\\/](components|lib)|core)[\\/]/.test(id) &&
                      !SHARED_BY_MEMBER_PAGES.test(id) &&
                      !/core[\\/](settings|setup|status|invitations|lessons|calendar)[\\/]/.test(id) &&
                      !/schemas|endpoints|zod-web|dialog|tabs|tabbed-page|group-card|join-request-row|switch|toaster|select|app-shell|notification-bell|notifications[\\/]kinds|lib[\\/](auth|query-client|live)\./.test(
                        id,
                      ),
                    minShareCount: 2,
                  },
                  // The same, for what only members' pages share: the landing page loads none of it.
                  {
                    name: "shared",
                    // Only these: what they import (the buttons, the format helpers) stays in `ui`.
                    includeDependenciesRecursively: false,
                    test: (id: string) =>
                      SHARED_BY_MEMBER_PAGES.test(id) &&
                      !/schemas|endpoints|zod-web|dialog|tabs|tabbed-page|group-card|join-request-row|switch|toaster|select|app-shell|notification-bell|notifications[\\/]kinds|lib[\\/](auth|query-client|live)\./.test(
                        id,
                      ),
                    minShareCount: 2,
                  },
                ],
              },
            },
          },
        },
        server: {
          proxy: { "/api": { target: "http://127.0.0.1:3001", changeOrigin: false } },
        },
        // JSX for Preact's runtime while developing (fast refresh reads it); a build's is React's plugin's.
        ...(command === "serve" && { oxc: { jsx: { runtime: "automatic", importSource: "preact" } } }),
        plugins: [
          endpointsWithoutSchemas(),
          inlineEnglish(),
          catalogues(),
          preloadFonts(),
          hebrewShell(),
          compileHints(),
          // While developing, Preact's own fast refresh: React's keeps the edited module but never
          // draws it again under Preact.
          (command === "serve" ? prefresh() : react()) as PluginOption,
          tailwindcss(),
          VitePWA({
            registerType: "autoUpdate",
            injectRegister: false,
            manifest: {
              name: "Mishpacha",
              short_name: "Mishpacha",
              description: "A community for Christian and Messianic Jewish women to grow in faith together.",
              theme_color: "#4f6a48",
              background_color: "#fbf7f0",
              display: "standalone",
              start_url: "/",
              scope: "/",
              icons: [
                { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
                { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
                {
                  src: "/icons/icon-maskable-512.png",
                  sizes: "512x512",
                  type: "image/png",
                  purpose: "maskable",
                },
              ],
            },
            workbox: {
              globPatterns: ["**/*.{js,css,html,woff2,png,svg}"],
              // A page she opens comes from the server while it answers: drawn with her answers and
              // the ministry's settings as they are now (the dashboard changes them without a new
              // build). Offline, the stored shell stands in, in her language.
              // Pages are never stored: they carry her own words.
              navigateFallback: null,
              // Nor "/" from the stored shell: the landing page too comes from the server.
              directoryIndex: null,
              runtimeCaching: [
                {
                  urlPattern: ({ request, url }) =>
                    request.mode === "navigate" && !url.pathname.startsWith("/api/"),
                  handler: "NetworkOnly",
                  options: {
                    plugins: [
                      {
                        // Offline, the shell in the language of the page she last had (decision 066):
                        // each page names its language, and the worker, which reads no cookie, keeps
                        // the last one in Cache Storage. Written into the worker: whole in itself.
                        fetchDidSucceed: async ({ response, event }) => {
                          const language = response.headers.get("Content-Language");
                          if (language) {
                            event.waitUntil(
                              caches
                                .open("page-language")
                                .then((cache) => cache.put("/page-language", new Response(language))),
                            );
                          }
                          return response;
                        },
                        handlerDidError: async () => {
                          const kept = await (await caches.open("page-language")).match("/page-language");
                          // No page has come through the worker yet: her browser's first language the app speaks.
                          const language = kept
                            ? await kept.text()
                            : navigator.languages
                                .map((tag) => tag.toLowerCase().split("-")[0])
                                .map((base) => (base === "iw" ? "he" : base))
                                .find((base) => base === "he" || base === "en");
                          // Another language's shell is named as `shellFileOf` names it; English (or a
                          // language without a shell) is left to the fallback after this one.
                          return language && language !== "en"
                            ? caches.match(`/index.${language}.html`, { ignoreSearch: true })
                            : undefined;
                        },
                      },
                    ],
                    precacheFallback: { fallbackURL: "/index.html" },
                  },
                },
              ],
              cleanupOutdatedCaches: true,
              // Shows Web Push notifications and opens their links (decision 042).
              importScripts: ["/push-worker.js"],
            },
          }),
        ],
      },
);
