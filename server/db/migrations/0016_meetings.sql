ALTER TABLE "outbox" ADD COLUMN "calendar" jsonb;--> statement-breakpoint
CREATE TABLE "meeting_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"availability" jsonb NOT NULL,
	"min_notice_hours" integer NOT NULL,
	"horizon_days" integer NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"blocked_dates" jsonb NOT NULL,
	"room_url" text NOT NULL,
	CONSTRAINT "meeting_settings_one_row" CHECK ("meeting_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"room_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"cancelled_by" text,
	"reminder_due_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "meetings_starts_idx" ON "meetings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "meetings_reminder_due_idx" ON "meetings" USING btree ("reminder_due_at") WHERE status = 'booked' and reminder_sent_at is null;--> statement-breakpoint
CREATE INDEX "meetings_created_idx" ON "meetings" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_no_overlap" EXCLUDE USING gist (tstzrange("starts_at", "ends_at") WITH &&) WHERE (status = 'booked');--> statement-breakpoint
INSERT INTO "meeting_settings" ("id", "availability", "min_notice_hours", "horizon_days", "buffer_minutes", "blocked_dates", "room_url") VALUES (1, '[{"weekday":1,"start":"09:00","end":"17:00"},{"weekday":2,"start":"09:00","end":"17:00"},{"weekday":3,"start":"09:00","end":"17:00"},{"weekday":4,"start":"09:00","end":"17:00"}]', 12, 28, 0, '[]', '');
