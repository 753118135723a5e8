import type { PageQuery } from "../../../core/common-schemas";
import {
  type CreateCultivationGroupBody,
  type CultivationGroupsQuery,
  GROUP_MESSAGES,
  type GroupRole,
  type UpdateCultivationGroupBody,
} from "../../../core/groups/schemas";
import { activityName } from "../../activity/record";
import { canSeeGroupMembers, LEADING_ROLE, leadersOf, leadsGroup, mayEditGroup } from "../../auth/policies";
import type { SessionUser } from "../../auth/sessions";
import type { Db, Tx } from "../../db/client";
import { joiningRules } from "../../groups-shared/joining";
import { conflict, forbidden, notFound } from "../../http/errors";
import { endAnswersOutOfSight } from "../events";
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

/** The group page: its member list where she may see it (`canSeeGroupMembers`). */
export async function getGroup(db: Db, viewer: Member, groupId: number) {
  const row = await q.findGroupForViewer(db, groupId, viewer.id);
  if (!row || (!row.isActive && row.role === null)) throw notFound(GROUP_MESSAGES.notFound);
  const [members, pendingRequestCount] = await Promise.all([
    canSeeGroupMembers(row, row) ? q.listMembers(db, viewer, groupId) : undefined,
    leadsGroup("cultivation", row) ? q.joinRequests.countPendingRequests(db, groupId) : undefined,
  ]);
  return { ...present(row), guidelines: row.guidelines, members, pendingRequestCount };
}

/** The creator becomes the group's first admin in the same transaction. */
export async function createGroup(db: Db, creator: Member, input: CreateCultivationGroupBody) {
  const activity = { type: "cultivation" as const, name: activityName(creator), group: input.name };
  const groupId = await db.transaction((tx) =>
    q.foundGroup(tx, { ...input, createdBy: creator.id }, creator.id, LEADING_ROLE.cultivation, activity),
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
    // Its events are now its members' alone: the others' answers to them end.
    if (input.isPrivate && !group.isPrivate) await endAnswersOutOfSight(tx, { groupId });
  });
  return getGroup(db, admin, groupId);
}

async function lockActiveGroup(tx: Tx, groupId: number) {
  const group = await q.lockGroup(tx, groupId);
  if (!group?.isActive) throw notFound(GROUP_MESSAGES.notFound);
  return group;
}

const joining = joiningRules({
  ...q,
  requests: q.joinRequests,
  decidersOf: (groupId) => leadersOf("cultivation", groupId),
  notices: {
    requested: "group_join_requested",
    approved: "group_join_approved",
    declined: "group_join_declined",
  },
  messages: GROUP_MESSAGES,
  lockForLeader: lockGroupForAdmin,
  async checkLeader(db, groupId, userId) {
    if (!(await q.findGroupForViewer(db, groupId, userId))) throw notFound(GROUP_MESSAGES.notFound);
    await requireGroupAdmin(db, groupId, userId);
  },
  requireRoom(group) {
    if (group.memberCount >= group.maxMembers) throw conflict(GROUP_MESSAGES.full);
  },
});

/** Open groups take the member at once; approval groups record one pending request. */
export async function joinGroup(
  db: Db,
  member: Member,
  groupId: number,
  requestMessage: string | undefined,
): Promise<{ status: "joined" | "pending" }> {
  return db.transaction(async (tx) => {
    const group = await lockActiveGroup(tx, groupId);
    const { status } = await joining.join(tx, group, groupId, member.id, requestMessage);
    return { status };
  });
}

/**
 * Leaving ends a membership, or withdraws a pending request; the last admin may not leave others
 * without a leader. Her answers to the events she may no longer see end with it.
 */
export async function leaveGroup(db: Db, member: Member, groupId: number) {
  return db.transaction(async (tx) => {
    const left = await joining.leave(tx, groupId, member.id, async (group, role) => {
      if (
        leadsGroup("cultivation", { role }) &&
        group.memberCount > 1 &&
        (await q.countAdmins(tx, groupId)) <= 1
      ) {
        throw conflict(GROUP_MESSAGES.lastAdmin);
      }
    });
    await endAnswersOutOfSight(tx, { groupId }, member.id);
    return left;
  });
}

async function requireGroupAdmin(db: Db | Tx, groupId: number, userId: number) {
  const membership = await q.findMembership(db, groupId, userId);
  if (!mayEditGroup("cultivation", membership)) throw forbidden(GROUP_MESSAGES.adminsOnly);
}

/** Locks the group for a change only its admins may make; 404 when there is none, 403 for others. */
async function lockGroupForAdmin(tx: Tx, groupId: number, userId: number) {
  const group = await q.lockGroup(tx, groupId);
  if (!group) throw notFound(GROUP_MESSAGES.notFound);
  await requireGroupAdmin(tx, groupId, userId);
  return group;
}

/** Its admins read and decide the requests to join; approval respects maxMembers. */
export const { listRequests, decideRequest } = joining;

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
 * Admins remove a member (another admin too); the count moves with her, and her answers to the
 * events she may no longer see end. The last admin cannot remove herself, so the group keeps a leader.
 */
export async function removeMember(db: Db, admin: Member, groupId: number, userId: number) {
  await db.transaction(async (tx) => {
    await lockGroupForAdmin(tx, groupId, admin.id);
    const target = await q.findMembership(tx, groupId, userId);
    if (!target) throw notFound(GROUP_MESSAGES.notMember);
    if (leadsGroup("cultivation", target) && (await q.countAdmins(tx, groupId)) <= 1) {
      throw conflict(GROUP_MESSAGES.lastAdminRemove);
    }
    await q.removeMember(tx, groupId, userId);
    await endAnswersOutOfSight(tx, { groupId }, userId);
  });
}
