import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { LocalGroupsQuery } from "../../../core/local-groups/schemas";
import { membershipLeads, personColumnsSeenBy, type Viewer } from "../../auth/policies";
import type { Db, Tx } from "../../db/client";
import { localGroupJoinRequests, localGroupMembers, localGroups, users } from "../../db/schema";
import { joinRequestQueries } from "../../groups-shared/join-requests";
import { groupQueries, type Page } from "../../groups-shared/memberships";

type Executor = Db | Tx;

const g = localGroups;
const m = localGroupMembers;
const r = localGroupJoinRequests;
const shared = groupQueries(g, m);

export const { lockGroup, findMembership, foundGroup, updateGroup, setRole, addMember, removeMember } =
  shared;

export const joinRequests = joinRequestQueries(r);

/** Whether the viewer's request to join the group waits for an answer. */
const pendingRequestOf = (viewerId: number) =>
  sql<boolean>`exists (
    select 1 from ${r}
    where ${r.groupId} = ${g.id} and ${r.userId} = ${viewerId} and ${r.status} = 'pending'
  )`.mapWith(Boolean);

/** A group as her list of memberships shows it (the exact place and contact: she is a member). */
const membershipGroup = {
  id: g.id,
  name: g.name,
  description: g.description,
  meetingType: g.meetingType,
  location: g.location,
  meetingTime: g.meetingTime,
  requiresApproval: g.requiresApproval,
  address: g.address,
  contactInfo: g.contactInfo,
  memberCount: g.memberCount,
};

/** A group as the list shows it, with the viewer's role; `present` keeps the exact place for members. */
const columns = (viewerId: number) => ({
  ...membershipGroup,
  isActive: g.isActive,
  createdAt: g.createdAt,
  role: m.role,
  hasPendingRequest: pendingRequestOf(viewerId),
});

// A search matches the columns of local_groups_search_trgm_idx, so the index answers it.
const forViewer = shared.readsForViewer([g.name, g.location], (db: Executor, viewerId: number) =>
  db.select(columns(viewerId)).from(g).leftJoin(m, shared.viewerMembership(viewerId)).$dynamic(),
);

export const findGroupForViewer = forViewer.find;
export type LocalGroupRow = Awaited<ReturnType<typeof listGroups>>[number];

/** Active groups, newest first; search covers name and general area through the trigram index. */
export const listGroups = (db: Executor, viewerId: number, query: LocalGroupsQuery) =>
  forViewer.list(db, viewerId, query, query.meetingType ? eq(g.meetingType, query.meetingType) : undefined);

/** Requests waiting in the group of her membership row, counted where she leads it (null elsewhere). */
const pendingForLeader = sql<
  number | null
>`case when ${membershipLeads("local", "local_group_members")} then (
    select count(*) from ${r} where ${r.groupId} = ${m.groupId} and ${r.status} = 'pending'
  ) end`.mapWith((v) => (v === null ? null : Number(v)));

/** Her memberships, newest first, each with the group as her list shows it. */
export function myMemberships(db: Executor, userId: number, page: Page) {
  const group = { ...membershipGroup, pendingRequestCount: pendingForLeader };
  const query = db.select({ id: m.id, role: m.role, joinedAt: m.joinedAt, group }).from(m);
  return shared.membershipsPage(query.innerJoin(g, eq(g.id, m.groupId)).$dynamic(), userId, page);
}

/**
 * Everyone in the group, its leader first, then by joining; each name and picture as the viewer
 * may see them (her profile setting).
 */
export function listMembers(db: Executor, viewer: Viewer, groupId: number) {
  const { firstName, lastName, profileImageUrl } = personColumnsSeenBy(viewer);
  return db
    .select({ userId: users.id, firstName, lastName, profileImageUrl, role: m.role, joinedAt: m.joinedAt })
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .where(eq(m.groupId, groupId))
    .orderBy(
      sql`case when ${membershipLeads("local", "local_group_members")} then 0 else 1 end`,
      asc(m.joinedAt),
      asc(m.id),
    );
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
