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
import type { Db } from "../../db/client";
import { forbidden, notFound } from "../../http/errors";
import * as q from "./queries";

type Member = Pick<SessionUser, "id" | "firstName" | "lastName">;

/**
 * Location safety: the exact meeting place and the contact details go to the group's own members;
 * everyone else sees the general area only, as church group tools do.
 */
function present(row: q.LocalGroupRow) {
  const { address, contactInfo, ...open } = row;
  const isMember = row.role !== null;
  return { ...open, isMember, ...(isMember && { address, contactInfo }) };
}

export async function listGroups(db: Db, viewer: Member, query: LocalGroupsQuery) {
  return (await q.listGroups(db, viewer.id, query)).map(present);
}

export const myGroups = (db: Db, viewer: Member, page: PageQuery) => q.myMemberships(db, viewer.id, page);

/** The creator leads the group; she is its first member. */
export async function createGroup(db: Db, creator: Member, input: CreateLocalGroupBody) {
  const activity = `${activityName(creator)} started the local group "${input.name}" in ${input.location}`;
  const groupId = await db.transaction((tx) =>
    q.foundGroup(tx, { ...input, createdBy: creator.id }, creator.id, "leader", activity),
  );
  const row = await q.findGroupForViewer(db, groupId, creator.id);
  return present(row!);
}

/** Its leader rewrites the group's details under the rules of its creation; blank optional fields clear. */
export async function updateGroup(db: Db, leader: Member, groupId: number, input: UpdateLocalGroupBody) {
  await db.transaction(async (tx) => {
    const group = await q.lockGroup(tx, groupId);
    if (!group?.isActive) throw notFound(LOCAL_GROUP_MESSAGES.notFound);
    const membership = await q.findMembership(tx, groupId, leader.id);
    if (membership?.role !== "leader") throw forbidden(LOCAL_GROUP_MESSAGES.leadersOnly);
    await q.updateGroup(tx, groupId, {
      ...input,
      address: input.address ?? null,
      meetingTime: input.meetingTime ?? null,
      contactInfo: input.contactInfo ?? null,
    });
  });
  const row = await q.findGroupForViewer(db, groupId, leader.id);
  return present(row!);
}

/** Local groups take anyone at once; joining again answers the same. */
export async function joinGroup(db: Db, member: Member, groupId: number) {
  return db.transaction(async (tx) => {
    const group = await q.lockGroup(tx, groupId);
    if (!group?.isActive) throw notFound(LOCAL_GROUP_MESSAGES.notFound);
    const existing = await q.findMembership(tx, groupId, member.id);
    if (existing) return { status: "joined" as const, role: existing.role as LocalRole };
    await q.addMember(tx, groupId, member.id, "member");
    return { status: "joined" as const, role: "member" as const };
  });
}

/**
 * Leaving is always possible. When the leader leaves, the longest-standing member takes over, so a
 * group never loses its contact; the last member to leave closes the group.
 */
export async function leaveGroup(db: Db, member: Member, groupId: number) {
  return db.transaction(async (tx) => {
    const group = await q.lockGroup(tx, groupId);
    if (!group) throw notFound(LOCAL_GROUP_MESSAGES.notFound);
    const membership = await q.findMembership(tx, groupId, member.id);
    if (!membership) return { status: "left" as const };
    if (membership.role === "leader") {
      const successor = await q.findSuccessor(tx, groupId, member.id);
      if (successor) await q.setRole(tx, groupId, successor.userId, "leader");
    }
    await q.removeMember(tx, groupId, member.id);
    return { status: "left" as const };
  });
}
