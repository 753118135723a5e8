-- A changed answer to an event is a HOT update when no index holds the columns it changes (status,
-- answered_at), and the page has room for the new version: members changing their minds no longer
-- add an entry to every index each time (decision 038).
DROP INDEX "event_rsvps_status_idx";--> statement-breakpoint
DROP INDEX "event_rsvps_user_idx";--> statement-breakpoint
CREATE INDEX "event_rsvps_user_idx" ON "event_rsvps" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "event_rsvps" SET (fillfactor = 85);
