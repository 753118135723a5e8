import type { PageQuery } from "../../../core/schemas/common";
import {
  type CreateLocalGroupBody,
  LOCAL_GROUP_MESSAGES,
  type LocalGroupsQuery,
  type LocalRole,
  type UpdateLocalGroupBody,
} from "../../../core/schemas/local-groups";
import { activityName } from "../../activity/record";
import type { SessionUser } from "../../auth/sessions";
import type { Db, Tx } from "../../db/client";
import { conflict, forbidden, notFound } from "../../http/errors";
import { notify } from "../notifications";
import * as q from "./queries";

type Member = Pick<SessionUser, "id" | "firstName" | "lastName">;

/**
 * Location safety: the exact meeting place and the contact details go to the group's own members;
 * everyone else (a member whose request waits included) sees the general area only, as church
 * group tools do.
 */
function present(row: q.LocalGroupRow) {
  const { address, contactInfo, hasPendingRequest, ...open } = row;
  const isMember = row.role !== null;
  return {
    ...open,
    isMember,
    hasPendingRequest: !isMember && hasPendingRequest,
    ...(isMember && { address, contactInfo }),
  };
}

export async function listGroups(db: Db, viewer: Member, query: LocalGroupsQuery) {
  return (await q.listGroups(db, viewer.id, query)).map(present);
}

/** Her memberships; the leader's carry the count of requests waiting for her. */
export async function myGroups(db: Db, viewer: Member, page: PageQuery) {
  const rows = await q.myMemberships(db, viewer.id, page);
  return rows.map(({ group: { pendingRequestCount, ...group }, ...membership }) => ({
    ...membership,
    group: { ...group, ...(pendingRequestCount !== null && { pendingRequestCount }) },
  }));
}

/** The creator leads the group; she is its first member. */
export async function createGroup(db: Db, creator: Member, input: CreateLocalGroupBody) {
  const activity = `${activityName(creator)} started the local group "${input.name}" in ${input.location}`;
  const groupId = await db.transaction((tx) =>
    q.foundGroup(tx, { ...input, createdBy: creator.id }, creator.id, "leader", activity),
  );
  const row = await q.findGroupForViewer(db, groupId, creator.id);
  return present(row!);
}

/**
 * Its leader rewrites the group's details under the rules of its creation; blank optional fields
 * clear. Opening a group leaves the requests already waiting for her answer.
 */
export async function updateGroup(db: Db, leader: Member, groupId: number, input: UpdateLocalGroupBody) {
  await db.transaction(async (tx) => {
    const group = await lockActiveGroup(tx, groupId);
    await requireLeader(tx, groupId, leader.id);
    await q.updateGroup(tx, groupId, {
      ...input,
      requiresApproval: input.requiresApproval ?? group.requiresApproval,
      address: input.address ?? null,
      meetingTime: input.meetingTime ?? null,
      contactInfo: input.contactInfo ?? null,
    });
  });
  const row = await q.findGroupForViewer(db, groupId, leader.id);
  return present(row!);
}

async function lockActiveGroup(tx: Tx, groupId: number) {
  const group = await q.lockGroup(tx, groupId);
  if (!group?.isActive) throw notFound(LOCAL_GROUP_MESSAGES.notFound);
  return group;
}

async function requireLeader(db: Db | Tx, groupId: number, userId: number) {
  const membership = await q.findMembership(db, groupId, userId);
  if (membership?.role !== "leader") throw forbidden(LOCAL_GROUP_MESSAGES.leadersOnly);
}

/**
 * An open group takes her at once; one that needs approval records one pending request and tells
 * its leader. Asking again answers the current state, so a double click changes nothing.
 */
export async function joinGroup(
  db: Db,
  member: Member,
  groupId: number,
): Promise<{ status: "joined"; role: LocalRole } | { status: "pending" }> {
  return db.transaction(async (tx) => {
    const group = await lockActiveGroup(tx, groupId);
    const existing = await q.findMembership(tx, groupId, member.id);
    if (existing) return { status: "joined", role: existing.role as LocalRole };
    if (await q.findPendingRequestOf(tx, groupId, member.id)) return { status: "pending" };
    if (group.requiresApproval) {
      const requestId = await q.insertJoinRequest(tx, groupId, member.id, undefined);
      if (requestId !== undefined) {
        await notify(tx, "local_group_join_requested", {
          recipients: q.leaderIdsOf(groupId),
          actorId: member.id,
          subjectId: groupId,
          dedupeKey: requestId,
          title: group.name,
        });
      }
      return { status: "pending" };
    }
    await q.addMember(tx, groupId, member.id, "member");
    return { status: "joined", role: "member" };
  });
}

/**
 * Leaving is always possible, and withdraws a pending request. When the leader leaves, the
 * longest-standing member takes over, so a group never loses its contact; the last member to leave
 * closes the group, and its queue of requests is cleared.
 */
export async function leaveGroup(db: Db, member: Member, groupId: number) {
  return db.transaction(async (tx) => {
    const group = await q.lockGroup(tx, groupId);
    if (!group) throw notFound(LOCAL_GROUP_MESSAGES.notFound);
    const membership = await q.findMembership(tx, groupId, member.id);
    if (!membership) {
      await q.deletePendingRequest(tx, groupId, member.id);
      return { status: "left" as const };
    }
    if (membership.role === "leader") {
      const successor = await q.findSuccessor(tx, groupId, member.id);
      if (successor) await q.setRole(tx, groupId, successor.userId, "leader");
    }
    if ((await q.removeMember(tx, groupId, member.id)) === 0) await q.declinePendingRequests(tx, groupId);
    return { status: "left" as const };
  });
}

export async function listRequests(db: Db, viewer: Member, groupId: number, page: PageQuery) {
  const group = await q.findGroupForViewer(db, groupId, viewer.id);
  if (!group?.isActive) throw notFound(LOCAL_GROUP_MESSAGES.notFound);
  await requireLeader(db, groupId, viewer.id);
  return q.listPendingRequests(db, groupId, page);
}

/**
 * Its leader approves or declines a pending request; approval makes her a member (the count moves
 * in the same transaction). Repeating the same decision answers it again.
 */
export async function decideRequest(
  db: Db,
  leader: Member,
  groupId: number,
  requestId: number,
  decision: "approved" | "declined",
) {
  return db.transaction(async (tx) => {
    const group = await lockActiveGroup(tx, groupId);
    await requireLeader(tx, groupId, leader.id);
    const request = await q.findRequestForUpdate(tx, groupId, requestId);
    if (!request) throw notFound(LOCAL_GROUP_MESSAGES.requestNotFound);
    if (request.status === decision)
      return { id: request.id, status: decision, memberCount: group.memberCount };
    if (request.status !== "pending") {
      throw conflict(
        request.status === "approved"
          ? LOCAL_GROUP_MESSAGES.alreadyApproved
          : LOCAL_GROUP_MESSAGES.alreadyDeclined,
      );
    }
    let memberCount = group.memberCount;
    if (decision === "approved" && !(await q.findMembership(tx, groupId, request.userId))) {
      memberCount = await q.addMember(tx, groupId, request.userId, "member");
    }
    await q.decideRequest(tx, request.id, decision, leader.id);
    await notify(tx, decision === "approved" ? "local_group_join_approved" : "local_group_join_declined", {
      recipients: [request.userId],
      actorId: leader.id,
      subjectId: groupId,
      dedupeKey: request.id,
      title: group.name,
    });
    return { id: request.id, status: decision, memberCount };
  });
}
