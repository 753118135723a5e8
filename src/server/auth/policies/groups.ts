import { type SQL, sql } from "drizzle-orm";
import { column } from "./viewer";

// Groups: who leads one.

/** Cultivation groups and local groups: alike but for their words. */
export type GroupKind = "cultivation" | "local";

/** The role of those who lead a group of each kind: a cultivation group's admins, a local group's leaders. */
export const LEADING_ROLE = { cultivation: "admin", local: "leader" } as const satisfies Record<
  GroupKind,
  string
>;

const MEMBERS_TABLE: Record<GroupKind, string> = {
  cultivation: "cultivation_group_members",
  local: "local_group_members",
};

/**
 * She leads a group when her membership holds her kind of group's leading role. Those who lead a
 * group change it, decide who joins, create its events, see the names its members keep from others
 * (`hidesProfileFrom`), and their reports weigh double in a settled group (moderation).
 */
export function leadsGroup(kind: GroupKind, membership: { role: string | null } | null | undefined): boolean {
  return membership?.role === LEADING_ROLE[kind];
}

/** SQL of `leadsGroup` on a membership row at hand: the `kind` members' row `table`. */
export const membershipLeads = (kind: GroupKind, table: string): SQL =>
  sql`${column(table, "role")} = ${sql.raw(`'${LEADING_ROLE[kind]}'`)}`;

/**
 * SQL of `leadsGroup` for a member and a group named by id (or by columns of the statement): a
 * look-up on the memberships' (group, member) index.
 */
export const groupLedBy = (kind: GroupKind, groupId: number | SQL, memberId: number | SQL): SQL =>
  sql`exists (select 1 from ${sql.identifier(MEMBERS_TABLE[kind])} gl
    where gl.group_id = ${groupId} and gl.user_id = ${memberId} and ${membershipLeads(kind, "gl")})`;

/** Those who lead the group, as the user ids a notification goes to (its requests to join). */
export const leadersOf = (kind: GroupKind, groupId: number | SQL): SQL =>
  sql`select gl.user_id from ${sql.identifier(MEMBERS_TABLE[kind])} gl
    where gl.group_id = ${groupId} and ${membershipLeads(kind, "gl")}`;

/**
 * Who may change a group (what it says of itself, its settings, its members and their roles) and
 * decide who joins: those who lead it. The administrators' page closes no group either.
 */
export function mayEditGroup(
  kind: GroupKind,
  membership: { role: string | null } | null | undefined,
): boolean {
  return leadsGroup(kind, membership);
}

// Members' names: whom her "Show my profile to other members" setting hides them from.

/**
 * Everyone signed in reads a group's description and guidelines (she needs them to decide whether
 * to ask to join); a private cultivation group's member list is its members' alone, a public one's
 * every member's. `membership` is the viewer's in the group (a pending request is none).
 */
export function canSeeGroupMembers(
  group: { isPrivate: boolean },
  membership: { role: string | null } | null,
): boolean {
  return !group.isPrivate || membership?.role != null;
}

/**
 * Location safety: a local group's exact meeting place and its contact details are its members';
 * everyone else (a member whose request waits included) sees the general area only, as church
 * group tools do.
 */
export function canSeeLocalGroupPlace(membership: { role: string | null } | null): boolean {
  return membership?.role != null;
}
