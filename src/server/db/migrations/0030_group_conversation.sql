CREATE TABLE "group_post_prayers" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_post_prayers_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_post_reactions" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reaction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_post_reactions_post_id_user_id_reaction_pk" PRIMARY KEY("post_id","user_id","reaction")
);
--> statement-breakpoint
CREATE TABLE "group_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_kind" text NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"pinned_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"praise_note" text,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"prayed_count" integer DEFAULT 0 NOT NULL,
	"amen_count" integer DEFAULT 0 NOT NULL,
	"praying_count" integer DEFAULT 0 NOT NULL,
	"heart_count" integer DEFAULT 0 NOT NULL,
	"edited_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"edited_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_post_prayers" ADD CONSTRAINT "group_post_prayers_post_id_group_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."group_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_post_prayers" ADD CONSTRAINT "group_post_prayers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_post_reactions" ADD CONSTRAINT "group_post_reactions_post_id_group_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."group_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_post_reactions" ADD CONSTRAINT "group_post_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_posts" ADD CONSTRAINT "group_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_replies" ADD CONSTRAINT "group_replies_post_id_group_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."group_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_replies" ADD CONSTRAINT "group_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_post_prayers_user_idx" ON "group_post_prayers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_post_reactions_user_idx" ON "group_post_reactions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_posts_group_idx" ON "group_posts" USING btree ("group_kind","group_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "group_posts_pinned_idx" ON "group_posts" USING btree ("group_kind","group_id","pinned_at" DESC NULLS FIRST) WHERE "group_posts"."pinned_at" is not null;--> statement-breakpoint
CREATE INDEX "group_posts_prayer_idx" ON "group_posts" USING btree ("group_kind","group_id","id" DESC NULLS FIRST) WHERE "group_posts"."kind" = 'prayer';--> statement-breakpoint
CREATE INDEX "group_posts_unanswered_idx" ON "group_posts" USING btree ("group_kind","group_id","id" DESC NULLS FIRST) WHERE "group_posts"."kind" = 'question' and "group_posts"."reply_count" = 0;--> statement-breakpoint
CREATE INDEX "group_posts_author_idx" ON "group_posts" USING btree ("group_kind","group_id","user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "group_posts_user_idx" ON "group_posts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "group_replies_post_idx" ON "group_replies" USING btree ("post_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "group_replies_user_idx" ON "group_replies" USING btree ("user_id","created_at");