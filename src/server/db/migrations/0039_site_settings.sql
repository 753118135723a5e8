CREATE TABLE "site_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"site_name" text,
	"founder_name" text,
	"welcome_line" text,
	"contact_email" text,
	"newsletter_name" text,
	"newsletter_feed_url" text,
	"time_zone" text,
	"registration" text,
	"patron_price_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "site_settings_one_row" CHECK ("site_settings"."id")
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;