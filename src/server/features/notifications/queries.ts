import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notificationPreferences, notifications } from "../../db/schema";

const n = notifications;

/** One page of her notifications, newest first, on notifications_user_idx. */
export function listNotifications(db: Db, userId: number, page: { limit: number; before?: number }) {
  return db
    .select({
      id: n.id,
      kind: n.kind,
      subjectId: n.subjectId,
      // A deleted account takes her name with it.
      actorName: sql<string | null>`case when ${n.actorId} is null then null else ${n.actorName} end`,
      actorCount: n.actorCount,
      title: n.title,
      createdAt: n.createdAt,
      readAt: n.readAt,
    })
    .from(n)
    .where(and(eq(n.userId, userId), page.before === undefined ? undefined : lt(n.id, page.before)))
    .orderBy(desc(n.id))
    .limit(page.limit);
}

/** Read from notifications_unread_idx alone: cheap however many she has. */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(n)
    .where(and(eq(n.userId, userId), isNull(n.readAt)));
  return row?.count ?? 0;
}

/** Marks hers read (these, or all); answers how many changed. */
export async function markRead(db: Db, userId: number, ids: number[] | undefined): Promise<number> {
  const rows = await db
    .update(n)
    .set({ readAt: sql`now()` })
    .where(and(eq(n.userId, userId), isNull(n.readAt), ids ? inArray(n.id, ids) : undefined))
    .returning({ id: n.id });
  return rows.length;
}

export async function findPreferences(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return row;
}

export type PreferencesValues = Omit<typeof notificationPreferences.$inferInsert, "userId" | "updatedAt">;

export async function savePreferences(db: Db, userId: number, values: PreferencesValues) {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/** Whether PostgreSQL knows the zone by this name (the mail sweep reads her hour in it). */
export async function isKnownTimeZone(db: Db, zone: string): Promise<boolean> {
  const { rows } = await db.execute<{ known: boolean }>(
    sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as known`,
  );
  return rows[0]?.known === true;
}
