import { type SQL, sql } from "drizzle-orm";
import { HIDDEN_MEMBER_NAME } from "../../../core/format";
import { groupLedBy } from "./groups";
import { column, type Viewer, type ViewerColumns } from "./viewer";

/** A member as the viewer meets her beside what she wrote or joined, with what ties them. */
export interface ProfileRow {
  userId: number;
  /** Her setting as stored: unset means shown, only `false` hides. */
  showProfileToMembers: boolean | undefined;
  /** The viewer leads a group she belongs to (`leadsGroup`). */
  viewerLeadsHerGroup: boolean;
  /** The viewer and she have an active or pending discipleship connection (either way round). */
  viewerIsHerPartner: boolean;
}

/**
 * `showProfileToMembers: false` keeps her name and picture from the other members everywhere they
 * would appear (they see "A member"), but not from herself, the administrators, the admins and
 * leaders of the groups she belongs to, nor her discipleship partners.
 */
export function hidesProfileFrom(viewer: Viewer, row: ProfileRow): boolean {
  return (
    row.showProfileToMembers === false &&
    row.userId !== viewer.id &&
    !viewer.isAdmin &&
    !row.viewerLeadsHerGroup &&
    !row.viewerIsHerPartner
  );
}

/** Her name and picture as the viewer may see them: "A member" and nothing else where hidden. */
export function personAsSeenBy(
  viewer: Viewer,
  row: ProfileRow & { firstName: string | null; lastName: string | null; profileImageUrl: string | null },
) {
  return hidesProfileFrom(viewer, row)
    ? { firstName: HIDDEN_MEMBER_NAME, lastName: null, profileImageUrl: null }
    : { firstName: row.firstName, lastName: row.lastName, profileImageUrl: row.profileImageUrl };
}

/**
 * SQL of `hidesProfileFrom`: true where the member of the users row `table` is hidden from the
 * viewer. Only a member whose setting is off costs more than reading her row: the exceptions are
 * looked up for her alone (a CASE evaluates them in order, only then), each on indexes (her
 * memberships on cultivation_members_user_idx, then whether the viewer leads each on
 * cultivation_members_group_user_idx, the same two for local groups,
 * discipleship_connections_mentor_idx and _mentee_idx).
 */
export function profileHiddenFrom(viewer: Viewer | ViewerColumns, table = "users"): SQL {
  if (viewer.isAdmin === true) return sql`false`;
  const member = column(table, "id");
  const shownAnyway = [
    sql`${member} = ${viewer.id}`,
    ...(viewer.isAdmin === false ? [] : [viewer.isAdmin]),
    sql`exists (select 1 from cultivation_group_members seen_gm
      where seen_gm.user_id = ${member} and ${groupLedBy("cultivation", sql`seen_gm.group_id`, viewer.id)})`,
    sql`exists (select 1 from local_group_members seen_lm
      where seen_lm.user_id = ${member} and ${groupLedBy("local", sql`seen_lm.group_id`, viewer.id)})`,
    sql`exists (select 1 from discipleship_connections seen_dc
      where seen_dc.status in ('active', 'pending')
        and ((seen_dc.mentor_id = ${viewer.id} and seen_dc.mentee_id = ${member})
          or (seen_dc.mentee_id = ${viewer.id} and seen_dc.mentor_id = ${member})))`,
  ];
  return sql`(case when ${column(table, "settings")} -> 'showProfileToMembers' = 'false'::jsonb
    then not (${sql.join(shownAnyway, sql` or `)}) else false end)`;
}

/**
 * SQL of `personAsSeenBy` for the users row `table`: her first name, or "A member" where she is
 * hidden; her last name, picture and e-mail, or null. Select those the answer carries.
 */
export function personColumnsSeenBy(viewer: Viewer | ViewerColumns, table = "users") {
  const hidden = profileHiddenFrom(viewer, table);
  const unlessHidden = (name: string) =>
    sql<string | null>`(case when ${hidden} then null else ${column(table, name)} end)`;
  return {
    firstName: sql<string | null>`(case when ${hidden} then ${sql.raw(`'${HIDDEN_MEMBER_NAME}'`)}
      else ${column(table, "first_name")} end)`,
    lastName: unlessHidden("last_name"),
    profileImageUrl: unlessHidden("profile_image_url"),
    email: unlessHidden("email"),
  };
}
