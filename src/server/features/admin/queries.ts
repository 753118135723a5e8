import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { AdminGroupType } from "../../../core/admin/schemas";
import { RECENT_ACTIVITY_COUNT } from "../../../core/constants";
import { administratorIn } from "../../auth/sessions";
import type { AppConfig } from "../../config";
import type { Db, Tx } from "../../db/client";
import { accountColumns } from "../../db/query-helpers";
import { activityLog, cultivationGroups, localGroups, type payments, users } from "../../db/schema";

const toNumber = (v: unknown) => Number(v ?? 0);

type PaymentKind = (typeof payments.$inferSelect)["kind"];

/** One round trip of counts and sums over what was recorded; "this month" is the calendar month. */
export async function analyticsFigures(db: Db) {
  const result = await db.execute(sql`
    with bounds as (
      select date_trunc('month', now()) as this_month,
             date_trunc('month', now()) - interval '1 month' as last_month
    )
    select
      (select count(*) from users) as total_users,
      (select count(*) from users, bounds where users.created_at >= bounds.this_month) as new_users,
      (select count(*) from videos) as total_videos,
      (select count(*) from videos, bounds where videos.created_at >= bounds.this_month) as new_videos,
      (select count(*) from cultivation_groups where is_active)
        + (select count(*) from local_groups where is_active) as active_groups,
      (select count(*) from cultivation_groups, bounds
        where is_active and cultivation_groups.created_at >= bounds.this_month)
        + (select count(*) from local_groups, bounds
        where is_active and local_groups.created_at >= bounds.this_month) as new_groups,
      (select count(*) from users where membership_tier = 'premium') as premium_members,
      (select count(distinct s.user_id) from subscriptions s
        join users u on u.id = s.user_id and u.membership_tier = 'premium', bounds
        where s.status in ('active', 'trialing') and s.created_at >= bounds.this_month) as new_premium,
      (select coalesce(sum(amount_cents), 0) from payments, bounds
        where payments.created_at >= bounds.this_month and payments.refunded_at is null)
        as revenue_this_month,
      (select coalesce(sum(amount_cents), 0) from payments, bounds
        where payments.created_at >= bounds.last_month
          and payments.created_at < bounds.this_month
          and payments.refunded_at is null) as revenue_last_month,
      (select coalesce(json_object_agg(kind, cents), '{}'::json) from (
        select kind, sum(amount_cents) as cents from payments, bounds
        where payments.created_at >= bounds.this_month and payments.refunded_at is null
        group by kind) by_kind) as revenue_by_kind,
      (select count(*) from payments, bounds
        where kind = 'course' and payments.created_at >= bounds.this_month
          and payments.refunded_at is null) as course_sales,
      (select count(*) from subscriptions where status in ('active', 'trialing')) as active_subscriptions,
      (select count(*) from subscriptions, bounds
        where status in ('active', 'trialing') and subscriptions.created_at >= bounds.this_month)
        as new_subscriptions
  `);
  const row = result.rows[0] ?? {};
  return {
    totalUsers: toNumber(row.total_users),
    newUsersThisMonth: toNumber(row.new_users),
    totalVideos: toNumber(row.total_videos),
    videosThisMonth: toNumber(row.new_videos),
    activeGroups: toNumber(row.active_groups),
    newGroupsThisMonth: toNumber(row.new_groups),
    premiumMembers: toNumber(row.premium_members),
    newPremiumThisMonth: toNumber(row.new_premium),
    revenueThisMonthCents: toNumber(row.revenue_this_month),
    revenueLastMonthCents: toNumber(row.revenue_last_month),
    revenueByKindCents: (row.revenue_by_kind ?? {}) as Partial<Record<PaymentKind, number | string>>,
    courseSalesThisMonth: toNumber(row.course_sales),
    activeSubscriptions: toNumber(row.active_subscriptions),
    newSubscriptions: toNumber(row.new_subscriptions),
  };
}

/** The newest lines of the activity log: each one's kind and values, its sentence written by the reader. */
export async function recentActivity(db: Db) {
  return db
    .select({ kind: activityLog.kind, params: activityLog.params, timestamp: activityLog.createdAt })
    .from(activityLog)
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(RECENT_ACTIVITY_COUNT);
}

