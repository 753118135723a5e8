import type { FastifyInstance, onRequestHookHandler } from "fastify";
import type { Caller } from "../../core/contract";
import { forbidden, unauthorized } from "../http/errors";
import { type RoutePolicy, routePolicies } from "./route-policies";

/**
 * Who may call a route. Every API route is for members unless it says otherwise, and everything
 * under /api/admin is for administrators whatever it says: a route that forgets to declare itself
 * is closed, not open.
 */
export type Access = Caller;

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call this route (see `Access`); routes open to visitors say why in a comment. */
    access?: Access;
    /** The declaration the route was registered from (`serve`): every API route has one. */
    endpoint?: string;
    /** A rule about her place in what the path names, checked after `access` (`route-policies.ts`). */
    policy?: RoutePolicy;
    /** What a member who is not an administrator hears on an admin route, if not the dashboard's words. */
    deniedMessage?: string;
  }
}

const ADMIN_MESSAGE = "You don't have permission to access the admin dashboard.";

const guards: Record<Exclude<Access, "visitor">, onRequestHookHandler> = {
  member: (request, _reply, done) => done(request.user ? undefined : unauthorized()),
  admin: (request, _reply, done) => {
    if (!request.user) return done(unauthorized());
    if (request.user.isAdmin) return done();
    done(forbidden(request.routeOptions.config.deniedMessage ?? ADMIN_MESSAGE));
  },
};

/** The access a route is given: its own declaration, or the default for its path. */
export function accessOf(url: string, declared: Access | undefined): Access {
  const adminPath = url === "/api/admin" || url.startsWith("/api/admin/");
  if (adminPath && declared && declared !== "admin") {
    throw new Error(`${url} is an administrator's route and cannot be declared "${declared}"`);
  }
  return adminPath ? "admin" : (declared ?? "member");
}

/**
 * Decides who is asking before anything she sent is read: the guard is the route's first onRequest
 * hook, after the session is resolved and before the body is parsed, so a visitor gets 401 and a
 * member 403 whatever body, query or parameters came with the request. Register before any route.
 */
export function registerAccessControl(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") && route.url !== "/api") return;
    if (!route.config?.endpoint && route.method !== "HEAD") {
      throw new Error(`${route.method} ${route.url} is not declared: register API routes with serve()`);
    }
    const access = accessOf(route.url, route.config?.access);
    route.config = { ...route.config, access };
    if (access === "visitor") return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    const policy = route.config?.policy;
    const checks: onRequestHookHandler[] = [guards[access]];
    if (policy) checks.push(async (request) => routePolicies[policy](request));
    route.onRequest = [...checks, ...own];
  });
}
