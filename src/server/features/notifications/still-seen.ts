import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import {
  conversationBlocked,
  eventVisibleTo,
  groupLedBy,
  groupPostVisibleTo,
  memberOfStatement,
  prayerRequestVisibleTo,
  type Viewer,
  type ViewerColumns,
} from "../../auth/policies";

/** The recipient of the notification row `n`, as a viewer inside the statement. */
const recipient = memberOfStatement(sql`n.user_id`);

/** A notification's columns, as the statement names them. */
interface NoticeColumns {
  kind: SQL | AnyColumn;
  subjectId: SQL | AnyColumn;
}

/** Whether the event `subjectId` is one the viewer may open: a look-up on its primary key, row by row. */
const eventOpenTo = (viewer: Viewer | ViewerColumns, subjectId: SQL | AnyColumn) =>
  sql`coalesce((select ${eventVisibleTo(viewer, "e")} from events e where e.id = ${subjectId}), false)`;

/**
 * False only for a notification about an event the viewer may no longer open (she left its private
 * group, was removed from it, or it became private): such a notice is neither shown nor sent.
 */
export const eventNoticeSeenBy = (viewer: Viewer | ViewerColumns, notice: NoticeColumns) =>
  sql`(${notice.kind} not like 'event\\_%' or ${eventOpenTo(viewer, notice.subjectId)})`;

/**
 * Whether what the notification row `n` tells of is still hers to see when it is about to leave by
 * mail, digest or push: between the moment it happened and its delivery she may have left the
 * private group an event belongs to or the group a post was written in, stopped leading the group a
 * join request waits for, or the request or the post may have been decided, hidden or deleted; a
 * private message may have been deleted, its conversation closed by a block either way, or a request
 * answered. What she can no longer see is not sent; in her
 * bell, a notice of an event she may no longer open is not shown either (`eventNoticeSeenBy`), the
 * others stay and their link says what is gone. Kinds about her own account always go.
 */
export const stillSeenByRecipient = sql`(case
  when n.kind in ('prayer_prayed', 'prayer_response', 'prayer_answered') then exists (
    select 1 from prayer_requests pr
    where pr.id = n.subject_id and ${prayerRequestVisibleTo(recipient, "pr")})
  when n.kind like 'event\\_%' then ${eventOpenTo(recipient, sql`n.subject_id`)}
  when n.kind in ('group_post', 'group_announcement', 'group_reply', 'group_mention', 'group_prayed') then exists (
    select 1 from group_posts gp where gp.id = n.subject_id and ${groupPostVisibleTo(recipient, "gp")})
  when n.kind = 'group_join_requested' then ${groupLedBy("cultivation", sql`n.subject_id`, sql`n.user_id`)}
    and exists (select 1 from cultivation_join_requests jr
      where jr.group_id = n.subject_id and jr.status = 'pending' and jr.id::text = n.dedupe_key)
  when n.kind = 'message' then exists (select 1 from direct_messages dm
      join direct_conversations dc on dc.id = dm.conversation_id and dc.status = 'open'
      join direct_conversation_members dcm on dcm.conversation_id = dc.id and dcm.user_id = n.user_id
      where dm.id::text = n.dedupe_key and dm.conversation_id = n.subject_id and dm.deleted_at is null)
    and not coalesce(${conversationBlocked(sql`n.user_id`, sql`n.actor_id`)}, false)
  when n.kind = 'message_request' then exists (select 1 from direct_conversations dc
      join direct_conversation_members dcm on dcm.conversation_id = dc.id and dcm.user_id = n.user_id
      where dc.id = n.subject_id and dc.status = 'requested')
    and not coalesce(${conversationBlocked(sql`n.user_id`, sql`n.actor_id`)}, false)
  when n.kind = 'local_group_join_requested' then ${groupLedBy("local", sql`n.subject_id`, sql`n.user_id`)}
    and exists (select 1 from local_group_join_requests jr
      where jr.group_id = n.subject_id and jr.status = 'pending' and jr.id::text = n.dedupe_key)
  else true
end)`;
