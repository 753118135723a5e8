import type { FastifyInstance, onRequestHookHandler } from "fastify";
import { forbidden, unauthorized } from "../http/errors";

/**
 * Who may call a route. Every API route is for members unless it says otherwise, and everything
 * under /api/admin is for administrators whatever it says: a route that forgets to declare itself
 * is closed, not open.
 */
export type Access = "public" | "member" | "admin";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call this route (see `Access`); `public` routes say why in a comment. */
    access?: Access;
    /** What a member who is not an administrator hears on an admin route, if not the dashboard's words. */
    deniedMessage?: string;
  }
}

const ADMIN_MESSAGE = "You don't have permission to access the admin dashboard.";

const guards: Record<Exclude<Access, "public">, onRequestHookHandler> = {
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
    const access = accessOf(route.url, route.config?.access);
    route.config = { ...route.config, access };
    if (access === "public") return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guards[access], ...own];
  });
}
