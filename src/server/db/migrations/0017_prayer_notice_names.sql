-- "Someone prayed for your request" names the one who prayed as the author may see her: "A member"
-- when she keeps her profile from members (showProfileToMembers false) and the author is neither an
-- administrator, an admin or leader of a group she is in, nor her discipleship partner (decision
-- 040; `profileHiddenFrom` in src/server/auth/policies.ts is the same rule for every other list).
CREATE OR REPLACE FUNCTION mishpacha_notify_prayers() RETURNS trigger AS $$
BEGIN
  -- A second "I prayed" writes no mark: nothing to tell, and no statement to run.
  IF NOT EXISTS (SELECT 1 FROM new_marks) THEN
    RETURN NULL;
  END IF;
  INSERT INTO notifications (user_id, kind, subject_id, dedupe_key, actor_id, actor_name, actor_count)
  SELECT m.author_id, 'prayer_prayed', m.request_id,
    m.request_id || '@' || extract(epoch FROM date_trunc('hour', now()))::bigint,
    m.latest_id,
    CASE WHEN u.settings -> 'showProfileToMembers' = 'false'::jsonb AND NOT (
        EXISTS (SELECT 1 FROM users a WHERE a.id = m.author_id AND a.role = 'admin')
        OR EXISTS (SELECT 1 FROM cultivation_group_members ga
          JOIN cultivation_group_members gm ON gm.group_id = ga.group_id AND gm.user_id = u.id
          WHERE ga.user_id = m.author_id AND ga.role = 'admin')
        OR EXISTS (SELECT 1 FROM local_group_members ll
          JOIN local_group_members lm ON lm.group_id = ll.group_id AND lm.user_id = u.id
          WHERE ll.user_id = m.author_id AND ll.role = 'leader')
        OR EXISTS (SELECT 1 FROM discipleship_connections dc
          WHERE dc.status IN ('active', 'pending')
            AND ((dc.mentor_id = m.author_id AND dc.mentee_id = u.id)
              OR (dc.mentee_id = m.author_id AND dc.mentor_id = u.id))))
      THEN 'A member' ELSE u.first_name END,
    m.prayers
  FROM (
    SELECT p.id AS request_id, p.user_id AS author_id, count(*)::int AS prayers,
      (array_agg(n.user_id ORDER BY n.created_at DESC, n.user_id DESC))[1] AS latest_id
    FROM new_marks n JOIN prayer_requests p ON p.id = n.prayer_request_id
    WHERE n.user_id <> p.user_id
      -- Nor of the prayers of a member she has blocked.
      AND NOT EXISTS (SELECT 1 FROM member_blocks b WHERE b.blocker_id = p.user_id AND b.blocked_id = n.user_id)
    GROUP BY p.id, p.user_id
  ) m
  JOIN users u ON u.id = m.latest_id
  ON CONFLICT (user_id, kind, dedupe_key) DO UPDATE SET
    actor_count = notifications.actor_count + excluded.actor_count,
    actor_id = excluded.actor_id,
    actor_name = excluded.actor_name,
    read_at = NULL;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
