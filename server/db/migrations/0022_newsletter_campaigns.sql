CREATE TABLE "campaign_clicks" (
	"campaign_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	"link" smallint NOT NULL,
	"clicks" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_clicks_campaign_id_subscription_id_link_pk" PRIMARY KEY("campaign_id","subscription_id","link")
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"campaign_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_campaign_id_subscription_id_pk" PRIMARY KEY("campaign_id","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"preheader" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"rate_per_minute" integer,
	"concurrency" smallint NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_clicks" ADD CONSTRAINT "campaign_clicks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipients_due_idx" ON "campaign_recipients" USING btree ("campaign_id","next_attempt_at") WHERE status in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "campaign_recipients_claimed_idx" ON "campaign_recipients" USING btree ("campaign_id","claimed_at");--> statement-breakpoint
CREATE INDEX "campaign_recipients_subscription_idx" ON "campaign_recipients" USING btree ("subscription_id","sent_at");