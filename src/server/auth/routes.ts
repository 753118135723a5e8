import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  currentUser,
  emailConfirmedResult,
  loginBody,
  passwordResetBody,
  passwordResetConfirmBody,
  registerBody,
  returnToSchema,
  tokenBody,
} from "../../core/schemas/auth";
import { messageResponse } from "../../core/schemas/common";
import { users } from "../db/schema";
import { authenticate, registerMember, upsertOidcMember } from "./accounts";
import { memberOf } from "./guards";
import { confirmPasswordReset, requestPasswordReset, resendVerification, verifyEmail } from "./identity";
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
  emailVerifiedAt?: Date | null;
  emailVerified?: boolean;
  passwordHash?: string | null;
  hasPassword?: boolean;
}

const errors = { 400: messageResponse, 401: messageResponse, 409: messageResponse, 429: messageResponse };

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;
  const oidc = config.oidc ? createOidc(config.oidc, config.publicUrl) : undefined;

  /** A session's user or a fresh row from the table: either way, what the browser is told. */
  const present = (user: UserRow) => {
    const emailVerified = user.emailVerified ?? Boolean(user.emailVerifiedAt);
    return {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      profileImageUrl: user.profileImageUrl,
      membershipTier: user.membershipTier,
      createdAt: user.createdAt,
      isAdmin: isAdministrator(config, { ...user, emailVerified }),
      emailVerified,
      hasPassword: user.hasPassword ?? Boolean(user.passwordHash),
    };
  };

  const signIn = async (reply: FastifyReply, userId: number, previousSession?: string) => {
    // A fresh token on every sign-in; the one the browser held before is dropped.
    if (previousSession) await endSession(db, previousSession, app.sessionCache);
    await startSession(db, config, reply, userId);
  };

  app.post(
    "/auth/register",
    {
      // Creating an account.
      config: { access: "public", rateLimit: app.rateLimits.auth },
      schema: { body: registerBody, response: { 201: currentUser, ...errors } },
    },
    async (request, reply) => {
      const user = await registerMember(db, config, request.body);
      await signIn(reply, user.id, request.user?.sessionId);
      return reply.status(201).send(present(user));
    },
  );

  app.post(
    "/auth/login",
    {
      // Signing in.
      config: { access: "public", rateLimit: app.rateLimits.auth },
      schema: { body: loginBody, response: { 200: currentUser, ...errors } },
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
    async (request) => present(memberOf(request)),
  );

  app.post(
    "/auth/verify-email",
    {
      // The mailed link is the proof; she may open it on a device where she is not signed in.
      config: { access: "public", rateLimit: app.rateLimits.auth },
      schema: { body: tokenBody, response: { 200: emailConfirmedResult, ...errors } },
    },
    async (request) => verifyEmail(db, request.body.token),
  );

  app.post(
    "/auth/resend-verification",
    { config: { rateLimit: app.rateLimits.auth }, schema: { response: { 202: messageResponse, ...errors } } },
    async (request, reply) => reply.status(202).send(await resendVerification(db, config, memberOf(request))),
  );

  app.post(
    "/auth/password-reset",
    {
      // A member who forgot her password is not signed in.
      config: { access: "public", rateLimit: app.rateLimits.auth },
      schema: { body: passwordResetBody, response: { 202: messageResponse, ...errors } },
    },
    async (request, reply) =>
      reply.status(202).send(await requestPasswordReset(db, config, request.body.email)),
  );

  app.post(
    "/auth/password-reset/confirm",
    {
      // The mailed link is the proof.
      config: { access: "public", rateLimit: app.rateLimits.auth },
      schema: { body: passwordResetConfirmBody, response: { 200: currentUser, ...errors } },
    },
    async (request, reply) => {
      const userId = await confirmPasswordReset(
        db,
        app.sessionCache,
        request.body.token,
        request.body.password,
      );
      // Every session of the account ended with the reset, so this device's (if any) is gone too.
      await startSession(db, config, reply, userId);
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      return present(user!);
    },
  );

  app.get(
    "/login",
    {
      // Starts signing in.
      config: { access: "public", rateLimit: app.rateLimits.auth },
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

  // The external provider's return address.
  const callbackConfig = { access: "public", rateLimit: app.rateLimits.auth } as const;
  app.get("/callback", { config: callbackConfig }, async (request, reply) => {
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
      userId = (await upsertOidcMember(db, config, claims, app.sessionCache)).id;
    } catch (err) {
      return failed((err as Error).message);
    }
    reply.clearCookie(OIDC_COOKIE, { path: "/api/callback" });
    await signIn(reply, userId, request.user?.sessionId);
    return reply.redirect(returnToSchema.parse(pending.returnTo) ?? "/");
  });

  // Signing out is harmless without a session.
  app.get("/logout", { config: { access: "public" } }, async (request, reply) => {
    if (request.user) await endSession(db, request.user.sessionId, app.sessionCache);
    clearSessionCookies(reply);
    return reply.redirect("/");
  });
}
