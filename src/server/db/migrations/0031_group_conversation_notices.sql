-- A member's home page (the newest posts of her groups) is cached per member (see 0002): a post
-- written, edited, counted, pinned, hidden or removed, a member joining or leaving a group, and a
-- group renamed change it, so they announce it like the community tables do (0004: only statements
-- that changed rows).
DO $$
DECLARE
  t text;
  e text[];
BEGIN
  FOREACH t IN ARRAY ARRAY['group_posts', 'cultivation_group_members', 'local_group_members', 'cultivation_groups', 'local_groups'] LOOP
    -- One trigger per event, each with the rows its statement changed.
    FOREACH e SLICE 1 IN ARRAY ARRAY[['inserted', 'INSERT', 'NEW'], ['updated', 'UPDATE', 'NEW'], ['deleted', 'DELETE', 'OLD']] LOOP
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_rows_changed()', t || '_notify_' || e[1], e[2], t, e[3]);
    END LOOP;
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_changed()', t || '_notify_truncated', t);
  END LOOP;
END
$$;
--> statement-breakpoint
-- A mention that no member of the group answers is looked up among all members by first name
-- (is it someone outside the group?): on this index, never a pass over every member.
CREATE INDEX "users_first_name_lower_idx" ON "users" USING btree (lower("first_name"));
--> statement-breakpoint
-- Who is suspended now: the few members whose words a list leaves out (members' content), found on
-- this index rather than by a pass over every member when a page of posts is read.
CREATE INDEX "users_suspended_until_idx" ON "users" USING btree ("suspended_until") WHERE "suspended_until" IS NOT NULL;
