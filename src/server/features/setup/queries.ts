import { and, gt, isNull, sql } from "drizzle-orm";
import type { AppConfig } from "../../config";
import type { Db, Tx } from "../../db/client";
import { setupTokens, users } from "../../db/schema";

/**
 * Whether the ministry has its owner: an account with the administrator's role, or one whose address
 * ADMIN_EMAILS names (its rights follow once she confirms it, so setting up again would make a second).
 */
export async function ownerExists(db: Db | Tx, config: Pick<AppConfig, "adminEmails">) {
  const emails = config.adminEmails.map((email) => sql`${email}`);
  const named = emails.length ? sql` or lower(${users.email}) in (${sql.join(emails, sql`, `)})` : sql``;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.role} = 'admin'${named}`)
    .limit(1);
  return row !== undefined;
}

/** Stores a new link's hash; every earlier link stops working. */
export async function replaceSetupTokens(tx: Tx, tokenHash: string, expiresAt: Date) {
  await tx.update(setupTokens).set({ usedAt: sql`now()` }).where(isNull(setupTokens.usedAt));
  await tx.insert(setupTokens).values({ tokenHash, expiresAt });
}

const working = (tokenHash: string) =>
  and(
    sql`${setupTokens.tokenHash} = ${tokenHash}`,
    isNull(setupTokens.usedAt),
    gt(setupTokens.expiresAt, sql`now()`),
  );

/** Whether a link with this hash works: not used, not replaced, not expired. */
export async function setupTokenWorks(db: Db | Tx, tokenHash: string) {
  const [row] = await db.select({ id: setupTokens.id }).from(setupTokens).where(working(tokenHash)).limit(1);
  return row !== undefined;
}

/** Uses the link up, once: whether it worked. Two setups at once cannot both use it (the row is locked). */
export async function useSetupToken(tx: Tx, tokenHash: string) {
  const rows = await tx
    .update(setupTokens)
    .set({ usedAt: sql`now()` })
    .where(working(tokenHash))
    .returning({ id: setupTokens.id });
  return rows.length > 0;
}

/** One setup at a time: the owner check and her account are decided under this lock. */
export async function lockSetup(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mishpacha:setup'))`);
}

export async function insertOwner(
  tx: Tx,
  values: { email: string; passwordHash: string; firstName: string; lastName: string },
) {
  const [user] = await tx
    .insert(users)
    .values({ ...values, role: "admin" })
    .returning();
  return user!;
}
