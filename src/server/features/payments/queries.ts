import { and, desc, eq, gte, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { accountColumns } from "../../db/query-helpers";
import { courses, payments, stripeEvents, subscriptions, users } from "../../db/schema";
import { enqueue, job } from "../../jobs/queue";

/** Stripe statuses in which the member is a patron. */
export const PATRON_STATUSES = ["active", "trialing"] as const;
/** Statuses in which a new subscription would be a second one (past_due is still hers to fix). */
export const SUBSCRIBED_STATUSES = ["active", "trialing", "past_due", "unpaid"] as const;

/** Her receipt for a payment just recorded (written when it leaves, from the payment's row). */
export const sendReceiptJob = job<{ paymentId: number }>("send-receipt");

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
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.purpose, "patron"),
        inArray(subscriptions.status, [...SUBSCRIBED_STATUSES]),
      ),
    )
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
  row: {
    id: string;
    userId: number | null;
    status: string;
    createdAt: Date;
    purpose: "patron" | "gift";
    amountCents: number | null;
  },
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
        purpose: row.purpose,
        amountCents: sql`coalesce(excluded.amount_cents, ${subscriptions.amountCents})`,
        updatedAt: new Date(),
      },
    });
  return previous?.status ?? null;
}

/**
 * Her tier follows her patron subscriptions: premium while any is active or trialing, free
 * otherwise. A monthly gift makes nobody a patron.
 */
export async function refreshTier(tx: Tx, userId: number) {
  const [row] = await tx
    .update(users)
    .set({
      membershipTier: sql`case when exists (
        select 1 from ${subscriptions}
        where ${subscriptions.userId} = ${userId}
          and ${subscriptions.purpose} = 'patron'
          and ${subscriptions.status} in ('active', 'trialing')
      ) then 'premium' else 'free' end`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ membershipTier: users.membershipTier });
  return row?.membershipTier;
}

/**
 * Records money received once per Stripe object; false when it was already recorded. Every payment
 * comes through here, so this is where her receipt is queued: in the same transaction, and only for
 * a row just inserted, so a replayed webhook never mails twice. A payment without a member (her
 * account is gone) gets none.
 */
export async function recordPayment(
  tx: Tx,
  row: {
    userId: number | null;
    kind: (typeof payments.$inferInsert)["kind"];
    amountCents: number;
    currency: string;
    stripeObjectId: string;
    courseId?: number | null;
    createdAt: Date;
  },
) {
  const [inserted] = await tx
    .insert(payments)
    .values(row)
    .onConflictDoNothing({ target: payments.stripeObjectId })
    .returning({ id: payments.id });
  if (inserted && row.userId !== null) {
    await enqueue(tx, sendReceiptJob, { paymentId: inserted.id }, { jobKey: `receipt:${inserted.id}` });
  }
  return Boolean(inserted);
}

/**
 * A monthly gift as Stripe created it, recorded at once with its purpose and amount; the webhooks
 * keep its status from then on (a row they wrote first is left as it is).
 */
export async function insertGift(
  db: Db,
  row: { id: string; userId: number; status: string; amountCents: number; createdAt: Date },
) {
  await db
    .insert(subscriptions)
    .values({ ...row, purpose: "gift", updatedAt: new Date() })
    .onConflictDoNothing({ target: subscriptions.id });
}

/** A subscription's purpose as recorded (null when it is not known here yet). */
export async function subscriptionPurpose(tx: Tx, id: string) {
  const [row] = await tx
    .select({ purpose: subscriptions.purpose })
    .from(subscriptions)
    .where(eq(subscriptions.id, id))
    .limit(1);
  return row?.purpose ?? null;
}

/** Her monthly gifts still running (or waiting on a card), newest first; a member has few. */
export async function listGifts(db: Db, userId: number) {
  return db
    .select({
      id: subscriptions.id,
      amountCents: sql<number>`coalesce(${subscriptions.amountCents}, 0)`.mapWith(Number),
      status: subscriptions.status,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.purpose, "gift"),
        inArray(subscriptions.status, [...SUBSCRIBED_STATUSES]),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(50);
}

/** Her monthly gifts in any state (to find one by its reference); a member has few. */
export async function herGifts(db: Db, userId: number) {
  return db
    .select({ id: subscriptions.id, status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.purpose, "gift")))
    .orderBy(desc(subscriptions.createdAt))
    .limit(200);
}

export async function markCanceled(db: Db, id: string) {
  await db
    .update(subscriptions)
    .set({ status: "canceled", updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
}

const paymentColumns = {
  id: payments.id,
  kind: payments.kind,
  amountCents: payments.amountCents,
  currency: payments.currency,
  paidAt: payments.createdAt,
  refundedAt: payments.refundedAt,
  courseTitle: courses.title,
};

/** Her payments in [from, to), newest first, and their total without refunded ones, in SQL. */
export async function paymentsBetween(db: Db, userId: number, from: Date, to: Date) {
  const mine = and(eq(payments.userId, userId), gte(payments.createdAt, from), lt(payments.createdAt, to));
  const [rows, [sum]] = await Promise.all([
    db
      .select(paymentColumns)
      .from(payments)
      .leftJoin(courses, eq(courses.id, payments.courseId))
      .where(mine)
      .orderBy(desc(payments.createdAt), desc(payments.id)),
    db
      .select({ total: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number) })
      .from(payments)
      .where(and(mine, isNull(payments.refundedAt))),
  ]);
  return { rows, total: sum?.total ?? 0 };
}

/**
 * A payment with the member it is for, to write her receipt; none when she is gone (her e-mail
 * comes from a subquery, so a payment without her finds no address).
 */
export async function receiptOf(db: Db, paymentId: number) {
  const member = (column: typeof users.email | typeof users.firstName | typeof users.locale) =>
    sql<string | null>`(select ${column} from ${users} where ${users.id} = ${payments.userId})`;
  const [row] = await db
    .select({
      ...paymentColumns,
      email: member(users.email),
      firstName: member(users.firstName),
      locale: member(users.locale),
    })
    .from(payments)
    .leftJoin(courses, eq(courses.id, payments.courseId))
    .where(eq(payments.id, paymentId));
  return row?.email ? { ...row, email: row.email } : undefined;
}
