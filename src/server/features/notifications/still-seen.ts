import { sql } from "drizzle-orm";
import { prayerRequestVisibleTo } from "../../auth/policies";

/** The recipient of the notification row `n`, as a viewer inside the statement. */
const recipient = {
  id: sql`n.user_id`,
  isAdmin: sql`exists (select 1 from users ra where ra.id = n.user_id and ra.role = 'admin')`,
};

/**
 * Whether what the notification row `n` tells of is still hers to see when it is about to leave by
 * mail, digest or push: between the moment it happened and its delivery she may have left the
 * private group an event belongs to, stopped leading the group a join request waits for, or the
 * request may have been decided, hidden or deleted. What she can no longer see is not sent (it stays
 * in her bell, whose link then says it is gone). Kinds about her own account always go.
 */
export const stillSeenByRecipient = sql`(case
  when n.kind in ('prayer_prayed', 'prayer_response', 'prayer_answered') then exists (
    select 1 from prayer_requests pr
    where pr.id = n.subject_id and ${prayerRequestVisibleTo(recipient, "pr")})
  when n.kind like 'event\\_%' then exists (
    select 1 from events e left join cultivation_groups cg on cg.id = e.group_id
    where e.id = n.subject_id and (${recipient.isAdmin} or e.created_by = n.user_id
      or e.group_id is null or cg.is_private is false
      or exists (select 1 from cultivation_group_members m where m.group_id = e.group_id and m.user_id = n.user_id)))
  when n.kind = 'group_join_requested' then exists (
    select 1 from cultivation_group_members m
      join cultivation_join_requests jr on jr.group_id = m.group_id and jr.status = 'pending'
    where m.group_id = n.subject_id and m.user_id = n.user_id and m.role = 'admin'
      and jr.id::text = n.dedupe_key)
  when n.kind = 'local_group_join_requested' then exists (
    select 1 from local_group_members m
      join local_group_join_requests jr on jr.group_id = m.group_id and jr.status = 'pending'
    where m.group_id = n.subject_id and m.user_id = n.user_id and m.role = 'leader'
      and jr.id::text = n.dedupe_key)
  else true
end)`;
