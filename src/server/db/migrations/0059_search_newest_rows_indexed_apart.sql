-- A kind's newest rows are indexed apart from its older ones (decision 072): a search reads its
-- words' matches among the newest first, on an index that holds those rows alone, so that what it
-- reads does not grow with the years behind them; only when the newest hold too few matches does it
-- read the older rows' index too. A new row is among the newest (the column's default); the
-- search's upkeep (`search_keep_recent`, every few minutes) moves the rows the newer ones have
-- passed to the other index, and back any whose date moved forward. Her notes, messages and groups'
-- posts are read on indexes of whose they are, and are left out.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
DROP INDEX "search_items_teaching_vector_idx";--> statement-breakpoint
DROP INDEX "search_items_article_vector_idx";--> statement-breakpoint
DROP INDEX "search_items_course_vector_idx";--> statement-breakpoint
DROP INDEX "search_items_lesson_vector_idx";--> statement-breakpoint
DROP INDEX "search_items_prayer_vector_idx";--> statement-breakpoint
DROP INDEX "search_items_group_vector_idx";--> statement-breakpoint
DROP INDEX "search_items_event_vector_idx";--> statement-breakpoint
-- Rows already here start among the older ones (no table rewrite); the upkeep below brings each
-- kind's newest back.
ALTER TABLE "search_items" ADD COLUMN "recent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "search_items" ALTER COLUMN "recent" SET DEFAULT true;--> statement-breakpoint

-- Marks each split kind's `newest` rows (by date, then id) as recent and the rest not, and answers
-- how many rows it moved. One instance at a time (the others answer 0); a row a writer holds is
-- skipped, never waited for, and moved at the next run.
CREATE FUNCTION search_keep_recent(newest integer DEFAULT 2000) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  k text;
  since_at timestamptz;
  since_id bigint;
  moved bigint;
  total bigint := 0;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('search_keep_recent')) THEN
    RETURN 0;
  END IF;
  FOREACH k IN ARRAY ARRAY['teaching', 'article', 'course', 'lesson', 'prayer', 'group', 'event'] LOOP
    since_at := NULL;
    since_id := NULL;
    SELECT s.at, s.id INTO since_at, since_id FROM search_items s WHERE s.kind = k
      ORDER BY s.at DESC, s.id DESC OFFSET newest - 1 LIMIT 1;
    UPDATE search_items s SET recent = since_at IS NULL OR (s.at, s.id) >= (since_at, since_id)
      WHERE s.ctid = ANY(ARRAY(
        SELECT i.ctid FROM search_items i
        WHERE i.kind = k AND i.recent <> (since_at IS NULL OR (i.at, i.id) >= (since_at, since_id))
        FOR UPDATE SKIP LOCKED));
    GET DIAGNOSTICS moved = ROW_COUNT;
    total := total + moved;
  END LOOP;
  RETURN total;
END $$;--> statement-breakpoint
SELECT search_keep_recent();--> statement-breakpoint
CREATE INDEX "search_items_teaching_recent_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'teaching' and "search_items"."recent";--> statement-breakpoint
CREATE INDEX "search_items_article_recent_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'article' and "search_items"."recent";--> statement-breakpoint
CREATE INDEX "search_items_course_recent_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'course' and "search_items"."recent";--> statement-breakpoint
CREATE INDEX "search_items_lesson_recent_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'lesson' and "search_items"."recent";--> statement-breakpoint
CREATE INDEX "search_items_prayer_recent_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'prayer' and "search_items"."recent";--> statement-breakpoint
CREATE INDEX "search_items_group_recent_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'group' and "search_items"."recent";--> statement-breakpoint
CREATE INDEX "search_items_event_recent_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'event' and "search_items"."recent";--> statement-breakpoint
CREATE INDEX "search_items_teaching_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'teaching' and not "search_items"."recent";--> statement-breakpoint
CREATE INDEX "search_items_article_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'article' and not "search_items"."recent";--> statement-breakpoint
CREATE INDEX "search_items_course_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'course' and not "search_items"."recent";--> statement-breakpoint
CREATE INDEX "search_items_lesson_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'lesson' and not "search_items"."recent";--> statement-breakpoint
CREATE INDEX "search_items_prayer_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'prayer' and not "search_items"."recent";--> statement-breakpoint
CREATE INDEX "search_items_group_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'group' and not "search_items"."recent";--> statement-breakpoint
CREATE INDEX "search_items_event_vector_idx" ON "search_items" USING gin ("vector") WHERE "search_items"."kind" = 'event' and not "search_items"."recent";
