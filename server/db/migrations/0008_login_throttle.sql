CREATE TABLE "login_throttle" (
	"realm" text NOT NULL,
	"identifier_hash" text NOT NULL,
	"source" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"blocked_until" timestamp with time zone,
	"succeeded_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_throttle_realm_identifier_hash_source_pk" PRIMARY KEY("realm","identifier_hash","source")
);
--> statement-breakpoint
DROP TABLE "admin_login_failures" CASCADE;--> statement-breakpoint
CREATE INDEX "login_throttle_expires_idx" ON "login_throttle" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins_since";