import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Viewer } from "../../auth/policies";
import type { Db } from "../../db/client";
import { notificationPreferences, notifications } from "../../db/schema";
import { eventNoticeSeenBy } from "./still-seen";

const n = notifications;

/** What her bell lists: not a notice of an event she may no longer open (from before it was withdrawn). */
const shownTo = (viewer: Viewer) => eventNoticeSeenBy(viewer, { kind: n.kind, subjectId: n.subjectId });

/** One page of her notifications, newest first, on notifications_user_idx. */
export function listNotifications(db: Db, viewer: Viewer, page: { limit: number; before?: number }) {
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
    .where(
      and(
        eq(n.userId, viewer.id),
        page.before === undefined ? undefined : lt(n.id, page.before),
        shownTo(viewer),
      ),
    )
    .orderBy(desc(n.id))
    .limit(page.limit);
}

/**
 * Read from notifications_unread_idx alone: cheap however many she has. It counts what her bell
 * lists: notices of an event she may no longer open are deleted when she loses sight of it
 * (`withdrawNotices`), as filtering here would read every unread row (8.7 ms against 0.5 ms for
 * 2,000 unread).
 */
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
