-- Every server instance caches recently resolved sessions; these triggers tell all of them
-- (LISTEN mishpacha_auth) when a session ends or changes, or a member's row changes, whoever made
-- the change.
CREATE OR REPLACE FUNCTION mishpacha_notify_session_ended() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('mishpacha_auth', 's:' || OLD.id);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_ended AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION mishpacha_notify_session_ended();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mishpacha_notify_user_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('mishpacha_auth', 'u:' || OLD.id);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_notify_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION mishpacha_notify_user_changed();
