import type { PageQuery } from "../../../core/common-schemas";
import {
  type CreateLocalGroupBody,
  LOCAL_GROUP_MESSAGES,
  type LocalGroupsQuery,
  type LocalRole,
  type UpdateLocalGroupBody,
} from "../../../core/local-groups/schemas";
import { activityName } from "../../activity/record";
import {
  canSeeGroupMembers,
  canSeeLocalGroupPlace,
  LEADING_ROLE,
  leadersOf,
  leadsGroup,
  mayEditGroup,
} from "../../auth/policies";
import type { SessionUser } from "../../auth/sessions";
import type { Db, Tx } from "../../db/client";
import { joiningRules } from "../../groups-shared/joining";
import { forbidden, notFound } from "../../http/errors";
import { endAnswersOutOfSight } from "../events";
import * as q from "./queries";

type Member = Pick<SessionUser, "id" | "isAdmin" | "firstName" | "lastName">;

/**
 * A local group keeps its member list to its members, as a private cultivation group does: with
 * the area and the meeting time open to all, the names would tell a stranger who is where, when.
 */
const LOCAL_GROUP_LIST = { isPrivate: true } as const;

/** The exact meeting place and the contact details only where she may see them (`canSeeLocalGroupPlace`). */
function present(row: q.LocalGroupRow) {
  const { address, contactInfo, hasPendingRequest, ...open } = row;
  const isMember = row.role !== null;
  return {
    ...open,
    isMember,
    hasPendingRequest: !isMember && hasPendingRequest,
    ...(canSeeLocalGroupPlace(row) && { address, contactInfo }),
  };
}

export async function listGroups(db: Db, viewer: Member, query: LocalGroupsQuery) {
  return (await q.listGroups(db, viewer.id, query)).map(present);
}

/**
 * A local group's page, under the list's rules: an active group only (any other answers 404), its
 * exact place and contact for its members, its member list for them alone (`canSeeGroupMembers`),
 * and for its leader the count of requests waiting for her.
 */
export async function getGroup(db: Db, viewer: Member, groupId: number) {
  const row = await q.findGroupForViewer(db, groupId, viewer.id);
  if (!row?.isActive) throw notFound(LOCAL_GROUP_MESSAGES.notFound);
  const [members, pendingRequestCount] = await Promise.all([
    canSeeGroupMembers(LOCAL_GROUP_LIST, row) ? q.listMembers(db, viewer, groupId) : undefined,
    leadsGroup("local", row) ? q.joinRequests.countPendingRequests(db, groupId) : undefined,
  ]);
  return { ...present(row), members, pendingRequestCount };
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
  const activity = {
    type: "local" as const,
    name: activityName(creator),
    group: input.name,
    location: input.location,
  };
  const groupId = await db.transaction((tx) =>
    q.foundGroup(tx, { ...input, createdBy: creator.id }, creator.id, LEADING_ROLE.local, activity),
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
  if (!mayEditGroup("local", membership)) throw forbidden(LOCAL_GROUP_MESSAGES.leadersOnly);
}

const joining = joiningRules({
  ...q,
  requests: q.joinRequests,
  decidersOf: (groupId) => leadersOf("local", groupId),
  notices: {
    requested: "local_group_join_requested",
    approved: "local_group_join_approved",
    declined: "local_group_join_declined",
  },
  messages: LOCAL_GROUP_MESSAGES,
  async lockForLeader(tx, groupId, userId) {
    const group = await lockActiveGroup(tx, groupId);
    await requireLeader(tx, groupId, userId);
    return group;
  },
  async checkLeader(db, groupId, userId) {
    if (!(await q.findGroupForViewer(db, groupId, userId))?.isActive)
      throw notFound(LOCAL_GROUP_MESSAGES.notFound);
    await requireLeader(db, groupId, userId);
  },
});

/** An open group takes her at once; one that needs approval records one pending request. */
export async function joinGroup(
  db: Db,
  member: Member,
  groupId: number,
): Promise<{ status: "joined"; role: LocalRole } | { status: "pending" }> {
  return db.transaction(async (tx) => {
    const group = await lockActiveGroup(tx, groupId);
    const result = await joining.join(tx, group, groupId, member.id, undefined);
    return result.status === "joined" ? { status: "joined", role: result.role as LocalRole } : result;
  });
}

/**
 * Leaving is always possible, and withdraws a pending request. When the leader leaves, the
 * longest-standing member takes over, so a group never loses its contact. Her answers to the
 * group's events end where she may no longer see them (a local group's events are every member's
 * today, so they stay).
 */
export async function leaveGroup(db: Db, member: Member, groupId: number) {
  return db.transaction(async (tx) => {
    const left = await joining.leave(tx, groupId, member.id, async (_group, role) => {
      if (!leadsGroup("local", { role })) return;
      const successor = await q.findSuccessor(tx, groupId, member.id);
      if (successor) await q.setRole(tx, groupId, successor.userId, LEADING_ROLE.local);
    });
    await endAnswersOutOfSight(tx, { localGroupId: groupId }, member.id);
    return left;
  });
}

/** Its leader reads and decides the requests to join; approval makes her a member. */
export const { listRequests, decideRequest } = joining;
