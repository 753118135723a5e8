CREATE TABLE "setup_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "setup_tokens_hash_idx" ON "setup_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "setup_tokens_expires_idx" ON "setup_tokens" USING btree ("expires_at");