-- The posts of her groups' conversations are searched by their words together with their group
-- (decision 072), as her notes and messages are with whose they are (0054): a search reads the
-- matches in her groups only, however many posts of the community's other groups match.
DROP INDEX "search_items_post_vector_idx";--> statement-breakpoint
CREATE INDEX "search_items_post_group_vector_idx" ON "search_items" USING gin ("group_id","vector") WHERE "search_items"."kind" = 'post';