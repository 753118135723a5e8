import { eq, sql } from "drizzle-orm";
import type { RegisterBody } from "../../core/auth/schemas";
import { AUTH_MESSAGES } from "../../core/auth/schemas";
import { INVITATION_MESSAGES } from "../../core/invitations/messages";
import { activityName, recordActivity } from "../activity/record";
import type { AppConfig } from "../config";
import { type Db, isUniqueViolation } from "../db/client";
import { users } from "../db/schema";
import { acceptInvitation, waitingInvitation, waitingInvitationFor } from "../features/invitations";
import { conflict, forbidden, HttpError } from "../http/errors";
import { sendVerification } from "./account-mail";
import { hashPassword, verifyPassword } from "./passwords";
import type { SessionCache } from "./session-cache";
import { endAllSessions, type SessionUser } from "./sessions";
import { claimSignInTry, forgetFailures } from "./sign-in-throttle";

export const findUserByEmail = async (db: Db, email: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
};

/**
 * A new account starts unverified: a link goes to her address in the same transaction. One opened
 * with an invitation starts verified, since the invitation's link was mailed to that address, and
 * uses the invitation up in the same transaction (decision 064). While joining is by invitation
 * (read at each request: the administrators may change it), none opens without one.
 */
export async function registerMember(db: Db, config: AppConfig, input: RegisterBody) {
  const invitation = input.invitation ? await waitingInvitation(db, input.invitation) : undefined;
  if (input.invitation && !invitation) throw forbidden(INVITATION_MESSAGES.invalid);
  if (!invitation && config.registration === "invitation") throw forbidden(INVITATION_MESSAGES.closed);
  if (invitation && invitation.email !== input.email) throw forbidden(INVITATION_MESSAGES.otherAddress);
  if (await findUserByEmail(db, input.email)) throw conflict(AUTH_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          emailVerifiedAt: invitation ? new Date() : null,
        })
        .returning();
      // Single use: a second registration with the same link finds it accepted and rolls back.
      if (invitation && !(await acceptInvitation(tx, invitation.id, user!.id))) {
        throw forbidden(INVITATION_MESSAGES.invalid);
      }
      await recordActivity(tx, "member_joined", { name: activityName(input) }, user!.id);
      if (!invitation) await sendVerification(tx, config, user!);
      return user!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(AUTH_MESSAGES.emailTaken);
    throw err;
  }
}

/**
 * The same response for an unknown e-mail and a wrong password. Past a few failures in a row at the
 * address, each next try waits (`sign-in-throttle.ts`): 429 with the seconds left, the password
 * unchecked.
 */
export async function authenticate(db: Db, email: string, password: string) {
  const waiting = await claimSignInTry(db, email);
  if (waiting) return waiting;
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) throw new HttpError(401, AUTH_MESSAGES.wrongCredentials);
  await forgetFailures(db, email);
  return { user };
}

export interface OidcClaims {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
  picture?: string;
}

/**
 * Creates or updates the member behind an external sign-in. Her address counts as verified only
 * when the provider says so (`email_verified`); a provider that lets people type any address
 * proves nothing, so such an account starts unverified and gets a link of ours.
 */
export async function upsertOidcMember(
  db: Db,
  config: AppConfig,
  claims: OidcClaims,
  cache?: SessionCache<SessionUser>,
) {
  const profile = {
    ...(claims.firstName !== undefined && { firstName: claims.firstName }),
    ...(claims.lastName !== undefined && { lastName: claims.lastName }),
    ...(claims.picture !== undefined && { profileImageUrl: claims.picture }),
    updatedAt: new Date(),
  };
  const verifiedNow = claims.emailVerified ? new Date() : null;
  const [linked] = await db
    .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(sql`${users.oidcIssuer} = ${claims.issuer} and ${users.oidcSubject} = ${claims.subject}`)
    .limit(1);
  if (linked) {
    let address = {};
    if (linked.email.toLowerCase() === claims.email) {
      if (!linked.emailVerifiedAt && verifiedNow) address = { emailVerifiedAt: verifiedNow };
    } else {
      // Her address changed at the provider; follow it unless another account holds it.
      const holder = await findUserByEmail(db, claims.email);
      if (!holder) address = { email: claims.email, emailVerifiedAt: verifiedNow };
    }
    const [user] = await db
      .update(users)
      .set({ ...profile, ...address })
      .where(eq(users.id, linked.id))
      .returning();
    return user!;
  }
  const existing = await findUserByEmail(db, claims.email);
  if (existing) {
    // Linking an existing account on an unverified address would let anyone claim it.
    if (!claims.emailVerified) throw conflict(AUTH_MESSAGES.emailTaken);
    // The provider proved the mailbox. An account that never proved it may have been taken ahead
    // of its owner: its password and sessions go, as a password reset through the mailbox would.
    const squatted = !existing.emailVerifiedAt;
    const [user] = await db.transaction(async (tx) => {
      if (squatted) await endAllSessions(tx, existing.id);
      return tx
        .update(users)
        .set({
          ...profile,
          oidcIssuer: claims.issuer,
          oidcSubject: claims.subject,
          emailVerifiedAt: existing.emailVerifiedAt ?? verifiedNow,
          ...(squatted && { passwordHash: null }),
        })
        .where(eq(users.id, existing.id))
        .returning();
    });
    if (squatted) cache?.forgetUser(existing.id);
    return user!;
  }
  // A new account: while joining is by invitation, only for an address the provider proved and an
  // administrator invited; an invitation waiting for a proven address is used up either way.
  const invitation = claims.emailVerified ? await waitingInvitationFor(db, claims.email) : undefined;
  if (!invitation && config.registration === "invitation") throw forbidden(INVITATION_MESSAGES.closed);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: claims.email,
        emailVerifiedAt: verifiedNow,
        firstName: claims.firstName ?? null,
        lastName: claims.lastName ?? null,
        profileImageUrl: claims.picture ?? null,
        oidcIssuer: claims.issuer,
        oidcSubject: claims.subject,
      })
      .returning();
    const name = [claims.firstName, claims.lastName].filter(Boolean).join(" ") || claims.email.split("@")[0];
    const accepted = invitation ? await acceptInvitation(tx, invitation.id, user!.id) : false;
    if (!accepted && config.registration === "invitation") throw forbidden(INVITATION_MESSAGES.closed);
    await recordActivity(tx, "member_joined", { name: name || null }, user!.id);
    if (!verifiedNow) await sendVerification(tx, config, user!);
    return user!;
  });
}
