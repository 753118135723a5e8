import { type AnyColumn, and, count, desc, eq, lt, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import { type ActivityParams, recordActivity } from "../activity/record";
import type { Db, Tx } from "../db/client";
import { searchMatches, shiftedCounter } from "../db/query-helpers";

type Executor = Db | Tx;
type Column<T> = AnyPgColumn<{ data: T; notNull: true }>;

/** A kind of group (cultivation groups, local groups): what the rules below need of its table. */
type GroupTable = PgTable & { id: Column<number>; memberCount: Column<number>; isActive: Column<boolean> };

/** Its memberships: one row per member of a group, with her role there. */
type MemberTable<Role extends string> = PgTable & {
  id: Column<number>;
  groupId: Column<number>;
  userId: Column<number>;
  role: Column<Role>;
};

export interface Page {
  limit: number;
  before?: number;
}

/**
 * The statements cultivation groups and local groups run alike: membership rows, the member count
 * kept beside them, and the newest-first lists. Each feature keeps its own columns, rules and
 * messages in its queries and service, and builds its selects (with their joins) itself.
 */
export function groupQueries<Group, NewGroup, Role extends string>(
  groups: GroupTable & { $inferSelect: Group; $inferInsert: NewGroup },
  m: MemberTable<Role>,
) {
  // The rows' own types come from `groups`; the statements need only the columns every group has.
  const g: GroupTable = groups;
  const membershipOf = (groupId: number | AnyColumn, userId: number) =>
    and(eq(m.groupId, groupId), eq(m.userId, userId));

  const queries = {
    /** Join condition: the viewer's own membership beside each group (its columns null when she has none). */
    viewerMembership: (viewerId: number) => membershipOf(g.id, viewerId),

    /**
     * The group list and the group page as one viewer sees them, over the feature's own select of
     * `g` (its columns, and the viewer's membership joined with `viewerMembership`). A search
     * matches the two columns of the table's trigram index, named in the index's order.
     */
    readsForViewer<Q extends PgSelect>(
      searchIndex: [AnyColumn, AnyColumn],
      select: (db: Executor, viewerId: number) => Q,
    ) {
      return {
        /** A page of active groups, newest first, matching her search and the feature's `filter`. */
        list: (db: Executor, viewerId: number, page: Page & { search?: string }, filter?: SQL) =>
          select(db, viewerId)
            .where(
              and(
                eq(g.isActive, true),
                page.search ? searchMatches(...searchIndex, page.search) : undefined,
                filter,
                page.before ? lt(g.id, page.before) : undefined,
              ),
            )
            .orderBy(desc(g.id))
            .limit(page.limit),
        async find(
          db: Executor,
          groupId: number,
          viewerId: number,
        ): Promise<Q["_"]["result"][number] | undefined> {
          const [row] = await select(db, viewerId).where(eq(g.id, groupId)).limit(1);
          return row;
        },
      };
    },

    /** A page of her memberships, newest first, from a select over `m`. */
    membershipsPage<Q extends PgSelect>(query: Q, userId: number, page: Page) {
      return query
        .where(and(eq(m.userId, userId), page.before ? lt(m.id, page.before) : undefined))
        .orderBy(desc(m.id))
        .limit(page.limit);
    },

    /** The group row, locked until the transaction ends: joins and leavings on one group queue up. */
    async lockGroup(tx: Tx, groupId: number) {
      const [row] = await tx.select().from(g).where(eq(g.id, groupId)).for("update").limit(1);
      // A select of every column: the table's own row type.
      return row as Group | undefined;
    },

    async findMembership(db: Executor, groupId: number, userId: number) {
      const [row] = await db
        .select({ id: m.id, role: m.role })
        .from(m)
        .where(membershipOf(groupId, userId))
        .limit(1);
      return row;
    },

    async countWithRole(db: Executor, groupId: number, role: Role) {
      const [row] = await db
        .select({ n: count() })
        .from(m)
        .where(and(eq(m.groupId, groupId), eq(m.role, role)));
      return row?.n ?? 0;
    },

    /** Adds the member; false when she already belonged to the group. */
    async insertMember(tx: Tx, groupId: number, userId: number, role: Role) {
      const rows = await tx
        .insert(m)
        .values({ groupId, userId, role })
        .onConflictDoNothing({ target: [m.groupId, m.userId] })
        .returning({ id: m.id });
      return rows.length > 0;
    },

    async setRole(tx: Tx, groupId: number, userId: number, role: Role) {
      await tx.update(m).set({ role }).where(membershipOf(groupId, userId));
    },

    /** Moves the member count by `delta` and answers the new count. */
    async adjustMemberCount(tx: Tx, groupId: number, delta: number) {
      const [row] = await tx
        .update(g)
        .set({ memberCount: shiftedCounter(g.memberCount, delta) })
        .where(eq(g.id, groupId))
        .returning({ memberCount: g.memberCount });
      return row!.memberCount;
    },

    /**
     * A new group, with its founder as its first member in `role`, and the line the activity log
     * keeps of it. Answers its id.
     */
    async foundGroup(
      tx: Tx,
      values: Omit<NewGroup, "id" | "memberCount" | "isActive" | "createdAt">,
      founderId: number,
      role: Role,
      activity: ActivityParams<"group_created">,
    ) {
      const [row] = await tx
        .insert(g)
        .values({ ...values, memberCount: 1 })
        .returning({ id: g.id });
      await queries.insertMember(tx, row!.id, founderId, role);
      await recordActivity(tx, "group_created", activity, founderId);
      return row!.id;
    },

    /** Its leaders' changes to what the group says of itself (never its count or whether it is open). */
    async updateGroup(
      tx: Tx,
      groupId: number,
      values: Omit<NewGroup, "id" | "memberCount" | "isActive" | "createdAt" | "createdBy">,
    ) {
      // The values are the table's own insert type; the update needs only that they are its columns.
      await tx
        .update(g)
        .set(values as Partial<GroupTable["$inferInsert"]>)
        .where(eq(g.id, groupId));
    },

    /** She joins, and the count moves with her; answers the new count. */
    async addMember(tx: Tx, groupId: number, userId: number, role: Role) {
      await queries.insertMember(tx, groupId, userId, role);
      return queries.adjustMemberCount(tx, groupId, 1);
    },

    /**
     * She leaves, and the count moves with her; the last member to leave closes the group. Answers
     * how many remain.
     */
    async removeMember(tx: Tx, groupId: number, userId: number) {
      await tx.delete(m).where(membershipOf(groupId, userId));
      const remaining = await queries.adjustMemberCount(tx, groupId, -1);
      if (remaining === 0) await tx.update(g).set({ isActive: false }).where(eq(g.id, groupId));
      return remaining;
    },
  };
  return queries;
}
