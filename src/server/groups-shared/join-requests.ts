import { and, count, desc, eq, lt, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client";
import { personColumns } from "../db/query-helpers";
import { users } from "../db/schema";
import type { Page } from "./memberships";

type Executor = Db | Tx;
type Column<T, NotNull extends boolean = true> = AnyPgColumn<{ data: T; notNull: NotNull }>;

export type JoinRequestStatus = "pending" | "approved" | "declined";

/** A kind of group's requests to join (cultivation_join_requests, local_group_join_requests). */
type RequestTable = PgTable & {
  id: Column<number>;
  groupId: Column<number>;
  userId: Column<number>;
  requestMessage: Column<string, false>;
  status: Column<JoinRequestStatus>;
  decidedBy: Column<number, false>;
  decidedAt: Column<Date, false>;
  createdAt: Column<Date>;
};

/**
 * The statements cultivation groups and local groups run alike on requests to join a group that
 * needs approval: one pending request per member and group, decided once by the group's leaders.
 */
export function joinRequestQueries(r: RequestTable) {
  /** The group's requests still waiting for a decision, and any further conditions. */
  const pendingIn = (groupId: number, ...more: (SQL | undefined)[]) =>
    and(eq(r.groupId, groupId), eq(r.status, "pending"), ...more);

  return {
    /** A group with no one left to decide has its queue cleared when it closes. */
    async declinePendingRequests(tx: Tx, groupId: number) {
      await tx
        .update(r)
        .set({ status: "declined", decidedAt: new Date() } as Partial<RequestTable["$inferInsert"]>)
        .where(pendingIn(groupId));
    },

    async findPendingRequestOf(db: Executor, groupId: number, userId: number) {
      const [row] = await db
        .select({ id: r.id })
        .from(r)
        .where(pendingIn(groupId, eq(r.userId, userId)))
        .limit(1);
      return row;
    },

    /** Records her pending request; answers its id, or undefined when one was already waiting. */
    async insertJoinRequest(tx: Tx, groupId: number, userId: number, requestMessage: string | undefined) {
      const [row] = await tx
        .insert(r)
        .values({ groupId, userId, requestMessage: requestMessage ?? null } as RequestTable["$inferInsert"])
        .onConflictDoNothing()
        .returning({ id: r.id });
      return row?.id;
    },

    async deletePendingRequest(tx: Tx, groupId: number, userId: number) {
      const rows = await tx
        .delete(r)
        .where(pendingIn(groupId, eq(r.userId, userId)))
        .returning({ id: r.id });
      return rows.length > 0;
    },

    /** The request, locked until the transaction ends, if it belongs to the group. */
    async findRequestForUpdate(tx: Tx, groupId: number, requestId: number) {
      const [row] = await tx
        .select({ id: r.id, userId: r.userId, status: r.status })
        .from(r)
        .where(and(eq(r.id, requestId), eq(r.groupId, groupId)))
        .for("update")
        .limit(1);
      return row;
    },

    async decideRequest(tx: Tx, requestId: number, status: "approved" | "declined", decidedBy: number) {
      await tx
        .update(r)
        .set({ status, decidedBy, decidedAt: new Date() } as Partial<RequestTable["$inferInsert"]>)
        .where(eq(r.id, requestId));
    },

    /** Pending requests, newest first, with who asked. */
    listPendingRequests(db: Executor, groupId: number, page: Page) {
      return db
        .select({
          id: r.id,
          requestMessage: r.requestMessage,
          createdAt: r.createdAt,
          user: { id: users.id, ...personColumns },
        })
        .from(r)
        .innerJoin(users, eq(users.id, r.userId))
        .where(pendingIn(groupId, page.before ? lt(r.id, page.before) : undefined))
        .orderBy(desc(r.id))
        .limit(page.limit);
    },

    async countPendingRequests(db: Executor, groupId: number) {
      const [row] = await db.select({ n: count() }).from(r).where(pendingIn(groupId));
      return row?.n ?? 0;
    },
  };
}
