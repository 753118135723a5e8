-- A member's notes and her conversations' messages are searched by their words together with
-- whose they are (decision 072): one GIN index on both, through btree_gin (a contrib extension, as
-- pg_trgm is), in place of an index on the words and another on the owner. A search then reads her
-- matches only, however many of everyone's notes and messages match.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "search_items_note_vector_idx";--> statement-breakpoint
DROP INDEX "search_items_message_vector_idx";--> statement-breakpoint
DROP INDEX "search_items_note_owner_idx";--> statement-breakpoint
DROP INDEX "search_items_message_conversation_idx";--> statement-breakpoint
CREATE INDEX "search_items_note_owner_vector_idx" ON "search_items" USING gin ("user_id","vector") WHERE "search_items"."kind" = 'note';--> statement-breakpoint
CREATE INDEX "search_items_message_conversation_vector_idx" ON "search_items" USING gin ("conversation_id","vector") WHERE "search_items"."kind" = 'message';
