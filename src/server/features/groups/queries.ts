import { and, asc, count, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { CultivationGroupsQuery, GroupRole } from "../../../core/schemas/groups";
import type { Db, Tx } from "../../db/client";
import { cultivationGroupMembers, cultivationGroups, cultivationJoinRequests, users } from "../../db/schema";

type Executor = Db | Tx;

const g = cultivationGroups;
const m = cultivationGroupMembers;
const r = cultivationJoinRequests;

/** `%term%` for ILIKE with the term's own wildcards taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, "\\$&")}%`;

const summaryColumns = (viewerId: number) => ({
  id: g.id,
  name: g.name,
  description: g.description,
  category: g.category,
  guidelines: g.guidelines,
  isPrivate: g.isPrivate,
  requiresApproval: g.requiresApproval,
  maxMembers: g.maxMembers,
  memberCount: g.memberCount,
  isActive: g.isActive,
  createdAt: g.createdAt,
  role: m.role,
  hasPendingRequest: sql<boolean>`exists (
    select 1 from ${r}
    where ${r.groupId} = ${g.id} and ${r.userId} = ${viewerId} and ${r.status} = 'pending'
  )`.mapWith(Boolean),
});

export type GroupRow = NonNullable<Awaited<ReturnType<typeof findGroupForViewer>>>;

/** Active groups, newest first, with the viewer's membership; search uses the trigram index. */
export function listGroups(db: Executor, viewerId: number, query: CultivationGroupsQuery) {
  const where: SQL[] = [eq(g.isActive, true)];
  if (query.search) {
    // The same expression as cultivation_groups_search_trgm_idx, so the index answers it.
    where.push(sql`(${g.name} || ' ' || ${g.description}) ilike ${containsPattern(query.search)}`);
  }
  if (query.category) where.push(eq(g.category, query.category));
  if (query.before) where.push(lt(g.id, query.before));
  return db
    .select(summaryColumns(viewerId))
    .from(g)
    .leftJoin(m, and(eq(m.groupId, g.id), eq(m.userId, viewerId)))
    .where(and(...where))
    .orderBy(desc(g.id))
    .limit(query.limit);
}

export async function findGroupForViewer(db: Executor, groupId: number, viewerId: number) {
  const [row] = await db
    .select(summaryColumns(viewerId))
    .from(g)
    .leftJoin(m, and(eq(m.groupId, g.id), eq(m.userId, viewerId)))
    .where(eq(g.id, groupId))
    .limit(1);
  return row;
}

/** The group row, locked until the transaction ends: joins and approvals on one group queue up. */
export async function lockGroup(tx: Tx, groupId: number) {
  const [row] = await tx.select().from(g).where(eq(g.id, groupId)).for("update").limit(1);
  return row;
}

export function myMemberships(db: Executor, userId: number, page: { limit: number; before?: number }) {
  return db
    .select({
      id: m.id,
      role: m.role,
      joinedAt: m.joinedAt,
      group: {
        id: g.id,
        name: g.name,
        description: g.description,
        category: g.category,
        memberCount: g.memberCount,
        isPrivate: g.isPrivate,
      },
    })
    .from(m)
    .innerJoin(g, eq(g.id, m.groupId))
    .where(and(eq(m.userId, userId), page.before ? lt(m.id, page.before) : undefined))
    .orderBy(desc(m.id))
    .limit(page.limit);
}

/** Everyone in the group (at most maxMembers, itself at most 100): admins first, then by joining. */
export function listMembers(db: Executor, groupId: number) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      role: m.role,
      joinedAt: m.joinedAt,
    })
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(eq(m.groupId, groupId))
    .orderBy(sql`case when ${m.role} = 'admin' then 0 else 1 end`, asc(m.joinedAt), asc(m.id));
}

export async function findMembership(db: Executor, groupId: number, userId: number) {
  const [row] = await db
    .select({ id: m.id, role: m.role })
    .from(m)
    .where(and(eq(m.groupId, groupId), eq(m.userId, userId)))
    .limit(1);
  return row;
}

export async function countAdmins(db: Executor, groupId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(m)
    .where(and(eq(m.groupId, groupId), eq(m.role, "admin")));
  return row?.n ?? 0;
}

