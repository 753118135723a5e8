-- A search ranks each kind's newest matches by their words (ts_rank_cd, decision 072), which reads
-- each row's vector whole. A row over about 2 KB (a long request, post or teaching; a Hebrew letter
-- takes two bytes) had its vector and body compressed, and undoing that took longer than ranking the
-- vector. A row is now kept as it is up to the most a page holds, and only a longer one is
-- compressed or moved out of line.
ALTER TABLE "search_items" SET (toast_tuple_target = 8160);--> statement-breakpoint
-- The rows already compressed are written again, whole.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
UPDATE "search_items" SET "vector" = "vector" || ''::tsvector, "body" = "body" || ''
WHERE pg_column_compression("vector") IS NOT NULL OR pg_column_compression("body") IS NOT NULL;
