import fs from "node:fs";

import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { Logger } from "pino";
import type { PublicConfig } from "../core/public-config";
import { registerAccessControl } from "./auth/access";
import { registerAuth } from "./auth/plugin";
import authRoutes from "./auth/routes";
import type { AppConfig } from "./config";
import type { Database, Db } from "./db/client";
import { DatabaseListener } from "./db/listener";
import { featureRoutes } from "./features";
import { watchSettings } from "./features/settings";
import { setupLinkWorks } from "./features/setup";
import { firstLibraryThumbnails } from "./features/videos";
import { registerCookies } from "./http/cookies";
import { registerErrorHandler } from "./http/errors";
import healthRoutes from "./http/health";
import { registerInputChecks } from "./http/input";
import { apiReferenceRoutes } from "./http/openapi";
import { registerRateLimits } from "./http/rate-limit";
import { createLogger, registerRequestLog, requestIds, requestLoggerFactory } from "./http/request-log";
import { registerSecurity } from "./http/security";
import { serializerCompiler } from "./http/serializer";
import { disableSharedCaches, invalidateSharedCaches } from "./http/shared-cache";
import { enterLocale, localeOfRequest } from "./i18n";
import liveRoutes, { registerLive } from "./live/routes";
import { registerPages } from "./render/pages";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: Database;
    /** The instance's one connection on LISTEN: the caches' notices and the live streams'. */
    listener: DatabaseListener;
    /** Every route the app registered (method and URL pattern), for tooling and tests. */
    routeList: Array<{ method: string; url: string }>;
  }
}

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  /** Folder of the built browser app; defaults to dist/web beside the server bundle. */
  webRoot?: string;
  /** The server's logger (`createLogger`), or false for none; by default JSON lines at LOG_LEVEL. */
  logger?: Logger | false;
  /** Render the visitor pages at start-up instead of for the first visitor. */
  prerenderAtStart?: boolean;
}

export const defaultWebRoot = () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // Bundled: <DIST_DIR>/server/main.js -> <DIST_DIR>/web. From source: src/server -> dist/web.
  const beside = path.join(here, "..", "web");
  return path.basename(here) === "server" && fs.existsSync(path.join(beside, "index.html"))
    ? beside
    : path.join(here, "..", "..", "dist", "web");
};

export function publicConfigOf(config: AppConfig): PublicConfig {
  return {
    siteName: config.siteName,
    founderName: config.founderName,
    welcomeLine: config.welcomeLine,
    contactEmail: config.contactEmail,
    newsletterName: config.newsletter.name,
    timeZone: config.timeZone,
    patronPriceText: config.patronPriceText,
    externalSignIn: Boolean(config.oidc),
    stripeKey: config.stripe?.publishableKey ?? null,
    registration: config.registration,
  };
}

/** Builds the whole application: plugins in a fixed order, then the API, then the pages. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const requestId = requestIds();
  const app = Fastify({
    ...(logger ? { loggerInstance: logger as FastifyBaseLogger } : { logger: false }),
    // Fastify's own two lines a request (in and out) become one, written by registerRequestLog.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => requestId(req.headers["x-request-id"]),
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: 100 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });

  const routeList: Array<{ method: string; url: string }> = [];
  app.decorate("routeList", routeList);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routeList.push({ method, url: route.url });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputChecks(app);
  // Only JSON bodies: a text/plain POST is what a cross-site form would send.
  app.removeContentTypeParser("text/plain");
  registerRequestLog(app);

  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  if (!config.responseCache) disableSharedCaches(database.db);
  const onListenerError = (err: unknown) => app.log.warn({ err }, "database listener lost");
  const listener = config.databaseListenUrl
    ? DatabaseListener.onUrl(config.databaseListenUrl, onListenerError)
    : DatabaseListener.onPool(database.pool, onListenerError);
  app.decorate("listener", listener);
  app.addHook("onClose", () => listener.close());
  await listener.start();
  // What the administrators set in the dashboard, laid over the environment's values (decision 063).
  const settings = await watchSettings(app);

  await registerSecurity(app, config);
  registerCookies(app, config.sessionSecret);
  await registerRateLimits(app, {
    authPerMinute: config.authRateLimit,
    writePerMinute: config.writeRateLimit,
    messagePerMinute: config.messageRateLimit,
    redisUrl: config.redisUrl,
  });
  await registerAuth(app);
  // What the API writes in words (a refusal with a number in it, a notice) is in the asker's language.
  app.addHook("preHandler", (request, _reply, done) => {
    if (request.url.startsWith("/api/")) enterLocale(localeOfRequest(request, config, request.user?.locale));
    done();
  });
  registerLive(app);
  registerAccessControl(app);

  await app.register(healthRoutes, { prefix: "/api" });
  await app.register(authRoutes, { prefix: "/api" });
  await app.register(apiReferenceRoutes, { prefix: "/api" });
  for (const routes of featureRoutes) await app.register(routes, { prefix: "/api" });
  await app.register(liveRoutes, { prefix: "/api" });

  const pages = await registerPages(app, {
    webRoot: options.webRoot ?? defaultWebRoot(),
    publicConfig: () => publicConfigOf(config),
    imageHints: { "/videos": () => firstLibraryThumbnails(database.db) },
    prerenderAtStart: options.prerenderAtStart,
    renderMemberPages: config.serverRender,
    // The setup page is there only for a working link, while the ministry has no administrator.
    pageGates: { "/setup": (query) => setupLinkWorks(database.db, config, query.get("token")?.trim() ?? "") },
  });
  // A change of the settings reaches what shows them: the pages, and the answers cached with them.
  settings.onApplied(() => {
    if (pages) pages.refresh();
    invalidateSharedCaches(database.db);
    app.memberCache.invalidate();
  });
  const sendIndex = pages ? pages.sendIndex : undefined;
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !request.url.startsWith("/api/") &&
      request.url !== "/api" &&
      !path.extname(request.url.split("?")[0] ?? "");
    if (isPage && sendIndex) return sendIndex(request, reply);
    return reply.status(404).send({ message: "Not found" });
  });

  return app;
}

/**
 * Stops accepting connections and lets in-flight requests finish. Keep-alive connections that go
 * idle after responding are closed as they do (Node closes only those idle when closing starts);
 * whatever is still open after `timeoutMs` is cut.
 */
export async function closeGracefully(app: FastifyInstance, timeoutMs = 20_000) {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => app.server.closeAllConnections(), timeoutMs);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
}
