-- Members' views of the prayer wall and the home page are cached per member on every instance;
-- any change to the rows behind them is announced (LISTEN mishpacha_auth, payload "c:") so every
-- instance drops those answers, whoever made the change. One notice per statement is enough.
CREATE OR REPLACE FUNCTION mishpacha_notify_community_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('mishpacha_auth', 'c:');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER prayer_requests_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON prayer_requests
  FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_changed();
--> statement-breakpoint
CREATE TRIGGER prayer_responses_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON prayer_responses
  FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_changed();
--> statement-breakpoint
CREATE TRIGGER prayer_marks_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON prayer_marks
  FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_changed();
--> statement-breakpoint
CREATE TRIGGER discipleship_entries_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON discipleship_entries
  FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_changed();
--> statement-breakpoint
CREATE TRIGGER discipleship_connections_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON discipleship_connections
  FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_changed();
