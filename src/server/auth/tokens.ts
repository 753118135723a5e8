import { randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { type AccountTokenPurpose, accountTokens } from "../db/schema";
import { hashToken } from "./sessions";

const HOUR_MS = 60 * 60 * 1000;

/** How long each kind of mailed link works. */
export const TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  verify_email: 24 * HOUR_MS,
  change_email: 24 * HOUR_MS,
  reset_password: HOUR_MS,
};

/** A new link token, and the SHA-256 stored in its place (the token itself only travels in the mail). */
export function newLinkToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

/** The SHA-256 a link's token is stored as. */
export { hashToken as linkTokenHash };

/**
 * Creates a single-use link token for her, proving `email` when followed. Earlier unused links of
 * the same purpose stop working: only the newest mail counts.
 */
export async function issueToken(
  tx: Db | Tx,
  userId: number,
  purpose: AccountTokenPurpose,
  email: string,
): Promise<string> {
  const { token, tokenHash } = newLinkToken();
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
  await tx.insert(accountTokens).values({
    tokenHash,
    userId,
    purpose,
    email,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/** Uses a token up, once: returns whose it was and the address it proves, or nothing. */
export async function consumeToken(tx: Db | Tx, token: string, purpose: AccountTokenPurpose) {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return row;
}

/** Links of one purpose mailed to her in the last hour, used or not. */
export async function tokensIssuedLastHour(db: Db | Tx, userId: number, purpose: AccountTokenPurpose) {
  const [row] = await db
    .select({ n: count() })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        gt(accountTokens.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return row?.n ?? 0;
}

/** The address she asked to change to, while its link still works. */
export async function pendingEmailOf(db: Db | Tx, userId: number) {
  const [row] = await db
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, "change_email"),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row?.email ?? null;
}

/** Stops every unused link of one purpose (a cancelled change of address, a reset that succeeded). */
export async function revokeTokens(tx: Db | Tx, userId: number, purpose: AccountTokenPurpose) {
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)),
    );
}

/** Expired links are kept a day (they still count towards the hourly limits), then removed. */
export async function deleteStaleTokens(db: Db) {
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, sql`now() - interval '1 day'`));
}
