ALTER TABLE "outbox" ADD COLUMN "recipient_key" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
-- Meetings booked before confirmation existed stand as they were booked.
UPDATE "meetings" SET "confirmed_at" = "created_at";--> statement-breakpoint
CREATE INDEX "outbox_recipient_cap_idx" ON "outbox" USING btree ("recipient_key","created_at") WHERE recipient_key is not null;--> statement-breakpoint
CREATE INDEX "meetings_held_idx" ON "meetings" USING btree ("held_until") WHERE status = 'booked' and confirmed_at is null;