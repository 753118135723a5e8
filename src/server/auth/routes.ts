import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { authEndpoints as api } from "../../core/auth/endpoints";
import { AUTH_MESSAGES, returnToSchema } from "../../core/auth/schemas";
import type { Locale } from "../../core/i18n";
import { users } from "../db/schema";
import { serve } from "../http/endpoint-routes";
import { HttpError, tooManyRequests } from "../http/errors";
import { isOwnNavigation } from "../http/security";
import { inLocale, localeOfRequest } from "../i18n";
import { authenticate, registerMember, upsertOidcMember } from "./accounts";
import { confirmPasswordReset, requestPasswordReset, resendVerification, verifyEmail } from "./identity";
import { createOidc, type PendingLogin } from "./oidc";
import { clearSessionCookies, endSession, isAdministrator, startSession } from "./sessions";
import { waitText } from "./sign-in-throttle";

const OIDC_COOKIE = "oidc_login";
/** Where her Sign Out button is (her profile's settings). */
const SIGN_OUT_PAGE = "/profile?tab=settings";

interface UserRow {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  membershipTier: "free" | "premium";
  role: "member" | "admin";
  isIntercessor: boolean;
  locale?: Locale | null;
  createdAt: Date;
  emailVerifiedAt?: Date | null;
  emailVerified?: boolean;
  passwordHash?: string | null;
  hasPassword?: boolean;
}

export default async function authRoutes(app: FastifyInstance) {
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
      isIntercessor: user.isIntercessor,
      locale: user.locale ?? null,
      emailVerified,
      hasPassword: user.hasPassword ?? Boolean(user.passwordHash),
    };
  };

  /**
   * Runs a handler in the language of the page that asked (her own when she is signed in): a refusal
   * with a value in it (a wait, the day a suspension ends, her address) is written there; the fixed
   * ones go in English and the page translates them.
   */
  const inPageLanguage = <T>(request: FastifyRequest, chosen: Locale | null | undefined, work: () => T) =>
    inLocale(localeOfRequest(request, config, chosen), work);

  const signIn = async (reply: FastifyReply, userId: number, previousSession?: string) => {
    // A fresh token on every sign-in; the one the browser held before is dropped.
    if (previousSession) await endSession(db, previousSession, app.sessionCache);
    await startSession(db, config, reply, userId);
  };

  serve(app, api.register, ({ viewer, body, request, reply }) =>
    inPageLanguage(request, null, async () => {
      const user = await registerMember(db, config, body);
      await signIn(reply, user.id, viewer?.sessionId);
      return present(user);
    }),
  );

  serve(app, api.login, ({ viewer, body, request, reply }) =>
    inPageLanguage(request, null, async () => {
      const signedIn = await authenticate(db, body.email, body.password);
      if ("waitSeconds" in signedIn) {
        reply.header("retry-after", String(signedIn.waitSeconds));
        throw tooManyRequests(AUTH_MESSAGES.signInWait(waitText(signedIn.waitSeconds)));
      }
      await signIn(reply, signedIn.user.id, viewer?.sessionId);
      return present(signedIn.user);
    }),
  );

  serve(app, api.user, ({ viewer }) => present(viewer));

  serve(app, api.verifyEmail, ({ body }) => verifyEmail(db, app.sessionCache, body.token));

  serve(app, api.resendVerification, ({ viewer, request }) =>
    inPageLanguage(request, viewer.locale, () => resendVerification(db, config, viewer)),
  );

  serve(app, api.passwordReset, ({ body }) => requestPasswordReset(db, body.email));

  serve(app, api.passwordResetConfirm, ({ body, request, reply }) =>
    inPageLanguage(request, null, async () => {
      const userId = await confirmPasswordReset(db, app.sessionCache, body.token, body.password);
      // Every session of the account ended with the reset, so this device's (if any) is gone too.
      await startSession(db, config, reply, userId);
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      return present(user!);
    }),
  );

  serve(app, api.oidcLogin, async ({ query, reply }) => {
    const { returnTo, mode } = query;
    if (!oidc) {
      const page = new URLSearchParams();
      if (mode) page.set("mode", mode);
      if (returnTo) page.set("returnTo", returnTo);
      return reply.redirect(page.size ? `/sign-in?${page}` : "/sign-in");
    }
    const login = await oidc.start(returnTo, mode === "register");
    reply.setCookie(OIDC_COOKIE, JSON.stringify(login.pending), {
      path: "/api/callback",
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      maxAge: 600,
      signed: true,
    });
    return reply.redirect(login.authorizationUrl.href);
  });

  serve(app, api.oidcCallback, async ({ viewer, request, reply }) => {
    const failed = (reason: string, error: "external" | "invitation" = "external") => {
      request.log.warn({ reason }, "external sign-in failed");
      reply.clearCookie(OIDC_COOKIE, { path: "/api/callback" });
      return reply.redirect(`/sign-in?error=${error}`);
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
      // Joining is by invitation and no invitation waits for her address: the page says so.
      const closed = err instanceof HttpError && err.statusCode === 403;
      return failed((err as Error).message, closed ? "invitation" : "external");
    }
    reply.clearCookie(OIDC_COOKIE, { path: "/api/callback" });
    await signIn(reply, userId, viewer?.sessionId);
    return reply.redirect(returnToSchema.parse(pending.returnTo) ?? "/");
  });

  serve(app, api.logout, async ({ viewer, request, reply }) => {
    // Any site may link here, and her SameSite=Lax cookie comes along: sent from elsewhere, she is
    // shown her own Sign Out button instead, and her session ends only if she presses it.
    if (viewer && !isOwnNavigation(config, request)) return reply.redirect(SIGN_OUT_PAGE);
    if (viewer) await endSession(db, viewer.sessionId, app.sessionCache);
    clearSessionCookies(reply);
    return reply.redirect("/");
  });
}
