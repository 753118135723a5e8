-- Members still in their first day when this runs keep what they have shared so far counted.
INSERT INTO "new_member_counts" ("user_id", "prayer_requests", "posts")
SELECT u.id,
  (SELECT count(*) FROM prayer_requests p WHERE p.user_id = u.id),
  (SELECT count(*) FROM prayer_responses r WHERE r.user_id = u.id)
    + (SELECT count(*) FROM discussions d WHERE d.user_id = u.id)
    + (SELECT count(*) FROM article_discussions a WHERE a.user_id = u.id)
FROM users u
WHERE u.created_at > now() - interval '24 hours' AND u.role <> 'admin';
