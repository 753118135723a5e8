-- "Someone prayed for your request" (decision 033). Prayers are written by one batched statement
-- (decision 013) and by "I'm praying for you" responses; this trigger turns the marks of each
-- statement into notifications in the same transaction, set-based. Prayers for one request within
-- one clock hour gather into one notification that counts them and names the latest to pray; a
-- new prayer brings a read one back as unread. Nobody is told of her own prayer.
-- A member she has blocked is left out, as from every other notification (decision 040).
CREATE OR REPLACE FUNCTION mishpacha_notify_prayers() RETURNS trigger AS $$
BEGIN
  -- A second "I prayed" writes no mark: nothing to tell, and no statement to run.
  IF NOT EXISTS (SELECT 1 FROM new_marks) THEN
    RETURN NULL;
  END IF;
  INSERT INTO notifications (user_id, kind, subject_id, dedupe_key, actor_id, actor_name, actor_count)
  SELECT m.author_id, 'prayer_prayed', m.request_id,
    m.request_id || '@' || extract(epoch FROM date_trunc('hour', now()))::bigint,
    m.latest_id, u.first_name, m.prayers
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
--> statement-breakpoint
DROP TRIGGER IF EXISTS prayer_marks_notify_author ON prayer_marks;
--> statement-breakpoint
CREATE TRIGGER prayer_marks_notify_author AFTER INSERT ON prayer_marks
  REFERENCING NEW TABLE AS new_marks FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_prayers();
