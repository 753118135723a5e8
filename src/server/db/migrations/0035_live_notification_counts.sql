-- A member's open tabs show her unread notification count as it changes: every statement that
-- adds, removes or reads notifications writes one `notifications` live event per member it touched
-- (its NOTIFY goes with them, 0034), whoever wrote it (`notify`, the fan-out, withdrawn notices,
-- marking read). The event carries no count: the instance holding her stream counts when it sends,
-- so two changes committing at once never leave an older count on the page. Marking rows mailed or
-- pushed (the sweeps) changes no count and writes nothing.
CREATE OR REPLACE FUNCTION mishpacha_live_notifications_changed() RETURNS trigger AS $$
BEGIN
  INSERT INTO live_events (channel, kind)
    SELECT DISTINCT 'member:' || user_id, 'notifications' FROM changed_rows;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mishpacha_live_notifications_read() RETURNS trigger AS $$
BEGIN
  INSERT INTO live_events (channel, kind)
    SELECT DISTINCT 'member:' || n.user_id, 'notifications'
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.read_at IS DISTINCT FROM o.read_at;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER notifications_live_inserted AFTER INSERT ON notifications REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_live_notifications_changed();
--> statement-breakpoint
CREATE TRIGGER notifications_live_deleted AFTER DELETE ON notifications REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_live_notifications_changed();
--> statement-breakpoint
CREATE TRIGGER notifications_live_read AFTER UPDATE ON notifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_live_notifications_read();
