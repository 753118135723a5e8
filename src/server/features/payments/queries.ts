import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { accountColumns } from "../../db/query-helpers";
import { payments, stripeEvents, subscriptions, users } from "../../db/schema";

/** Stripe statuses in which the member is a patron. */
export const PATRON_STATUSES = ["active", "trialing"] as const;
/** Statuses in which a new subscription would be a second one (past_due is still hers to fix). */
export const SUBSCRIBED_STATUSES = ["active", "trialing", "past_due", "unpaid"] as const;

export const isPatronStatus = (status: string | null | undefined) =>
  (PATRON_STATUSES as readonly string[]).includes(status ?? "");

export async function findBillingMember(db: Db | Tx, userId: number) {
  const [row] = await db
    .select({ ...accountColumns, stripeCustomerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
export type BillingMember = NonNullable<Awaited<ReturnType<typeof findBillingMember>>>;

export async function hasSubscription(db: Db | Tx, userId: number) {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...SUBSCRIBED_STATUSES])))
    .limit(1);
  return Boolean(row);
}

/**
 * Stores her Stripe customer unless one was stored meanwhile (two tabs at once); answers the
 * customer that won, so she never ends up with two.
 */
export async function saveCustomerId(db: Db, userId: number, customerId: string) {
  const [saved] = await db
    .update(users)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)))
    .returning({ stripeCustomerId: users.stripeCustomerId });
  if (saved?.stripeCustomerId) return saved.stripeCustomerId;
  const current = await findBillingMember(db, userId);
  return current?.stripeCustomerId ?? customerId;
}

/** True when the event id is new; false when it was applied before (Stripe delivers at least once). */
export async function claimEvent(tx: Tx, id: string, type: string) {
  const rows = await tx
    .insert(stripeEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export async function eventSeen(db: Db, id: string) {
  const [row] = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, id))
    .limit(1);
  return Boolean(row);
}

/**
 * The member a Stripe object belongs to: metadata.userId first, else her customer id. Null when
 * neither names an existing account (she may have deleted it since).
 */
export async function resolveMember(tx: Tx, metadataUserId: string | undefined, customerId: string | null) {
  const memberWhere = async (where: SQL) => {
    const [row] = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(where)
      .limit(1);
    return row;
  };
  const id = metadataUserId && /^\d{1,10}$/.test(metadataUserId) ? Number(metadataUserId) : undefined;
  const byId = id !== undefined && id <= 2_147_483_647 ? await memberWhere(eq(users.id, id)) : undefined;
  const byCustomer =
    !byId && customerId ? await memberWhere(eq(users.stripeCustomerId, customerId)) : undefined;
  return byId ?? byCustomer ?? null;
}

/** Holds her row until the transaction ends, so two events for her never decide her tier at once. */
export async function lockMember(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** Writes the subscription as Stripe now describes it; answers the status it had before. */
export async function upsertSubscription(
  tx: Tx,
  row: { id: string; userId: number | null; status: string; createdAt: Date },
) {
  const [previous] = await tx
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.id, row.id))
    .for("update");
  await tx
    .insert(subscriptions)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: subscriptions.id,
      set: {
        status: row.status,
        userId: sql`coalesce(excluded.user_id, ${subscriptions.userId})`,
        updatedAt: new Date(),
      },
    });
  return previous?.status ?? null;
}

/** Her tier follows her subscriptions: premium while any is active or trialing, free otherwise. */
export async function refreshTier(tx: Tx, userId: number) {
  const [row] = await tx
    .update(users)
    .set({
      membershipTier: sql`case when exists (
        select 1 from ${subscriptions}
        where ${subscriptions.userId} = ${userId}
          and ${subscriptions.status} in ('active', 'trialing')
      ) then 'premium' else 'free' end`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ membershipTier: users.membershipTier });
  return row?.membershipTier;
}

/** Records money received once per Stripe object; false when it was already recorded. */
export async function recordPayment(
  tx: Tx,
  row: {
    userId: number | null;
    kind: "subscription" | "donation";
    amountCents: number;
    currency: string;
    stripeObjectId: string;
    createdAt: Date;
  },
) {
  const inserted = await tx
    .insert(payments)
    .values(row)
    .onConflictDoNothing({ target: payments.stripeObjectId })
    .returning({ id: payments.id });
  return inserted.length > 0;
}
