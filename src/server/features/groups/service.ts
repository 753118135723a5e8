import type { PageQuery } from "../../../core/schemas/common";
import {
  type CreateCultivationGroupBody,
  type CultivationGroupsQuery,
  GROUP_MESSAGES,
  type GroupRole,
  type UpdateCultivationGroupBody,
} from "../../../core/schemas/groups";
import { activityName } from "../../activity/record";
import type { SessionUser } from "../../auth/sessions";
import type { Db, Tx } from "../../db/client";
import { conflict, forbidden, notFound } from "../../http/errors";
import { notify } from "../notifications";
import * as q from "./queries";

type Member = Pick<SessionUser, "id" | "isAdmin" | "firstName" | "lastName">;

function present(row: q.GroupRow) {
  const isMember = row.role !== null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    isPrivate: row.isPrivate,
    requiresApproval: row.requiresApproval,
    maxMembers: row.maxMembers,
    memberCount: row.memberCount,
    createdAt: row.createdAt,
    isMember,
    role: row.role,
    hasPendingRequest: !isMember && row.hasPendingRequest,
  };
}

export async function listGroups(db: Db, viewer: Member, query: CultivationGroupsQuery) {
  const rows = await q.listGroups(db, viewer.id, query);
  return rows.map(present);
}

export const myGroups = (db: Db, viewer: Member, page: PageQuery) => q.myMemberships(db, viewer.id, page);

/**
 * The group page. Anyone signed in may read a group's description and guidelines (she needs them to
 * decide whether to ask to join); a private group's member list stays with its members.
 */
export async function getGroup(db: Db, viewer: Member, groupId: number) {
  const row = await q.findGroupForViewer(db, groupId, viewer.id);
  if (!row || (!row.isActive && row.role === null)) throw notFound(GROUP_MESSAGES.notFound);
  const isMember = row.role !== null;
  const [members, pendingRequestCount] = await Promise.all([
    !row.isPrivate || isMember ? q.listMembers(db, viewer, groupId) : undefined,
    row.role === "admin" ? q.countPendingRequests(db, groupId) : undefined,
  ]);
  return { ...present(row), guidelines: row.guidelines, members, pendingRequestCount };
}

/** The creator becomes the group's first admin in the same transaction. */
export async function createGroup(db: Db, creator: Member, input: CreateCultivationGroupBody) {
  const activity = `${activityName(creator)} started the cultivation group "${input.name}"`;
  const groupId = await db.transaction((tx) =>
    q.foundGroup(tx, { ...input, createdBy: creator.id }, creator.id, "admin", activity),
  );
  return getGroup(db, creator, groupId);
}

/**
 * Her admins rewrite what the group says of itself and its settings, under the rules of its
 * creation; the limit may not fall below the members it already has.
 */
export async function updateGroup(db: Db, admin: Member, groupId: number, input: UpdateCultivationGroupBody) {
  await db.transaction(async (tx) => {
    const group = await lockActiveGroup(tx, groupId);
    await requireGroupAdmin(tx, groupId, admin.id);
    if (input.maxMembers < group.memberCount) throw conflict(GROUP_MESSAGES.tooSmall(group.memberCount));
    await q.updateGroup(tx, groupId, { ...input, guidelines: input.guidelines ?? null });
  });
  return getGroup(db, admin, groupId);
}

async function lockActiveGroup(tx: Tx, groupId: number) {
  const group = await q.lockGroup(tx, groupId);
  if (!group?.isActive) throw notFound(GROUP_MESSAGES.notFound);
  return group;
}

/**
 * Open groups take the member at once; approval groups record one pending request. Asking again
 * answers the current state, so a double click or a second tab changes nothing.
 */
export async function joinGroup(
  db: Db,
  member: Member,
  groupId: number,
  requestMessage: string | undefined,
): Promise<{ status: "joined" | "pending" }> {
  return db.transaction(async (tx) => {
    const group = await lockActiveGroup(tx, groupId);
    if (await q.findMembership(tx, groupId, member.id)) return { status: "joined" };
    if (await q.findPendingRequestOf(tx, groupId, member.id)) return { status: "pending" };
    // A request that could never be approved is refused now rather than left waiting.
    if (group.memberCount >= group.maxMembers) throw conflict(GROUP_MESSAGES.full);
    if (group.requiresApproval) {
      const requestId = await q.insertJoinRequest(tx, groupId, member.id, requestMessage);
      if (requestId !== undefined) {
        await notify(tx, "group_join_requested", {
          recipients: q.adminIdsOf(groupId),
          actorId: member.id,
          subjectId: groupId,
          dedupeKey: requestId,
          title: group.name,
        });
      }
      return { status: "pending" };
    }
    await q.addMember(tx, groupId, member.id, "member");
    return { status: "joined" };
  });
}

/**
 * Leaving ends a membership, or withdraws a pending request. The last admin may not leave others
 * without a leader; the last member to leave closes the group.
 */
