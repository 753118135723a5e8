import { eq, lt, sql } from "drizzle-orm";
import { t } from "../../core/i18n";
import type { Db, Tx } from "../db/client";
import { signInThrottles } from "../db/schema";
import { hashToken } from "./sessions";

/**
 * Password guessing slowed per account (ASVS 5.0 §6.3), besides AUTH_RATE_LIMIT per network
 * address: past FREE_FAILURES failures in a row at one e-mail address, each next try waits twice as
 * long as the one before (1 s, 2 s, 4 s…, at most MAX_WAIT_SECONDS). Never a lockout: the right
 * password after the wait signs her in, so a stranger cannot keep her out, only slow her guesser.
 * Kept in PostgreSQL, so every instance counts the same tries.
 */
export const FREE_FAILURES = 5;
export const MAX_WAIT_SECONDS = 15 * 60;

/** The row of an address: its hash, so no address a stranger typed is stored. */
const accountOf = (email: string) => hashToken(email.toLowerCase());

const throttle = sql.identifier("t");
// A day without a failure starts the count again.
const failuresNow = sql`case when ${throttle}.last_failure_at < now() - interval '1 day' then 1 else ${throttle}.failures + 1 end`;
const retryAt = sql`case when ${failuresNow} >= ${FREE_FAILURES}
  then now() + least(power(2, ${failuresNow} - ${FREE_FAILURES}), ${MAX_WAIT_SECONDS}) * interval '1 second' end`;

/**
 * Counts a try at this address before its password is checked, so that tries sent all at once are
 * counted at once too (a right password then forgets them, `forgetFailures`). While the address is
 * waiting nothing is counted, and the result is the whole seconds left.
 */
export async function claimSignInTry(db: Db, email: string): Promise<{ waitSeconds: number } | undefined> {
  const account = accountOf(email);
  const counted = await db.execute(sql`
    insert into ${signInThrottles} as ${throttle} (account, failures, last_failure_at)
    values (${account}, 1, now())
    on conflict (account) do update set
      failures = ${failuresNow},
      last_failure_at = now(),
      retry_at = ${retryAt}
    where ${throttle}.retry_at is null or ${throttle}.retry_at <= now()
    returning 1`);
  if (counted.rows.length > 0) return undefined;
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from ${signInThrottles.retryAt} - now()))::int` })
    .from(signInThrottles)
    .where(eq(signInThrottles.account, account));
  return { waitSeconds: Math.max(1, row?.seconds ?? 1) };
}

/** A successful sign-in or a new password through the mailbox: the failures at her address are forgotten. */
export async function forgetFailures(db: Db | Tx, email: string) {
  await db.delete(signInThrottles).where(eq(signInThrottles.account, accountOf(email)));
}

/** Failures a day old count for nothing any more; their rows go (the hourly housekeeping). */
export async function deleteStaleSignInFailures(db: Db) {
  await db.delete(signInThrottles).where(lt(signInThrottles.lastFailureAt, sql`now() - interval '1 day'`));
}

/** "1 second", "4 seconds", "15 minutes": how long she is asked to wait, in the request's language. */
export function waitText(seconds: number) {
  if (seconds < 60) return t("{count, plural, one {# second} other {# seconds}}", { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  return t("{count, plural, one {# minute} other {# minutes}}", { count: minutes });
}
