import type { SQL } from "drizzle-orm";
import type { NotificationKind } from "../../core/notifications/kinds";
import type { Db, Tx } from "../db/client";
import { notify } from "../features/notifications";
import { conflict, notFound } from "../http/errors";
import type { joinRequestQueries } from "./join-requests";
import type { Page } from "./memberships";

type Executor = Db | Tx;
type Decision = "approved" | "declined";

/** What joining needs to know of a group row. */
interface JoinableGroup {
  name: string;
  requiresApproval: boolean;
  memberCount: number;
}

/** A kind of group (cultivation groups, local groups): its statements, messages and notices. */
interface GroupKind<Group extends JoinableGroup> {
  requests: ReturnType<typeof joinRequestQueries>;
  lockGroup(tx: Tx, groupId: number): Promise<Group | undefined>;
  findMembership(db: Executor, groupId: number, userId: number): Promise<{ role: string } | undefined>;
  addMember(tx: Tx, groupId: number, userId: number, role: "member"): Promise<number>;
  removeMember(tx: Tx, groupId: number, userId: number): Promise<number>;
  /** The members told of a new request: the group's leaders. */
  decidersOf(groupId: number): SQL;
  notices: { requested: NotificationKind; approved: NotificationKind; declined: NotificationKind };
  messages: { notFound: string; requestNotFound: string; alreadyApproved: string; alreadyDeclined: string };
  /** Locks the group for a decision only its leaders may make: 404 when there is none, 403 for others. */
  lockForLeader(tx: Tx, groupId: number, userId: number): Promise<Group>;
  /** Refuses anyone but the group's leaders what only they may read: 404 when there is none, 403 for others. */
  checkLeader(db: Db, groupId: number, userId: number): Promise<void>;
  /** Refuses a new member where the group has no room left; groups without a limit leave it out. */
  requireRoom?(group: Group): void;
}

/**
 * Joining, leaving and deciding requests to join, as cultivation groups and local groups do them
 * alike; each feature locks and checks its leaders' rights first and keeps its own messages.
 */
export function joiningRules<Group extends JoinableGroup>(kind: GroupKind<Group>) {
  const { requests, messages } = kind;
  return {
    /**
     * An open group takes her at once; one that needs approval records one pending request and tells
     * its leaders. Asking again answers the current state, so a double click or a second tab changes
     * nothing.
     */
    async join(
      tx: Tx,
      group: Group,
      groupId: number,
      memberId: number,
      requestMessage: string | undefined,
    ): Promise<{ status: "joined"; role: string } | { status: "pending" }> {
      const existing = await kind.findMembership(tx, groupId, memberId);
      if (existing) return { status: "joined", role: existing.role };
      if (await requests.findPendingRequestOf(tx, groupId, memberId)) return { status: "pending" };
      // A request that could never be approved is refused now rather than left waiting.
      kind.requireRoom?.(group);
      if (group.requiresApproval) {
        const requestId = await requests.insertJoinRequest(tx, groupId, memberId, requestMessage);
        if (requestId !== undefined) {
          await notify(tx, kind.notices.requested, {
            recipients: kind.decidersOf(groupId),
            actorId: memberId,
            subjectId: groupId,
            dedupeKey: requestId,
            title: group.name,
          });
        }
        return { status: "pending" };
      }
      await kind.addMember(tx, groupId, memberId, "member");
      return { status: "joined", role: "member" };
    },

    /**
     * Leaving ends her membership, or withdraws her pending request. `beforeLeaving` keeps the
     * group's leadership rules for a member; the last member to leave closes the group, and its
     * queue of requests is cleared, as no one is left to decide them.
     */
    async leave(
      tx: Tx,
      groupId: number,
      memberId: number,
      beforeLeaving: (group: Group, role: string) => Promise<void>,
    ) {
      const group = await kind.lockGroup(tx, groupId);
      if (!group) throw notFound(messages.notFound);
      const membership = await kind.findMembership(tx, groupId, memberId);
      if (!membership) {
        await requests.deletePendingRequest(tx, groupId, memberId);
        return { status: "left" as const };
      }
      await beforeLeaving(group, membership.role);
      if ((await kind.removeMember(tx, groupId, memberId)) === 0) {
        await requests.declinePendingRequests(tx, groupId);
      }
      return { status: "left" as const };
    },

    /** The group's pending requests, newest first, for its leaders. */
    async listRequests(db: Db, viewer: { id: number }, groupId: number, page: Page) {
      await kind.checkLeader(db, groupId, viewer.id);
      return requests.listPendingRequests(db, groupId, page);
    },

    /**
     * A leader approves or declines a pending request; approval makes the asker a member and moves
     * the count in the same transaction. Repeating the same decision answers it again.
     */
    decideRequest(db: Db, leader: { id: number }, groupId: number, requestId: number, decision: Decision) {
      return db.transaction(async (tx) => {
        const group = await kind.lockForLeader(tx, groupId, leader.id);
        return decide(tx, group, groupId, requestId, decision, leader.id);
      });
    },
  };

  async function decide(
    tx: Tx,
    group: Group,
    groupId: number,
    requestId: number,
    decision: Decision,
    deciderId: number,
  ) {
    const request = await requests.findRequestForUpdate(tx, groupId, requestId);
    if (!request) throw notFound(messages.requestNotFound);
    if (request.status === decision) {
      return { id: request.id, status: decision, memberCount: group.memberCount };
    }
    if (request.status !== "pending") {
      throw conflict(request.status === "approved" ? messages.alreadyApproved : messages.alreadyDeclined);
    }
    let memberCount = group.memberCount;
    if (decision === "approved" && !(await kind.findMembership(tx, groupId, request.userId))) {
      kind.requireRoom?.(group);
      memberCount = await kind.addMember(tx, groupId, request.userId, "member");
    }
    await requests.decideRequest(tx, request.id, decision, deciderId);
    await notify(tx, decision === "approved" ? kind.notices.approved : kind.notices.declined, {
      recipients: [request.userId],
      actorId: deciderId,
      subjectId: groupId,
      dedupeKey: request.id,
      title: group.name,
    });
    return { id: request.id, status: decision, memberCount };
  }
}
