ALTER TABLE "content_reports" ADD COLUMN "context" jsonb;--> statement-breakpoint
ALTER TABLE "new_member_counts" ADD COLUMN "conversations" integer DEFAULT 0 NOT NULL;