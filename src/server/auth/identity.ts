import { eq, sql } from "drizzle-orm";
import { AUTH_MESSAGES } from "../../core/auth/schemas";
import { PROFILE_MESSAGES, RECENT_SIGN_IN_MINUTES } from "../../core/profile/schemas";
import type { AppConfig } from "../config";
import { type Db, isUniqueViolation } from "../db/client";
import { users } from "../db/schema";
import { badRequest, conflict, fieldError, forbidden, tooManyRequests, unauthorized } from "../http/errors";
import { enqueue, job } from "../jobs/queue";
import {
  confirmEmailChangeMail,
  emailChangeNoticeMail,
  passwordChangedMail,
  passwordResetMail,
} from "../mail/templates";
import { link, mail, sendVerification, site } from "./account-mail";
import { findUserByEmail } from "./accounts";
import { hashPassword, verifyPassword } from "./passwords";
import type { SessionCache } from "./session-cache";
import { endAllSessions, endOtherSessions, type SessionUser, signedInWithin } from "./sessions";
import { claimSignInTry, forgetFailures, waitText } from "./sign-in-throttle";
import { consumeToken, issueToken, revokeTokens, tokensIssuedLastHour } from "./tokens";

/**
 * Everything an e-mail address proves: verification links, changes of address and password resets.
 * Each mail is enqueued in the transaction that issues its link, so a rolled-back change sends
 * nothing and a committed one is never lost.
 */

/** Links of one kind mailed to one account per hour, whatever AUTH_RATE_LIMIT allows. */
export const MAILS_PER_HOUR = 3;

interface Recipient {
  id: number;
  email: string;
  firstName: string | null;
}

export async function resendVerification(db: Db, config: AppConfig, member: SessionUser) {
  if (member.emailVerified) throw conflict(AUTH_MESSAGES.alreadyVerified);
  await db.transaction(async (tx) => {
    // Taken under a row lock, so two quick presses cannot both pass the count.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${member.id} for update`);
    if ((await tokensIssuedLastHour(tx, member.id, "verify_email")) >= MAILS_PER_HOUR) {
      throw tooManyRequests(AUTH_MESSAGES.tooManyMails);
    }
    await sendVerification(tx, config, member);
  });
  return { message: AUTH_MESSAGES.verificationSent(member.email) };
}

/** Follows a verification link: the address it was sent to is hers, if it is still her address. */
export async function verifyEmail(db: Db, cache: SessionCache<SessionUser> | undefined, token: string) {
  const user = await db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, "verify_email");
    if (!used) throw badRequest(AUTH_MESSAGES.linkInvalid);
    const [verified] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(sql`${users.id} = ${used.userId} and lower(${users.email}) = lower(${used.email})`)
      .returning({ id: users.id, email: users.email });
    // She changed her address since this link was sent: it proves nothing about the new one.
    if (!verified) throw badRequest(AUTH_MESSAGES.linkInvalid);
    return verified;
  });
  // Her next request here, right after this response, must see the proved address: the database's
  // notice reaches every instance, but may come after that request.
  cache?.forgetUser(user.id);
  return { message: AUTH_MESSAGES.emailVerified, email: user.email };
}

/** A password reset asked for this address: the job finds whether it has an account (and mails her). */
export const sendPasswordResetJob = job<{ email: string }>("send-password-reset");

/**
 * Asks for a reset link. The response is the same, and as quick, whether or not the address has an
 * account: the request only enqueues the job (`mailPasswordReset`) that looks the address up, so
 * neither the words nor the time of the response tell anyone who has one. One pending job per address.
 */
export async function requestPasswordReset(db: Db, email: string) {
  await enqueue(db, sendPasswordResetJob, { email }, { jobKey: `password-reset:${email.toLowerCase()}` });
  return { message: AUTH_MESSAGES.resetSent };
}

/**
 * The job: mails a reset link if the address has an account. Past MAILS_PER_HOUR links an hour for
 * one account, no more are sent.
 */