/** A member as the administrators' Users tab shows her. */
const adminUserColumns = (config: Pick<AppConfig, "adminEmails">) => ({
  ...accountColumns,
  createdAt: users.createdAt,
  isIntercessor: users.isIntercessor,
  suspended: sql<boolean>`coalesce(${users.suspendedUntil} > now(), false)`.mapWith(Boolean),
  // 'infinity' (for good) is no moment a Date can hold: it reads as null beside `suspended`.
  suspendedUntil: sql<Date | null>`case when ${users.suspendedUntil} > now()
    and ${users.suspendedUntil} <> 'infinity' then ${users.suspendedUntil} end`.mapWith(users.suspendedUntil),
  // Neither suspended nor removed: the Users tab offers her no such action.
  isAdministrator: sql<boolean>`${administratorIn(config)}`.mapWith(Boolean),
});

/** Whether she is an intercessor now, her row locked until the change is recorded; undefined: no such member. */
export async function intercessorOf(tx: Tx, id: number) {
  const [row] = await tx
    .select({ isIntercessor: users.isIntercessor })
    .from(users)
    .where(eq(users.id, id))
    .for("update");
  return row?.isIntercessor;
}

/** Gives or takes away the intercessor's role. */
export async function setIntercessor(
  tx: Tx,
  config: Pick<AppConfig, "adminEmails">,
  id: number,
  isIntercessor: boolean,
) {
  const [row] = await tx
    .update(users)
    .set({ isIntercessor, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(adminUserColumns(config));
  return row!;
}

/**
 * Members, newest first, with whether each is suspended and until when; the page after `before`
 * continues from that member's join time.
 */
export async function listUsers(
  db: Db,
  config: Pick<AppConfig, "adminEmails">,
  { limit, before }: { limit: number; before?: number },
) {
  let after: ReturnType<typeof sql> | undefined;
  if (before !== undefined) {
    const [anchor] = await db
      .select({ createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, before))
      .limit(1);
    after = anchor
      ? or(
          lt(users.createdAt, anchor.createdAt),
          and(eq(users.createdAt, anchor.createdAt), lt(users.id, before)),
        )
      : lt(users.id, before);
  }
  return db
    .select(adminUserColumns(config))
    .from(users)
    .where(after)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

interface GroupRow extends Record<string, unknown> {
  id: number;
  type: AdminGroupType;
  name: string;
  description: string;
  member_count: number;
  is_active: boolean;
  created_at: Date | string;
}

/**
 * Cultivation and local groups in one list, newest first. Each table is read through its own
 * created_at index, up to a page each, and the two are merged.
 */
export async function listGroups(
  db: Db,
  { limit, cursor }: { limit: number; cursor?: { type: AdminGroupType; id: number } },
) {
  let anchor: ReturnType<typeof sql> | undefined;
  if (cursor) {
    const table = cursor.type === "cultivation" ? cultivationGroups : localGroups;
    const [row] = await db
      .select({ createdAt: table.createdAt })
      .from(table)
      .where(eq(table.id, cursor.id))
      .limit(1);
    if (row)
      anchor = sql`(${row.createdAt.toISOString()}::timestamptz, ${cursor.type}::text, ${cursor.id}::int)`;
  }
  const branch = (table: typeof cultivationGroups | typeof localGroups, type: AdminGroupType) => sql`
    (select id, ${type}::text as type, name, description, member_count, is_active, created_at
     from ${table}
     ${anchor ? sql`where (created_at, ${type}::text, id) < ${anchor}` : sql``}
     order by created_at desc, id desc
     limit ${limit})`;
  const result = await db.execute<GroupRow>(sql`
    select * from (${branch(cultivationGroups, "cultivation")} union all ${branch(localGroups, "local")}) g
    order by created_at desc, type desc, id desc
    limit ${limit}`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    type: r.type,
    name: r.name,
    description: r.description,
    memberCount: Number(r.member_count),
    isActive: Boolean(r.is_active),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
  }));
}
