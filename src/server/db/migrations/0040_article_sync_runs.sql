CREATE TABLE "article_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added" integer,
	"updated" integer,
	"error" text
);
