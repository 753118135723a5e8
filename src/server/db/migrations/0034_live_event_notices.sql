-- Live events announce themselves: one NOTIFY per statement with the range of the ids it wrote,
-- delivered at the commit, so every instance reads the new rows for the streams it holds. The
-- notice carries ids only; what a stream shows is read with its member's rights.
CREATE OR REPLACE FUNCTION mishpacha_notify_live_events() RETURNS trigger AS $$
DECLARE
  first_id bigint;
  last_id bigint;
BEGIN
  SELECT min(id), max(id) INTO first_id, last_id FROM written;
  IF first_id IS NOT NULL THEN
    PERFORM pg_notify('mishpacha_live', first_id || ':' || last_id);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER live_events_notify AFTER INSERT ON live_events REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION mishpacha_notify_live_events();
