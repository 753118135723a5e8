import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Locale } from "../../../core/i18n/locales";
import {
  PROFILE_MESSAGES,
  resolveSettings,
  type UpdateProfileBody,
  type UpdateSettingsBody,
} from "../../../core/profile/schemas";
import { proveItIsHer, requestEmailChange } from "../../auth/identity";
import { endAllSessions, type SessionUser } from "../../auth/sessions";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { unauthorized, unavailable } from "../../http/errors";
import { closeBillingAccount, paymentsContext } from "../payments";
import * as q from "./queries";

type ProfileRow = NonNullable<Awaited<ReturnType<typeof q.findProfile>>>;

const present = ({ stripeCustomerId, settings, ...row }: ProfileRow) => ({
  ...row,
  settings: resolveSettings(settings),
  hasBillingAccount: Boolean(stripeCustomerId),
});

export async function getProfile(db: Db, userId: number) {
  const row = await q.findProfile(db, userId);
  if (!row) throw unauthorized();
  return present(row);
}

/**
 * Blank fields were already dropped by the schema, so what is left replaces the current values. A
 * new e-mail address is not set here: a link goes to it, and it becomes hers when she follows it. It
 * needs her proof first (`proveItIsHer`), before anything changes, so a refusal changes nothing.
 */
export async function updateProfile(
  db: Db,
  config: AppConfig,
  member: SessionUser,
  input: UpdateProfileBody,
) {
  const newEmail = input.email !== undefined && input.email !== member.email.toLowerCase();
  if (newEmail) await proveItIsHer(db, member, input.currentPassword);
  const changes = {
    ...(input.firstName !== undefined && { firstName: input.firstName }),
    ...(input.lastName !== undefined && { lastName: input.lastName }),
    ...(input.bio !== undefined && { bio: input.bio || null }),
  };
  if (newEmail && input.email !== undefined) {
    const firstName = changes.firstName ?? member.firstName;
    await requestEmailChange(db, config, { id: member.id, email: member.email, firstName }, input.email);
  }
  const row = Object.keys(changes).length
    ? await q.updateProfile(db, member.id, changes)
    : await q.findProfile(db, member.id);
  if (!row) throw unauthorized();
  return present(row);
}

export async function setLanguage(db: Db, userId: number, locale: Locale) {
  await q.setLocale(db, userId, locale);
}

export async function updateSettings(db: Db, userId: number, input: UpdateSettingsBody) {
  const changes: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(input)) if (typeof value === "boolean") changes[key] = value;
  const stored = await q.mergeSettings(db, userId, changes);
  if (!stored) throw unauthorized();
  return resolveSettings(stored);
}

export async function exportData(db: Db, userId: number) {
  const row = await q.findProfile(db, userId);
  if (!row) throw unauthorized();
  const {
    hasBillingAccount: _billing,
    pendingEmail: _pending,
    hasPassword: _password,
    ...profile
  } = present(row);
  return { exportedAt: new Date(), profile, ...(await q.exportRows(db, userId)) };
}

/**
 * Deletes her account. Billing is closed first: if Stripe cannot be reached the account stays, so
 * she is never charged for an account that no longer exists.
 */
export async function deleteAccount(app: FastifyInstance, log: FastifyBaseLogger, userId: number) {
  const row = await q.findProfile(app.db, userId);
  if (!row) throw unauthorized();
  if (row.stripeCustomerId) {
    const payments = paymentsContext(app, log);
    if (payments) {
      try {
        await closeBillingAccount(payments, row.stripeCustomerId);
      } catch {
        throw unavailable(PROFILE_MESSAGES.billingNotCancelled);
      }
    } else if ((await q.activeSubscriptionCount(app.db, userId)) > 0) {
      log.error({ userId }, "account deletion refused: active subscription and Stripe is not configured");
      throw unavailable(PROFILE_MESSAGES.billingNotCancelled);
    }
  }
  await endAllSessions(app.db, userId, app.sessionCache);
  await app.db.transaction((tx) => q.deleteMember(tx, userId));
}
