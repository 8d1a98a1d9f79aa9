ALTER TABLE "outbox" ADD COLUMN "calendar" jsonb;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_no_overlap" EXCLUDE USING gist (tstzrange("starts_at", "ends_at") WITH &&) WHERE (status = 'booked');--> statement-breakpoint
INSERT INTO "meeting_settings" ("id", "availability", "min_notice_hours", "horizon_days", "buffer_minutes", "blocked_dates", "room_url") VALUES (1, '[{"weekday":1,"start":"09:00","end":"17:00"},{"weekday":2,"start":"09:00","end":"17:00"},{"weekday":3,"start":"09:00","end":"17:00"},{"weekday":4,"start":"09:00","end":"17:00"}]', 12, 28, 0, '[]', '');
