CREATE TABLE "local_group_join_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"request_message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_groups" ADD COLUMN "requires_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "local_group_join_requests" ADD CONSTRAINT "local_group_join_requests_group_id_local_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."local_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_group_join_requests" ADD CONSTRAINT "local_group_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_group_join_requests" ADD CONSTRAINT "local_group_join_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "local_requests_pending_idx" ON "local_group_join_requests" USING btree ("group_id","user_id") WHERE "local_group_join_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "local_requests_group_idx" ON "local_group_join_requests" USING btree ("group_id","status","id");--> statement-breakpoint
CREATE INDEX "local_requests_user_idx" ON "local_group_join_requests" USING btree ("user_id");