import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, loginBody, registerBody, returnToSchema } from "../../core/schemas/auth";
import { messageResponse } from "../../core/schemas/common";
import { authenticate, registerMember, upsertOidcMember } from "./accounts";
import { createOidc, type PendingLogin } from "./oidc";
import { clearSessionCookies, endSession, isAdministrator, startSession } from "./sessions";

const OIDC_COOKIE = "oidc_login";

interface UserRow {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  membershipTier: "free" | "premium";
  role: "member" | "admin";
  createdAt: Date;
}

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;
  const oidc = config.oidc ? createOidc(config.oidc, config.publicUrl) : undefined;

  const present = (user: UserRow) => ({
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    membershipTier: user.membershipTier,
    createdAt: user.createdAt,
    isAdmin: isAdministrator(config, user),
  });

  const signIn = async (reply: FastifyReply, userId: number, previousSession?: string) => {
    // A fresh token on every sign-in; the one the browser held before is dropped.
    if (previousSession) await endSession(db, previousSession, app.sessionCache);
    await startSession(db, config, reply, userId);
  };

  app.post(
    "/auth/register",
    {
      config: { rateLimit: app.rateLimits.auth },
      schema: { body: registerBody, response: { 201: currentUser } },
    },
    async (request, reply) => {
      const user = await registerMember(db, request.body);
      await signIn(reply, user.id, request.user?.sessionId);
      return reply.status(201).send(present(user));
    },
  );

  app.post(
    "/auth/login",
    {
      config: { rateLimit: app.rateLimits.auth },
      schema: { body: loginBody, response: { 200: currentUser } },
    },
    async (request, reply) => {
      const user = await authenticate(db, request.body.email, request.body.password);
      await signIn(reply, user.id, request.user?.sessionId);
      return present(user);
    },
  );

  app.get(
    "/auth/user",
    { schema: { response: { 200: currentUser, 401: messageResponse } } },
    async (request, reply) => {
      if (!request.user) return reply.status(401).send({ message: "Unauthorized" });
      return present(request.user);
    },
  );

  app.get(
    "/login",
    {
      config: { rateLimit: app.rateLimits.auth },
      schema: { querystring: z.object({ returnTo: returnToSchema }) },
    },
    async (request, reply) => {
      const { returnTo } = request.query;
      if (!oidc) {
        return reply.redirect(returnTo ? `/sign-in?returnTo=${encodeURIComponent(returnTo)}` : "/sign-in");
      }
      const login = await oidc.start(returnTo);
      reply.setCookie(OIDC_COOKIE, JSON.stringify(login.pending), {
        path: "/api/callback",
        httpOnly: true,
        sameSite: "lax",
        secure: config.secureCookies,
        maxAge: 600,
        signed: true,
      });
      return reply.redirect(login.authorizationUrl.href);
    },
  );

  app.get("/callback", { config: { rateLimit: app.rateLimits.auth } }, async (request, reply) => {
    const failed = (reason: string) => {
      request.log.warn({ reason }, "external sign-in failed");
      reply.clearCookie(OIDC_COOKIE, { path: "/api/callback" });
      return reply.redirect("/sign-in?error=external");
    };
    if (!oidc) return reply.redirect("/sign-in");
    const raw = request.cookies[OIDC_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    if (!unsigned?.valid || !unsigned.value) return failed("missing or tampered login cookie");
    let pending: PendingLogin;
    try {
      pending = JSON.parse(unsigned.value) as PendingLogin;
    } catch {
      return failed("unreadable login cookie");
    }
    let userId: number;
    try {
      const claims = await oidc.finish(new URL(request.url, config.publicUrl), pending);
      userId = (await upsertOidcMember(db, claims)).id;
    } catch (err) {
      return failed((err as Error).message);
    }
    reply.clearCookie(OIDC_COOKIE, { path: "/api/callback" });
    await signIn(reply, userId, request.user?.sessionId);
    return reply.redirect(returnToSchema.parse(pending.returnTo) ?? "/");
  });

  app.get("/logout", async (request, reply) => {
    if (request.user) await endSession(db, request.user.sessionId, app.sessionCache);
    clearSessionCookies(reply);
    return reply.redirect("/");
  });
}