export async function insertGroup(
  tx: Tx,
  values: Omit<typeof g.$inferInsert, "id" | "memberCount" | "isActive" | "createdAt">,
) {
  const [row] = await tx
    .insert(g)
    .values({ ...values, memberCount: 1 })
    .returning();
  return row!;
}

/** Adds the member; false when she already belonged to the group. */
export async function insertMember(tx: Tx, groupId: number, userId: number, role: GroupRole) {
  const rows = await tx
    .insert(m)
    .values({ groupId, userId, role })
    .onConflictDoNothing({ target: [m.groupId, m.userId] })
    .returning({ id: m.id });
  return rows.length > 0;
}

export async function deleteMember(tx: Tx, groupId: number, userId: number) {
  const rows = await tx
    .delete(m)
    .where(and(eq(m.groupId, groupId), eq(m.userId, userId)))
    .returning({ id: m.id });
  return rows.length > 0;
}

export async function setMemberRole(tx: Tx, groupId: number, userId: number, role: GroupRole) {
  await tx
    .update(m)
    .set({ role })
    .where(and(eq(m.groupId, groupId), eq(m.userId, userId)));
}

export async function findMember(db: Executor, groupId: number, userId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      role: m.role,
      joinedAt: m.joinedAt,
    })
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(and(eq(m.groupId, groupId), eq(m.userId, userId)))
    .limit(1);
  return row;
}

/** Moves the member count by `delta` and answers the new count. */
export async function adjustMemberCount(tx: Tx, groupId: number, delta: number) {
  const [row] = await tx
    .update(g)
    .set({ memberCount: sql`greatest(${g.memberCount} + ${delta}, 0)` })
    .where(eq(g.id, groupId))
    .returning({ memberCount: g.memberCount });
  return row!.memberCount;
}

/** An empty group has no one to approve requests: it is closed and its queue is cleared. */
export async function closeGroup(tx: Tx, groupId: number) {
  await tx.update(g).set({ isActive: false }).where(eq(g.id, groupId));
  await tx
    .update(r)
    .set({ status: "declined", decidedAt: new Date() })
    .where(and(eq(r.groupId, groupId), eq(r.status, "pending")));
}

export async function findPendingRequestOf(db: Executor, groupId: number, userId: number) {
  const [row] = await db
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.groupId, groupId), eq(r.userId, userId), eq(r.status, "pending")))
    .limit(1);
  return row;
}

export async function insertJoinRequest(
  tx: Tx,
  groupId: number,
  userId: number,
  requestMessage: string | undefined,
) {
  await tx
    .insert(r)
    .values({ groupId, userId, requestMessage: requestMessage ?? null })
    .onConflictDoNothing();
}

export async function deletePendingRequest(tx: Tx, groupId: number, userId: number) {
  const rows = await tx
    .delete(r)
    .where(and(eq(r.groupId, groupId), eq(r.userId, userId), eq(r.status, "pending")))
    .returning({ id: r.id });
  return rows.length > 0;
}

export async function findRequestForUpdate(tx: Tx, groupId: number, requestId: number) {
  const [row] = await tx
    .select()
    .from(r)
    .where(and(eq(r.id, requestId), eq(r.groupId, groupId)))
    .for("update")
    .limit(1);
  return row;
}

export async function decideRequest(
  tx: Tx,
  requestId: number,
  status: "approved" | "declined",
  decidedBy: number,
) {
  await tx.update(r).set({ status, decidedBy, decidedAt: new Date() }).where(eq(r.id, requestId));
}

export function listPendingRequests(db: Executor, groupId: number, page: { limit: number; before?: number }) {
  return db
    .select({
      id: r.id,
      requestMessage: r.requestMessage,
      createdAt: r.createdAt,
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
      },
    })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .where(
      and(eq(r.groupId, groupId), eq(r.status, "pending"), page.before ? lt(r.id, page.before) : undefined),
    )
    .orderBy(desc(r.id))
    .limit(page.limit);
}

export async function countPendingRequests(db: Executor, groupId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(r)
    .where(and(eq(r.groupId, groupId), eq(r.status, "pending")));
  return row?.n ?? 0;
}
