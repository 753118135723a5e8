-- Lists are read newest first with ORDER BY ... DESC, which in PostgreSQL means NULLS FIRST. The
-- indexes were built DESC NULLS LAST, an order no scan direction can give for such a query, so a
-- large table was sorted in full for every page. Rebuilt in the order the queries ask for.
DROP INDEX "cultivation_members_user_idx";--> statement-breakpoint
DROP INDEX "cultivation_groups_category_idx";--> statement-breakpoint
DROP INDEX "discipleship_connections_mentor_idx";--> statement-breakpoint
DROP INDEX "discipleship_connections_mentee_idx";--> statement-breakpoint
DROP INDEX "local_members_user_idx";--> statement-breakpoint
DROP INDEX "local_groups_type_idx";--> statement-breakpoint
DROP INDEX "prayer_requests_public_idx";--> statement-breakpoint
DROP INDEX "prayer_requests_answered_idx";--> statement-breakpoint
DROP INDEX "prayer_requests_user_idx";--> statement-breakpoint
DROP INDEX "article_discussions_article_idx";--> statement-breakpoint
DROP INDEX "articles_published_idx";--> statement-breakpoint
DROP INDEX "courses_status_idx";--> statement-breakpoint
DROP INDEX "discussions_video_idx";--> statement-breakpoint
DROP INDEX "discussions_user_idx";--> statement-breakpoint
DROP INDEX "video_notes_user_idx";--> statement-breakpoint
DROP INDEX "videos_published_idx";--> statement-breakpoint
DROP INDEX "videos_series_published_idx";--> statement-breakpoint
CREATE INDEX "cultivation_members_user_idx" ON "cultivation_group_members" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cultivation_groups_category_idx" ON "cultivation_groups" USING btree ("category","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "discipleship_connections_mentor_idx" ON "discipleship_connections" USING btree ("mentor_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "discipleship_connections_mentee_idx" ON "discipleship_connections" USING btree ("mentee_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "local_members_user_idx" ON "local_group_members" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "local_groups_type_idx" ON "local_groups" USING btree ("meeting_type","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "prayer_requests_public_idx" ON "prayer_requests" USING btree ("id" DESC NULLS FIRST) WHERE "prayer_requests"."is_private" = false;--> statement-breakpoint
CREATE INDEX "prayer_requests_answered_idx" ON "prayer_requests" USING btree ("id" DESC NULLS FIRST) WHERE "prayer_requests"."is_private" = false and "prayer_requests"."is_answered" = true;--> statement-breakpoint
CREATE INDEX "prayer_requests_user_idx" ON "prayer_requests" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "article_discussions_article_idx" ON "article_discussions" USING btree ("article_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "courses_status_idx" ON "courses" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "discussions_video_idx" ON "discussions" USING btree ("video_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "discussions_user_idx" ON "discussions" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "video_notes_user_idx" ON "video_notes" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_published_idx" ON "videos" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_series_published_idx" ON "videos" USING btree ("series","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);