import type { FastifyInstance, onSendHookHandler } from "fastify";
import { MemberCache } from "../http/member-cache";
import { SessionCache } from "./session-cache";
import { resolveSession, SESSION_COOKIE, type SessionUser } from "./sessions";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The endpoint changes nothing the members' cache keeps (see `EndpointSpec.leavesMemberCache`). */
    leavesMemberCache?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    sessionCache: SessionCache<SessionUser>;
    memberCache: MemberCache;
  }
}

/** Resolves the session cookie once per API request; requests without a cookie cost nothing. */
export async function registerAuth(app: FastifyInstance) {
  const cache = new SessionCache<SessionUser>();
  app.decorate("sessionCache", cache);
  cache.attach(app.listener);
  app.addHook("onClose", () => cache.close());

  const memberCache = new MemberCache(() => app.config.responseCache && cache.active);
  app.decorate("memberCache", memberCache);
  cache.subscribe(() => memberCache.invalidate());
  // The database's notice reaches this instance a moment after the commit; a write that succeeded here
  // must not be followed by a stale read here, so drop the cached responses before this reply goes out.
  // A hook of the writing routes alone: reads, most of the traffic, run none.
  const invalidateOnSuccess: onSendHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode < 400) memberCache.invalidate();
    done(null, payload);
  };
  app.addHook("onRoute", (route) => {
    const methods = [route.method].flat();
    if (methods.every((m) => m === "GET" || m === "HEAD") || route.config?.leavesMemberCache) return;
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), invalidateOnSuccess];
  });
  app.decorateRequest("user", null);
  app.addHook("onRequest", (request, reply, done) => {
    if (!request.url.startsWith("/api/") || !request.cookies[SESSION_COOKIE]) return done();
    // Load balancer probes must get a response whatever the session store is doing.
    if (request.url === "/api/health" || request.url === "/api/ready") return done();
    const user = resolveSession(app.db, app.config, request, reply, cache);
    if (!(user instanceof Promise)) {
      request.user = user;
      return done();
    }
    user.then((resolved) => {
      request.user = resolved;
      done();
    }, done);
  });
}
