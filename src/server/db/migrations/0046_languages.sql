ALTER TABLE "site_settings" ADD COLUMN "default_language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;