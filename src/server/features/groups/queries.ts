import { and, asc, eq, sql } from "drizzle-orm";
import type { CultivationGroupsQuery } from "../../../core/groups/schemas";
import { LEADING_ROLE, membershipLeads, personColumnsSeenBy, type Viewer } from "../../auth/policies";
import type { Db, Tx } from "../../db/client";
import { cultivationGroupMembers, cultivationGroups, cultivationJoinRequests, users } from "../../db/schema";
import { joinRequestQueries } from "../../groups-shared/join-requests";
import { groupQueries, type Page } from "../../groups-shared/memberships";

type Executor = Db | Tx;

const g = cultivationGroups;
const m = cultivationGroupMembers;
const r = cultivationJoinRequests;
const shared = groupQueries(g, m);

export const joinRequests = joinRequestQueries(r);

export const {
  lockGroup,
  findMembership,
  foundGroup,
  updateGroup,
  setRole,
  adjustMemberCount,
  addMember,
  removeMember,
} = shared;

/** A group as her list of memberships shows it. */
const membershipGroup = {
  id: g.id,
  name: g.name,
  description: g.description,
  category: g.category,
  memberCount: g.memberCount,
  isPrivate: g.isPrivate,
};

/** A group as the group list and page show it, with the viewer's relation to it. */
const summaryColumns = (viewerId: number) => ({
  ...membershipGroup,
  guidelines: g.guidelines,
  requiresApproval: g.requiresApproval,
  maxMembers: g.maxMembers,
  isActive: g.isActive,
  createdAt: g.createdAt,
  role: m.role,
  hasPendingRequest: sql<boolean>`exists (
    select 1 from ${r}
    where ${r.groupId} = ${g.id} and ${r.userId} = ${viewerId} and ${r.status} = 'pending'
  )`.mapWith(Boolean),
});

// A search matches the columns of cultivation_groups_search_trgm_idx, so the index answers it.
const forViewer = shared.readsForViewer([g.name, g.description], (db: Executor, viewerId: number) =>
  db.select(summaryColumns(viewerId)).from(g).leftJoin(m, shared.viewerMembership(viewerId)).$dynamic(),
);

export const findGroupForViewer = forViewer.find;
export type GroupRow = NonNullable<Awaited<ReturnType<typeof findGroupForViewer>>>;

/** Active groups, newest first, with the viewer's membership; search uses the trigram index. */
export const listGroups = (db: Executor, viewerId: number, query: CultivationGroupsQuery) =>
  forViewer.list(db, viewerId, query, query.category ? eq(g.category, query.category) : undefined);

/** Her memberships, newest first, each with the group as her list shows it. */
export function myMemberships(db: Executor, userId: number, page: Page) {
  const query = db.select({ id: m.id, role: m.role, joinedAt: m.joinedAt, group: membershipGroup }).from(m);
  return shared.membershipsPage(query.innerJoin(g, eq(g.id, m.groupId)).$dynamic(), userId, page);
}

/** A member as the group page lists her. */
const memberRows = (db: Executor, viewer: Viewer) => {
  // Her name and picture as the viewer may see them (her profile setting).
  const { firstName, lastName, profileImageUrl } = personColumnsSeenBy(viewer);
  return db
    .select({ userId: users.id, firstName, lastName, profileImageUrl, role: m.role, joinedAt: m.joinedAt })
    .from(m)
    .innerJoin(users, eq(users.id, m.userId));
};

/** Everyone in the group (at most maxMembers, itself at most 100): admins first, then by joining. */
export function listMembers(db: Executor, viewer: Viewer, groupId: number) {
  return memberRows(db, viewer)
    .where(eq(m.groupId, groupId))
    .orderBy(
      sql`case when ${membershipLeads("cultivation", "cultivation_group_members")} then 0 else 1 end`,
      asc(m.joinedAt),
      asc(m.id),
    );
}

export async function findMember(db: Executor, viewer: Viewer, groupId: number, userId: number) {
  const [row] = await memberRows(db, viewer)
    .where(and(eq(m.groupId, groupId), eq(m.userId, userId)))
    .limit(1);
  return row;
}

export const countAdmins = (db: Executor, groupId: number) =>
  shared.countWithRole(db, groupId, LEADING_ROLE.cultivation);
