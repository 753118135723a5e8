-- A member's conversations, a thread and her unread messages are kept in the members' cache (see
-- 0002): a conversation opened, accepted or declined, a message written, edited or deleted, and a
-- member's read mark or unread count moved change them, so these tables announce their changes as
-- the community tables do (0004: only statements that changed rows). The triggers are made by one
-- function, which any later table whose rows a cached view shows calls in its own migration.
CREATE OR REPLACE FUNCTION mishpacha_announce_changes_of(t regclass) RETURNS void AS $$
DECLARE
  e text[];
  name text := (SELECT relname FROM pg_class WHERE oid = t);
BEGIN
  -- One trigger per event, each with the rows its statement changed.
  FOREACH e SLICE 1 IN ARRAY ARRAY[['inserted', 'INSERT', 'NEW'], ['updated', 'UPDATE', 'NEW'], ['deleted', 'DELETE', 'OLD']] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER %s ON %s REFERENCING %s TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_rows_changed()', name || '_notify_' || e[1], e[2], t, e[3]);
  END LOOP;
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_changed()', name || '_notify_truncated', t);
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT mishpacha_announce_changes_of(t)
FROM unnest(ARRAY['direct_conversations', 'direct_conversation_members', 'direct_messages']::regclass[]) AS t;
