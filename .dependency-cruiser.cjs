/**
 * The import rules of docs/development.md ("Layout"), checked on every `npm run lint`
 * (`depcruise --config .dependency-cruiser.cjs src`). A broken rule fails the lint with the rule's name,
 * the two files and the comment below.
 *
 * Shared places anyone may import: src/core (both sides), src/web/components and src/web/lib (browser),
 * and the server's own modules outside src/server/features (auth, db, http, jobs, mail, activity…).
 * A feature's public surface is its `index.ts`: another feature, or shared code, may import that file and
 * nothing else of it. Something several features need belongs in a shared place rather than in one feature.
 * No module depends on itself through others (`no-circular`).
 */
/**
 * A forbidden import: from `from` to `to`, failing the lint with `name` and `comment`.
 * @type {(name: string, comment: string, from: object, to: object) => import("dependency-cruiser").IForbiddenRuleType}
 */
const rule = (name, comment, from, to) => ({ name, comment, severity: "error", from, to });

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    rule(
      "core-imports-neither-web-nor-server",
      "src/core is shared by the server and the browser and does no I/O: it may not import src/web or " +
        "src/server. Move what both sides need into src/core instead.",
      { path: "^src/core/" },
      { path: "^src/(web|server)/" },
    ),
    rule(
      "web-never-imports-server",
      "The browser app never imports server code (it would ship it to the browser, or fail to build). " +
        "Share types and schemas through src/core.",
      { path: "^src/web/" },
      { path: "^src/server/" },
    ),
    rule(
      "web-feature-uses-other-features-only-through-their-index",
      "A browser feature (src/web/features/<feature>/) never reaches into another feature's files. Import " +
        "what that feature offers from its index.ts (its public surface), or move a truly shared piece to " +
        "src/web/components, src/web/lib or src/core.",
      { path: "^src/web/features/([^/]+)/" },
      {
        path: "^src/web/features/",
        pathNot: ["^src/web/features/$1/", "^src/web/features/[^/]+/index\\.tsx?$"],
      },
    ),
    rule(
      "server-feature-uses-other-features-only-through-their-index",
      "A server feature (src/server/features/<feature>/) never reaches into another feature's routes, " +
        "service or queries. Import what that feature offers from its index.ts (as profile does with " +
        "payments), or move a truly shared piece out of features/ (auth, db, http, jobs, mail, activity). " +
        "Read models such as the dashboard and the admin analytics keep their own queries over the shared tables.",
      { path: "^src/server/features/([^/]+)/" },
      {
        path: "^src/server/features/",
        pathNot: ["^src/server/features/$1/", "^src/server/features/[^/]+/index\\.ts$"],
      },
    ),
    rule(
      "routes-call-their-service",
      "A server feature's routes (routes.ts, *-routes.ts) stay thin: they call its service.ts, which holds the " +
        "feature's rules (who may see or do what, what an answer is made of) and calls queries.ts. A route that " +
        "reads its queries itself puts a rule in the route; move that code into a service function.",
      { path: "^src/server/features/([^/]+)/[^/]*routes\\.ts$" },
      { path: "^src/server/features/$1/queries\\.ts$" },
    ),
    rule(
      "shared-server-code-uses-features-only-through-their-index",
      "Server code outside the features (auth, db, http, jobs, mail, app.ts…) is shared by them, so it uses " +
        "a feature only through that feature's index.ts, never its service, queries or other files. Export " +
        "what is needed from the feature's index.ts (as each feature exports its jobs' tasks there for " +
        "src/server/jobs to run), or move the piece out of the feature if it is not the feature's. " +
        "Only features/index.ts, the list of route plugins, mounts each feature's routes files.",
      { path: "^src/server/", pathNot: ["^src/server/features/[^/]+/", "^src/server/features/index\\.ts$"] },
      { path: "^src/server/features/[^/]+/", pathNot: "^src/server/features/[^/]+/index\\.ts$" },
    ),
    rule(
      "feature-list-mounts-only-routes",
      "src/server/features/index.ts lists the features' route plugins and nothing else: it imports a " +
        "feature's routes files (routes.ts, *-routes.ts) or its index.ts only.",
      { path: "^src/server/features/index\\.ts$" },
      {
        path: "^src/server/features/[^/]+/",
        pathNot: ["^src/server/features/[^/]+/index\\.ts$", "^src/server/features/[^/]+/[^/]*routes\\.ts$"],
      },
    ),
    rule(
      "no-circular",
      "Two modules that import each other (directly or through others, type-only imports included) cannot be " +
        "understood, tested or moved one at a time, and a loop through a module's top level can run code before " +
        "it is defined. Make the import go one way: move what both sides need into a small module both import " +
        "(a shared place such as src/core, src/web/lib or the server's folders outside features/), or let the " +
        "lower side be handed what it needs (the features declare their jobs with src/server/jobs/queue.ts " +
        "and export their tasks; the queue knows none of their payloads).",
      {},
      { circular: true },
    ),
    rule(
      "shared-web-code-never-imports-features",
      "Shared browser code (src/web/components, src/web/lib and any other folder of src/web but features/) " +
        "is used by every feature and so depends on none. Only the app's own files at the top of src/web " +
        "(app, member-app, visitor-app, routes, server-render) put features together.",
      { path: "^src/web/[^/]+/", pathNot: "^src/web/features/" },
      { path: "^src/web/features/" },
    ),
    rule(
      "every-import-resolves",
      "An import that cannot be resolved (a typo, or a path alias the checker does not know) would slip " +
        "past the rules above, which match resolved paths. Fix the import, or teach this file the alias.",
      {},
      // The compiled catalogues are the build's virtual modules (vite.config.ts, `catalogues`).
      { couldNotResolve: true, pathNot: "^virtual:catalogue/" },
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count: a `import type` from the server is still a dependency on it.
    tsPreCompilationDeps: true,
    // Resolves the `~/` alias.
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
