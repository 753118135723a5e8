import { and, asc, desc, eq, lt, ne, type SQL, sql } from "drizzle-orm";
import type { LocalGroupsQuery, LocalRole } from "../../../core/schemas/local-groups";
import type { Db, Tx } from "../../db/client";
import { localGroupMembers, localGroups } from "../../db/schema";

type Executor = Db | Tx;

const g = localGroups;
const m = localGroupMembers;

/** `%term%` for ILIKE with the term's own wildcards taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, "\\$&")}%`;

const columns = {
  id: g.id,
  name: g.name,
  description: g.description,
  meetingType: g.meetingType,
  location: g.location,
  address: g.address,
  meetingTime: g.meetingTime,
  contactInfo: g.contactInfo,
  memberCount: g.memberCount,
  isActive: g.isActive,
  createdAt: g.createdAt,
  role: m.role,
};

export type LocalGroupRow = Awaited<ReturnType<typeof listGroups>>[number];

/** Active groups, newest first; search covers name and general area through the trigram index. */
export function listGroups(db: Executor, viewerId: number, query: LocalGroupsQuery) {
  const where: SQL[] = [eq(g.isActive, true)];
  if (query.search) {
    // The same expression as local_groups_search_trgm_idx, so the index answers it.
    where.push(sql`(${g.name} || ' ' || ${g.location}) ilike ${containsPattern(query.search)}`);
  }
  if (query.meetingType) where.push(eq(g.meetingType, query.meetingType));
  if (query.before) where.push(lt(g.id, query.before));
  return db
    .select(columns)
    .from(g)
    .leftJoin(m, and(eq(m.groupId, g.id), eq(m.userId, viewerId)))
    .where(and(...where))
    .orderBy(desc(g.id))
    .limit(query.limit);
}

export async function findGroupForViewer(db: Executor, groupId: number, viewerId: number) {
  const [row] = await db
    .select(columns)
    .from(g)
    .leftJoin(m, and(eq(m.groupId, g.id), eq(m.userId, viewerId)))
    .where(eq(g.id, groupId))
    .limit(1);
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
        meetingType: g.meetingType,
        location: g.location,
        meetingTime: g.meetingTime,
        address: g.address,
        contactInfo: g.contactInfo,
        memberCount: g.memberCount,
      },
    })
    .from(m)
    .innerJoin(g, eq(g.id, m.groupId))
    .where(and(eq(m.userId, userId), page.before ? lt(m.id, page.before) : undefined))
    .orderBy(desc(m.id))
    .limit(page.limit);
}

/** The group row, locked until the transaction ends, so its member count moves one writer at a time. */
export async function lockGroup(tx: Tx, groupId: number) {
  const [row] = await tx.select().from(g).where(eq(g.id, groupId)).for("update").limit(1);
  return row;
}

export async function insertGroup(
  tx: Tx,
  values: Omit<typeof g.$inferInsert, "id" | "memberCount" | "isActive" | "createdAt">,
) {
  const [row] = await tx
    .insert(g)
    .values({ ...values, memberCount: 1 })
    .returning({ id: g.id, name: g.name });
  return row!;
}

export async function findMembership(db: Executor, groupId: number, userId: number) {
  const [row] = await db
    .select({ id: m.id, role: m.role })
    .from(m)
    .where(and(eq(m.groupId, groupId), eq(m.userId, userId)))
    .limit(1);
  return row;
}

/** Adds the member; false when she already belonged to the group. */
export async function insertMember(tx: Tx, groupId: number, userId: number, role: LocalRole) {
  const rows = await tx
    .insert(m)
    .values({ groupId, userId, role })
    .onConflictDoNothing({ target: [m.groupId, m.userId] })
    .returning({ id: m.id });
  return rows.length > 0;
}

export async function deleteMember(tx: Tx, groupId: number, userId: number) {
  await tx.delete(m).where(and(eq(m.groupId, groupId), eq(m.userId, userId)));
}

/** The longest-standing other member, who takes over when the leader leaves. */
export async function findSuccessor(tx: Tx, groupId: number, leavingUserId: number) {
  const [row] = await tx
    .select({ userId: m.userId })
    .from(m)
    .where(and(eq(m.groupId, groupId), ne(m.userId, leavingUserId)))
    .orderBy(asc(m.joinedAt), asc(m.id))
    .limit(1);
  return row;
}

export async function setRole(tx: Tx, groupId: number, userId: number, role: LocalRole) {
  await tx
    .update(m)
    .set({ role })
    .where(and(eq(m.groupId, groupId), eq(m.userId, userId)));
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

export async function closeGroup(tx: Tx, groupId: number) {
  await tx.update(g).set({ isActive: false }).where(eq(g.id, groupId));
}
