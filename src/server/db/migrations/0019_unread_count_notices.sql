-- A member's unread count is kept in the members' cache (the bell asks every minute or so): every
-- change to which notifications exist, or which are read, announces itself as the community tables
-- do (0002, 0004). Marking rows mailed or pushed (the sweeps, every second) changes no count and
-- stays silent: the update trigger watches read_at alone, per row (transition tables cannot go
-- with a column list), and pg_notify sends one notice per transaction however many rows it read.
CREATE OR REPLACE FUNCTION mishpacha_notify_notification_read() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('mishpacha_auth', 'c:');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER notifications_notify_inserted AFTER INSERT ON notifications REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_rows_changed();
--> statement-breakpoint
CREATE TRIGGER notifications_notify_deleted AFTER DELETE ON notifications REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_rows_changed();
--> statement-breakpoint
CREATE TRIGGER notifications_notify_truncated AFTER TRUNCATE ON notifications FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_community_changed();
--> statement-breakpoint
CREATE TRIGGER notifications_notify_read AFTER UPDATE OF read_at ON notifications FOR EACH ROW WHEN (OLD.read_at IS DISTINCT FROM NEW.read_at) EXECUTE FUNCTION mishpacha_notify_notification_read();