export async function leaveGroup(db: Db, member: Member, groupId: number) {
  return db.transaction(async (tx) => {
    const group = await q.lockGroup(tx, groupId);
    if (!group) throw notFound(GROUP_MESSAGES.notFound);
    const membership = await q.findMembership(tx, groupId, member.id);
    if (!membership) {
      await q.deletePendingRequest(tx, groupId, member.id);
      return { status: "left" as const };
    }
    if (membership.role === "admin" && group.memberCount > 1 && (await q.countAdmins(tx, groupId)) <= 1) {
      throw conflict(GROUP_MESSAGES.lastAdmin);
    }
    // An empty group has no one to approve requests: it closes, and its queue is cleared.
    if ((await q.removeMember(tx, groupId, member.id)) === 0) await q.declinePendingRequests(tx, groupId);
    return { status: "left" as const };
  });
}

async function requireGroupAdmin(db: Db | Tx, groupId: number, userId: number) {
  const membership = await q.findMembership(db, groupId, userId);
  if (membership?.role !== "admin") throw forbidden(GROUP_MESSAGES.adminsOnly);
}

/** Locks the group for a change only its admins may make; 404 when there is none, 403 for others. */
async function lockGroupForAdmin(tx: Tx, groupId: number, userId: number) {
  const group = await q.lockGroup(tx, groupId);
  if (!group) throw notFound(GROUP_MESSAGES.notFound);
  await requireGroupAdmin(tx, groupId, userId);
  return group;
}

export async function listRequests(db: Db, viewer: Member, groupId: number, page: PageQuery) {
  const group = await q.findGroupForViewer(db, groupId, viewer.id);
  if (!group) throw notFound(GROUP_MESSAGES.notFound);
  await requireGroupAdmin(db, groupId, viewer.id);
  return q.listPendingRequests(db, groupId, page);
}

/**
 * An admin approves or declines a pending request. Approval respects maxMembers and moves the
 * count in the same transaction; repeating the same decision answers it again.
 */
export async function decideRequest(
  db: Db,
  admin: Member,
  groupId: number,
  requestId: number,
  decision: "approved" | "declined",
) {
  return db.transaction(async (tx) => {
    const group = await lockGroupForAdmin(tx, groupId, admin.id);
    const request = await q.findRequestForUpdate(tx, groupId, requestId);
    if (!request) throw notFound(GROUP_MESSAGES.requestNotFound);
    if (request.status === decision) {
      return { id: request.id, status: decision, memberCount: group.memberCount };
    }
    if (request.status !== "pending") {
      throw conflict(
        request.status === "approved" ? GROUP_MESSAGES.alreadyApproved : GROUP_MESSAGES.alreadyDeclined,
      );
    }
    let memberCount = group.memberCount;
    if (decision === "approved" && !(await q.findMembership(tx, groupId, request.userId))) {
      if (group.memberCount >= group.maxMembers) throw conflict(GROUP_MESSAGES.full);
      memberCount = await q.addMember(tx, groupId, request.userId, "member");
    }
    await q.decideRequest(tx, request.id, decision, admin.id);
    await notify(tx, decision === "approved" ? "group_join_approved" : "group_join_declined", {
      recipients: [request.userId],
      actorId: admin.id,
      subjectId: groupId,
      dedupeKey: request.id,
      title: group.name,
    });
    return { id: request.id, status: decision, memberCount };
  });
}

/** Admins make another member an admin (or step one back), always keeping at least one admin. */
export async function setMemberRole(db: Db, admin: Member, groupId: number, userId: number, role: GroupRole) {
  await db.transaction(async (tx) => {
    await lockGroupForAdmin(tx, groupId, admin.id);
    const target = await q.findMembership(tx, groupId, userId);
    if (!target) throw notFound(GROUP_MESSAGES.notMember);
    if (target.role === role) return;
    if (role === "member" && (await q.countAdmins(tx, groupId)) <= 1) {
      throw conflict(GROUP_MESSAGES.lastAdminDemote);
    }
    await q.setRole(tx, groupId, userId, role);
  });
  const member = await q.findMember(db, admin, groupId, userId);
  if (!member) throw notFound(GROUP_MESSAGES.notMember);
  return member;
}

/**
 * Admins remove a member (another admin too); the count moves with her. The last admin cannot
 * remove herself, so the group keeps a leader.
 */
export async function removeMember(db: Db, admin: Member, groupId: number, userId: number) {
  await db.transaction(async (tx) => {
    await lockGroupForAdmin(tx, groupId, admin.id);
    const target = await q.findMembership(tx, groupId, userId);
    if (!target) throw notFound(GROUP_MESSAGES.notMember);
    if (target.role === "admin" && (await q.countAdmins(tx, groupId)) <= 1) {
      throw conflict(GROUP_MESSAGES.lastAdminRemove);
    }
    await q.removeMember(tx, groupId, userId);
  });
}
