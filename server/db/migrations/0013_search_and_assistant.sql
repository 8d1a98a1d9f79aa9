CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "search_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"visible_from" timestamp with time zone,
	"visible_until" timestamp with time zone,
	"fingerprint" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('english', body), 'B') || setweight(to_tsvector('simple', body), 'B')) STORED NOT NULL,
	"rank_search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', left(body, 400)), 'B')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_misses" (
	"query" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_passages" (
	"document_key" text NOT NULL,
	"position" integer NOT NULL,
	"heading" text NOT NULL,
	"text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', text), 'B')) STORED NOT NULL,
	CONSTRAINT "search_passages_document_key_position_pk" PRIMARY KEY("document_key","position")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"unanswered" integer DEFAULT 0 NOT NULL,
	"device" text,
	"enquiry_id" integer
);
--> statement-breakpoint
CREATE TABLE "assistant_turns" (
	"conversation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sources" jsonb NOT NULL,
	"answered" boolean NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "assistant_turns_conversation_id_position_pk" PRIMARY KEY("conversation_id","position")
);
--> statement-breakpoint
ALTER TABLE "search_passages" ADD CONSTRAINT "search_passages_document_key_search_documents_key_fk" FOREIGN KEY ("document_key") REFERENCES "public"."search_documents"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_conversations" ADD CONSTRAINT "assistant_conversations_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_turns" ADD CONSTRAINT "assistant_turns_conversation_id_assistant_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."assistant_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_documents_search_idx" ON "search_documents" USING gin ("search");--> statement-breakpoint
CREATE INDEX "search_misses_last_idx" ON "search_misses" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "search_passages_search_idx" ON "search_passages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "search_words_trigram_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" collate "C");--> statement-breakpoint
CREATE INDEX "assistant_conversations_last_idx" ON "assistant_conversations" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "assistant_turns_asked_idx" ON "assistant_turns" USING btree ("asked_at");