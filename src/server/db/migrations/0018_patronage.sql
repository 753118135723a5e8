CREATE TABLE "intercessor_prayers" (
	"prayer_request_id" integer NOT NULL,
	"intercessor_id" integer NOT NULL,
	"week_of" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intercessor_prayers_prayer_request_id_intercessor_id_week_of_pk" PRIMARY KEY("prayer_request_id","intercessor_id","week_of")
);
--> statement-breakpoint
CREATE TABLE "course_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"payment_intent_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prayer_requests" ADD COLUMN "share_with_intercessors" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "purpose" text DEFAULT 'patron' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "patron_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "included_for_patrons" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "patron_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_intercessor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "intercessor_prayers" ADD CONSTRAINT "intercessor_prayers_prayer_request_id_prayer_requests_id_fk" FOREIGN KEY ("prayer_request_id") REFERENCES "public"."prayer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercessor_prayers" ADD CONSTRAINT "intercessor_prayers_intercessor_id_users_id_fk" FOREIGN KEY ("intercessor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_purchases" ADD CONSTRAINT "course_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_purchases" ADD CONSTRAINT "course_purchases_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intercessor_prayers_week_idx" ON "intercessor_prayers" USING btree ("week_of");--> statement-breakpoint
CREATE INDEX "intercessor_prayers_intercessor_idx" ON "intercessor_prayers" USING btree ("intercessor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_purchases_intent_idx" ON "course_purchases" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_purchases_open_idx" ON "course_purchases" USING btree ("user_id","course_id") WHERE "course_purchases"."status" in ('pending', 'paid');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at");