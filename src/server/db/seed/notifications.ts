import { sql } from "drizzle-orm";
import { notify } from "../../features/notifications";
import type { Tx } from "../client";
import type { SeededMembers } from "./members";

/**
 * What the demo members would have been told, drawn from the demo content itself: the prayers,
 * gathered as the app gathers them (dated when they were said), and for the demo member the praise
 * reports of requests she prayed for, her groups' welcomes, her mentor's acceptance and the newest
 * teaching.
 * The newest are unread, so her bell has something to show.
 */
export async function seedNotifications(tx: Tx, members: SeededMembers) {
  const ruth = members.member.id;
  // Each author hears of the demo prayers as "I prayed" tells her; each notice is then dated by the
  // latest prayer it counts.
  await notify(tx, "prayer_prayed", {
    acts: sql`select p.user_id, m.prayer_request_id, m.user_id, m.created_at
      from prayer_marks m join prayer_requests p on p.id = m.prayer_request_id`,
  });
  await tx.execute(sql`update notifications n set created_at = m.latest, read_at = m.latest + interval '2 hours'
    from (select prayer_request_id, max(created_at) as latest from prayer_marks group by 1) m
    where n.kind = 'prayer_prayed' and m.prayer_request_id = n.subject_id`);

  await tx.execute(sql`insert into notifications
      (user_id, kind, subject_id, dedupe_key, actor_id, actor_name, actor_count, title, created_at, read_at)
    select * from (
    select ${ruth}::int, 'prayer_answered', p.id, p.id::text, p.user_id, null::text, 1, null::text, p.answered_at, null::timestamptz
      from prayer_requests p join prayer_marks m on m.prayer_request_id = p.id and m.user_id = ${ruth}
      where p.is_answered and p.user_id <> ${ruth}
    union all
    select ${ruth}::int, 'group_join_approved', g.id, 'demo-' || g.id, g.created_by, u.first_name, 1, g.name,
        gm.joined_at, gm.joined_at + interval '1 day'
      from cultivation_group_members gm join cultivation_groups g on g.id = gm.group_id
      left join users u on u.id = g.created_by
      where gm.user_id = ${ruth} and gm.role = 'member'
    union all
    select ${ruth}::int, 'discipleship_accepted', c.id, c.id::text, c.mentor_id, u.first_name, 1, null,
        c.updated_at, c.updated_at + interval '1 hour'
      from discipleship_connections c join users u on u.id = c.mentor_id
      where c.mentee_id = ${ruth} and c.status = 'active'
    union all
    (select ${ruth}::int, 'video_published', v.id, v.id::text, null::int, null::text, 1, v.title, v.created_at,
        case when v.created_at < now() - interval '3 days' then v.created_at + interval '1 day' end
      from videos v order by v.created_at desc limit 3)
    ) told (user_id, kind, subject_id, dedupe_key, actor_id, actor_name, actor_count, title, created_at, read_at)
    -- Ids in the order they happened: the list reads newest first by id.
    order by created_at
    on conflict do nothing`);
}
