import { hash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne, type SQL, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { setBounded } from "../../core/bounded-map";
import { suspendedMessage } from "../../core/moderation/schemas";
import type { AppConfig } from "../config";
import type { Db, Tx } from "../db/client";
import { sessions, users } from "../db/schema";
import { HttpError } from "../http/errors";
import { isSuspended } from "./policies";
import type { CachedSession, SessionCache } from "./session-cache";

export const SESSION_COOKIE = "sid";
/**
 * A readable companion of the httpOnly session cookie that carries nothing secret: it tells the
 * page whether asking "who am I?" is worth a request, so visitors get the landing page at once.
 */
export const SIGNED_IN_HINT_COOKIE = "signed_in";
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY_MS;
/** Rolling expiry is pushed forward at most once a day, so reads rarely write. */
const REFRESH_AFTER_MS = DAY_MS;

type UserRow = typeof users.$inferSelect;

/** Who is asking: columns of her row, and what her session and her rights add. */
export interface SessionUser
  extends Pick<
    UserRow,
    | "id"
    | "email"
    | "firstName"
    | "lastName"
    | "profileImageUrl"
    | "membershipTier"
    | "role"
    | "isIntercessor"
    | "locale"
    | "createdAt"
  > {
  emailVerified: boolean;
  hasPassword: boolean;
  isAdmin: boolean;
  sessionId: string;
}

export const hashToken = (token: string) => hash("sha256", token, "hex");

/**
 * The stored id of a session token, remembered for the tokens seen lately: every signed-in request
 * needs it, and a lookup is a fraction of a digest's cost. Whoever sends unknown tokens only pushes
 * out older ones, and each of hers is hashed as it would have been.
 */
const recentSessionIds = new Map<string, string>();
const RECENT_SESSION_IDS = 20_000;
function sessionIdOf(token: string) {
  let id = recentSessionIds.get(token);
  if (id === undefined) {
    id = hashToken(token);
    setBounded(recentSessionIds, token, id, RECENT_SESSION_IDS);
  }
  return id;
}

/** ADMIN_EMAILS grants its rights only to an address its holder has proved she receives mail at. */
export function isAdministrator(
  config: AppConfig,
  user: { email: string; role: string; emailVerified: boolean },
) {
  return (
    user.role === "admin" || (user.emailVerified && config.adminEmails.includes(user.email.toLowerCase()))
  );
}

/**
 * SQL of `isAdministrator`: a condition on the users row `table`. ADMIN_EMAILS holds lower-cased
 * addresses, matched on `lower(email)` as `users_email_lower_idx` is.
 */
export function administratorIn(config: Pick<AppConfig, "adminEmails">, table = "users"): SQL {
  const role = sql`${sql.identifier(table)}.role = 'admin'`;
  if (config.adminEmails.length === 0) return sql`(${role})`;
  const emails = sql.join(
    config.adminEmails.map((email) => sql`${email}`),
    sql`, `,
  );
  return sql`(${role} or (${sql.identifier(table)}.email_verified_at is not null
    and lower(${sql.identifier(table)}.email) in (${emails})))`;
}

/** Columns a member's session carries, selected wherever a user row becomes "who is asking". */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  membershipTier: users.membershipTier,
  role: users.role,
  isIntercessor: users.isIntercessor,
  locale: users.locale,
  createdAt: users.createdAt,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`.as("email_verified"),
  hasPassword: sql<boolean>`${users.passwordHash} is not null`.as("has_password"),
};

export function cookieOptions(config: AppConfig) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.secureCookies,
    maxAge: SESSION_TTL_MS / 1000,
  };
}

/** Starts a new session (a new token on every sign-in) and sets the cookie. */
export async function startSession(db: Db, config: AppConfig, reply: FastifyReply, userId: number) {
  // A suspended member is told until when, whichever way she signs in (decision 040).
  const [member] = await db.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, userId));
  if (member && isSuspended(member.until)) throw new HttpError(403, suspendedMessage(member.until));
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  setSessionCookies(reply, config, token);
}

function setSessionCookies(reply: FastifyReply, config: AppConfig, token: string) {
  const options = cookieOptions(config);
  reply.setCookie(SESSION_COOKIE, token, options);
  reply.setCookie(SIGNED_IN_HINT_COOKIE, "1", { ...options, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: "/" });
}

/**
 * Looks up the session (from the cache of recently seen sessions, else in one indexed query) and
 * slides its expiry forward once a day. A session in the cache is resolved synchronously: most
 * requests cost no promise here.
 */
export function resolveSession(
  db: Db,
  config: AppConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  cache?: SessionCache<SessionUser>,
): SessionUser | null | Promise<SessionUser | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return null;
  const id = sessionIdOf(token);
  const found = cache?.get(id);
  if (found && !needsRefresh(found.expiresAt)) return found.user;
  return resolveStoredSession(db, config, reply, cache, token, id, found);
}

const needsRefresh = (expiresAt: number) => expiresAt - Date.now() < SESSION_TTL_MS - REFRESH_AFTER_MS;

async function resolveStoredSession(
  db: Db,
  config: AppConfig,
  reply: FastifyReply,
  cache: SessionCache<SessionUser> | undefined,
  token: string,
  id: string,
  cached: CachedSession<SessionUser> | undefined,
): Promise<SessionUser | null> {
  let found = cached;
  if (!found) {
    const row = await loadSession(db, id);
    if (!row) {
      clearSessionCookies(reply);
      return null;
    }
    const { expiresAt, ...stored } = row;
    // Cached whole, so a cached request builds nothing; nobody changes a request's user.
    const user: SessionUser = { ...stored, isAdmin: isAdministrator(config, stored), sessionId: id };
    found = { user, userId: user.id, expiresAt: expiresAt.getTime() };
    cache?.set(id, found);
  }
  if (needsRefresh(found.expiresAt)) {
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    // The update's notification evicts this entry everywhere; the next request reloads it once.
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    setSessionCookies(reply, config, token);
  }
  return found.user;
}

async function loadSession(db: Db, id: string) {
  const [row] = await db
    .select({ ...sessionUserColumns, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

/** Ends a session; the cache passed in forgets it at once (other instances hear it from the database). */
export async function endSession(db: Db, sessionId: string, cache?: SessionCache<SessionUser>) {
  cache?.forgetSession(sessionId);
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  cache?.forgetSession(sessionId);
}

export async function endAllSessions(db: Db | Tx, userId: number, cache?: SessionCache<SessionUser>) {
  cache?.forgetUser(userId);
  await db.delete(sessions).where(eq(sessions.userId, userId));
  cache?.forgetUser(userId);
}

/** Ends her sessions on every other device; returns how many ended. */
export async function endOtherSessions(
  db: Db | Tx,
  userId: number,
  keepSessionId: string,
  cache?: SessionCache<SessionUser>,
) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  for (const { id } of ended) cache?.forgetSession(id);
  return ended.length;
}

/** Whether this session began (she signed in) within the last `minutes` minutes, by the database's clock. */
export async function signedInWithin(db: Db, sessionId: string, minutes: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        gt(sessions.createdAt, sql`now() - ${minutes}::int * interval '1 minute'`),
      ),
    );
  return row !== undefined;
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}
