CREATE TABLE "content_documents" (
	"type" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"published_revision" integer NOT NULL,
	"scheduled_revision" integer,
	"scheduled_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"number" integer NOT NULL,
	"body" jsonb NOT NULL,
	"author" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_revisions_type_number_idx" ON "content_revisions" USING btree ("type","number");