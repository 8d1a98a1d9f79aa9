CREATE TABLE "data_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"right" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"note" text DEFAULT '' NOT NULL,
	"archive_token_hash" text,
	"archive_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "forget_once_sent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "data_requests_queue_idx" ON "data_requests" USING btree ("status","due_at");