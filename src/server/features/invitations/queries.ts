import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { invitations, users } from "../../db/schema";

type Conn = Db | Tx;

/** Waiting: neither accepted nor withdrawn, and its link still works. */
const waiting = and(
  isNull(invitations.acceptedAt),
  isNull(invitations.revokedAt),
  gt(invitations.expiresAt, sql`now()`),
);

export async function accountExists(db: Conn, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return Boolean(row);
}

/** Withdraws any invitation to the address not yet accepted (a newer one replaces it). */
export async function withdrawFor(tx: Tx, email: string) {
  await tx
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
}

export async function insert(
  tx: Tx,
  row: { email: string; tokenHash: string; invitedBy: number; expiresAt: Date },
) {
  const [created] = await tx.insert(invitations).values(row).returning({
    id: invitations.id,
    email: invitations.email,
    createdAt: invitations.createdAt,
    expiresAt: invitations.expiresAt,
  });
  return created!;
}

/** Invitations still waiting, newest first, with who sent each. */
export async function listWaiting(db: Db, page: { limit: number; before?: number }) {
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      inviterEmail: users.email,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(waiting, page.before === undefined ? undefined : lt(invitations.id, page.before)))
    .orderBy(desc(invitations.id))
    .limit(page.limit);
}

/** Withdraws one invitation still waiting: its address, or nothing when none was waiting. */
export async function revoke(tx: Tx, id: number) {
  const [row] = await tx
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invitations.id, id), waiting))
    .returning({ email: invitations.email });
  return row;
}

/** The waiting invitation behind a link's token. */
export async function waitingByHash(db: Conn, tokenHash: string) {
  const [row] = await db
    .select({ id: invitations.id, email: invitations.email })
    .from(invitations)
    .where(and(eq(invitations.tokenHash, tokenHash), waiting))
    .limit(1);
  return row;
}

/** The waiting invitation to an address (an external sign-in that proved it). */
export async function waitingForEmail(db: Conn, email: string) {
  const [row] = await db
    .select({ id: invitations.id, email: invitations.email })
    .from(invitations)
    .where(and(eq(invitations.email, email), waiting))
    .limit(1);
  return row;
}

/** Uses an invitation up, once: true when it was still waiting. */
export async function accept(tx: Tx, id: number, userId: number) {
  const rows = await tx
    .update(invitations)
    .set({ acceptedAt: sql`now()`, acceptedBy: userId })
    .where(and(eq(invitations.id, id), waiting))
    .returning({ id: invitations.id });
  return rows.length === 1;
}
