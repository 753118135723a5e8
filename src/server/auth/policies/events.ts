import { type SQL, sql } from "drizzle-orm";
import { column, type Viewer, type ViewerColumns } from "./viewer";

// Events: who may open one, and so who hears of it.

/** An event as its audience rule needs it, with what ties the viewer to it. */
export interface EventAudienceRow {
  createdBy: number | null;
  /** Its cultivation group, if it belongs to one (a local group's events are every member's). */
  groupId: number | null;
  groupIsPrivate: boolean;
  /** The viewer belongs to its cultivation group. */
  viewerInGroup: boolean;
}

/**
 * A private cultivation group's events are its members', their creator's and the administrators';
 * every other event (the ministry's, a public group's, a local group's) is every member's. Others
 * are told it does not exist (404), and the same rule, at that moment, chooses who is told of it
 * (decision 038).
 */
export function canSeeEvent(viewer: Viewer, event: EventAudienceRow): boolean {
  return (
    viewer.isAdmin ||
    event.createdBy === viewer.id ||
    event.groupId === null ||
    !event.groupIsPrivate ||
    event.viewerInGroup
  );
}

/**
 * SQL of `canSeeEvent`: a condition on the events row `table`. Each tie is a look-up on a key
 * (the group's primary key, the membership's (group, member) index): inside an OR, an EXISTS may be
 * planned as a hash of the whole table, which a list of notices or of events would build each time.
 */
export function eventVisibleTo(viewer: Viewer | ViewerColumns, table = "events"): SQL {
  if (viewer.isAdmin === true) return sql`true`;
  const groupId = column(table, "group_id");
  // Its creator's account may be gone: null is no one, and the rule answers true or false, never null.
  const seen = sql`(${groupId} is null or ${column(table, "created_by")} is not distinct from ${viewer.id}
    or coalesce((select not seen_eg.is_private from cultivation_groups seen_eg where seen_eg.id = ${groupId}), false)
    or coalesce((select true from cultivation_group_members seen_em
      where seen_em.group_id = ${groupId} and seen_em.user_id = ${viewer.id}), false))`;
  return viewer.isAdmin === false ? seen : sql`(${seen} or ${viewer.isAdmin})`;
}

/**
 * Who may change or cancel an event, read who is coming and write to them, and always has its online
 * link: its creator and the administrators.
 */
export function mayEditEvent(viewer: Viewer, event: { createdBy: number | null }): boolean {
  return viewer.isAdmin || event.createdBy === viewer.id;
}

/** SQL of `mayEditEvent`: a condition on the events row `table`. */
export function eventEditableBy(viewer: Viewer, table = "events"): SQL {
  if (viewer.isAdmin) return sql`true`;
  // Its creator's account may be gone: null is no one.
  return sql`(${column(table, "created_by")} is not distinct from ${viewer.id})`;
}

/** She belongs to the event's group, cultivation or local (a ministry event has none): on the events row `table`. */
export const inEventGroup = (viewerId: number, table = "events"): SQL => sql`(case
    when ${column(table, "group_id")} is not null then exists (select 1 from cultivation_group_members ig
      where ig.group_id = ${column(table, "group_id")} and ig.user_id = ${viewerId})
    when ${column(table, "local_group_id")} is not null then exists (select 1 from local_group_members ig
      where ig.group_id = ${column(table, "local_group_id")} and ig.user_id = ${viewerId})
    else false
  end)`;

/**
 * Where an event happens: a ministry event's place is every member's; a group's (cultivation or
 * local) is its members', and of those who may change it (`mayEditEvent`). The others see that it
 * happens and when, not where.
 */
export function canSeeEventPlace(
  viewer: Viewer,
  event: {
    createdBy: number | null;
    groupId: number | null;
    localGroupId: number | null;
    viewerInGroup: boolean;
  },
): boolean {
  return (
    mayEditEvent(viewer, event) ||
    (event.groupId === null && event.localGroupId === null) ||
    event.viewerInGroup
  );
}

/**
 * SQL of `canSeeEventPlace`: a condition on the events row `table`; `viewerInGroup`, the statement's
 * own reading of `inEventGroup` where it has one.
 */
export const eventPlaceVisibleTo = (viewer: Viewer, table = "events", viewerInGroup?: SQL): SQL =>
  sql`(${eventEditableBy(viewer, table)}
    or (${column(table, "group_id")} is null and ${column(table, "local_group_id")} is null)
    or ${viewerInGroup ?? inEventGroup(viewer.id, table)})`;

/** An event's online link: for those going to any of its dates, and those who may change it (`mayEditEvent`). */
export function canJoinEventOnline(
  viewer: Viewer,
  event: { createdBy: number | null; viewerGoing: boolean },
): boolean {
  return mayEditEvent(viewer, event) || event.viewerGoing;
}

/** SQL of `canJoinEventOnline`: a condition on the events row `table`. */
export const eventOnlineLinkOpenTo = (viewer: Viewer, table = "events"): SQL =>
  sql`(${eventEditableBy(viewer, table)} or exists (select 1 from event_rsvps og
    where og.event_id = ${column(table, "id")} and og.user_id = ${viewer.id} and og.status = 'going'))`;

/**
 * Who may create an event: the administrators, the ministry's or any group's; those who lead a group
 * (`leadsGroup`), that group's. `group` is the group it would belong to, if any.
 */
export function mayCreateEvent(viewer: Viewer, group: { viewerLeads: boolean } | null): boolean {
  return viewer.isAdmin || group?.viewerLeads === true;
}
