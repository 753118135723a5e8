-- Community changes are announced only by statements that changed rows. A statement that changed
-- nothing (a second "I prayed", an update that matched no row) stays silent: a notice makes the
-- commit take the notification queue's lock and wait for a WAL flush even when nothing was written.
CREATE OR REPLACE FUNCTION mishpacha_notify_community_rows_changed() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('mishpacha_auth', 'c:');
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['prayer_requests', 'prayer_responses', 'prayer_marks', 'discipleship_entries', 'discipleship_connections'] LOOP
    -- Transition tables need one trigger per event.
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_notify_changed', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_rows_changed()', t || '_notify_inserted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_rows_changed()', t || '_notify_updated', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_rows_changed()', t || '_notify_deleted', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_changed()', t || '_notify_truncated', t);
  END LOOP;
END
$$;
