CREATE TABLE "enquiries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text,
	"email" text NOT NULL,
	"company" text,
	"message" text NOT NULL,
	"user_type" text,
	"help_type" text,
	"budget" text,
	"timeline" text,
	"ip_hash" text NOT NULL,
	"user_agent" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirm_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"ip_hash" text NOT NULL,
	"user_agent" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "enquiries_type_created_idx" ON "enquiries" USING btree ("type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_idx" ON "newsletter_subscriptions" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_token_idx" ON "newsletter_subscriptions" USING btree ("confirm_token_hash");