export async function mailPasswordReset(db: Db, config: AppConfig, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${user.id} for update`);
    if ((await tokensIssuedLastHour(tx, user.id, "reset_password")) >= MAILS_PER_HOUR) return;
    const token = await issueToken(tx, user.id, "reset_password", user.email);
    await mail(
      tx,
      `reset-password:${user.id}`,
      user.email,
      passwordResetMail({
        ...site(config),
        firstName: user.firstName,
        link: link(config, "reset-password", token),
        // A job: her own language, not the job's.
        locale: user.locale ?? config.defaultLanguage,
      }),
    );
  });
}

/**
 * Sets a new password through a mailed link. The link proves the mailbox, so the address becomes
 * verified; every session of the account ends. An account that had never proved its address may
 * have been taken ahead of its owner: its external sign-in link goes too, so only she holds it now.
 */
export async function confirmPasswordReset(
  db: Db,
  cache: SessionCache<SessionUser> | undefined,
  token: string,
  password: string,
) {
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, "reset_password");
    if (!used) throw badRequest(AUTH_MESSAGES.linkInvalid);
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        oidcIssuer: sql`case when ${users.emailVerifiedAt} is null then null else ${users.oidcIssuer} end`,
        oidcSubject: sql`case when ${users.emailVerifiedAt} is null then null else ${users.oidcSubject} end`,
        updatedAt: new Date(),
      })
      .where(sql`${users.id} = ${used.userId} and lower(${users.email}) = lower(${used.email})`)
      .returning({ id: users.id });
    if (!user) throw badRequest(AUTH_MESSAGES.linkInvalid);
    await revokeTokens(tx, user.id, "reset_password");
    await endAllSessions(tx, user.id);
    // The guesses at her old password need not keep her waiting with her new one.
    await forgetFailures(tx, used.email);
    return user.id;
  });
  cache?.forgetUser(userId);
  return userId;
}

/**
 * A new address on the profile changes nothing yet: a link goes to the new address and a notice to
 * the old one. The new address is not reserved until she follows the link.
 */
/**
 * She proves it is her before her e-mail address changes (decision 058): a stolen session must not
 * be enough to take the account over through its mailbox. Her current password, with wrong ones
 * throttled at her address as at sign-in; or, for a member who signs in through her provider and has
 * no password here, a sign-in within the last `RECENT_SIGN_IN_MINUTES` minutes.
 */
export async function proveItIsHer(db: Db, member: SessionUser, currentPassword: string | undefined) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, member.id));
  if (!row) throw unauthorized();
  if (!row.passwordHash) {
    if (!(await signedInWithin(db, member.sessionId, RECENT_SIGN_IN_MINUTES))) {
      throw forbidden(PROFILE_MESSAGES.signInAgain);
    }
    return;
  }
  if (!currentPassword) throw fieldError("currentPassword", PROFILE_MESSAGES.currentPasswordNeeded);
  const waiting = await claimSignInTry(db, member.email);
  if (waiting) throw tooManyRequests(PROFILE_MESSAGES.passwordWait(waitText(waiting.waitSeconds)));
  if (!(await verifyPassword(row.passwordHash, currentPassword))) {
    throw fieldError("currentPassword", PROFILE_MESSAGES.wrongCurrentPassword);
  }
  await forgetFailures(db, member.email);
}

export async function requestEmailChange(db: Db, config: AppConfig, user: Recipient, newEmail: string) {
  const other = await findUserByEmail(db, newEmail);
  if (other && other.id !== user.id) throw conflict(PROFILE_MESSAGES.emailTaken);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${user.id} for update`);
    if ((await tokensIssuedLastHour(tx, user.id, "change_email")) >= MAILS_PER_HOUR) {
      throw tooManyRequests(AUTH_MESSAGES.tooManyMails);
    }
    const token = await issueToken(tx, user.id, "change_email", newEmail);
    const names = { ...site(config), firstName: user.firstName, newEmail };
    await mail(
      tx,
      `change-email:${user.id}`,
      newEmail,
      confirmEmailChangeMail({ ...names, link: link(config, "confirm-email", token) }),
    );
    await mail(tx, `change-email-notice:${user.id}`, user.email, emailChangeNoticeMail(names));
  });
}

export async function cancelEmailChange(db: Db, userId: number) {
  await revokeTokens(db, userId, "change_email");
}

/** Follows the link mailed to a new address: it becomes her address, verified. */
export async function confirmEmailChange(
  db: Db,
  cache: SessionCache<SessionUser> | undefined,
  token: string,
) {
  try {
    const changed = await db.transaction(async (tx) => {
      const used = await consumeToken(tx, token, "change_email");
      if (!used) throw badRequest(AUTH_MESSAGES.linkInvalid);
      const [user] = await tx
        .update(users)
        .set({ email: used.email, emailVerifiedAt: sql`now()`, updatedAt: new Date() })
        .where(eq(users.id, used.userId))
        .returning({ id: users.id, email: users.email });
      if (!user) throw badRequest(AUTH_MESSAGES.linkInvalid);
      // A link to confirm the old address proves nothing any more.
      await revokeTokens(tx, user.id, "verify_email");
      return user;
    });
    cache?.forgetUser(changed.id);
    return { message: PROFILE_MESSAGES.emailChanged(changed.email), email: changed.email };
  } catch (err) {
    // Someone took the address while the link waited: the unique index decides, nothing changed.
    if (isUniqueViolation(err)) throw conflict(PROFILE_MESSAGES.emailTaken);
    throw err;
  }
}

/** Changes her password on the profile; her other devices are signed out and her mailbox told. */
export async function changePassword(
  db: Db,
  config: AppConfig,
  cache: SessionCache<SessionUser> | undefined,
  member: SessionUser,
  currentPassword: string,
  newPassword: string,
) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, member.id));
  if (!row?.passwordHash) throw badRequest(PROFILE_MESSAGES.noPassword);
  if (!(await verifyPassword(row.passwordHash, currentPassword))) {
    throw fieldError("currentPassword", PROFILE_MESSAGES.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, member.id));
    await endOtherSessions(tx, member.id, member.sessionId, cache);
    await mail(
      tx,
      `password-changed:${member.id}`,
      member.email,
      passwordChangedMail({ ...site(config), firstName: member.firstName }),
    );
  });
  cache?.forgetUser(member.id);
  return { message: PROFILE_MESSAGES.passwordChanged };
}
