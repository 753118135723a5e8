CREATE TABLE "new_member_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"prayer_requests" integer DEFAULT 0 NOT NULL,
	"posts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "new_member_counts" ADD CONSTRAINT "new_member_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;