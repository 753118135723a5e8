ALTER TABLE "notification_preferences" ADD COLUMN "rest_city" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "feast_days" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notification_preferences_rest_idx" ON "notification_preferences" USING btree ("rest_city","time_zone","feast_days") WHERE "notification_preferences"."rest_on_shabbat";--> statement-breakpoint
CREATE INDEX "notifications_held_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."held_until" is not null;