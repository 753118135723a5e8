ALTER TABLE "calendar_feeds" ADD COLUMN "seed" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "legacy_token_hash" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_token_hash_idx" UNIQUE("token_hash");--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_legacy_token_hash_idx" UNIQUE("legacy_token_hash");