ALTER TABLE "calendar_feeds" DROP CONSTRAINT "calendar_feeds_token_idx";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP COLUMN "token";