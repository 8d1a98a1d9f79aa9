-- Newsletters are sent by the job queue, one job a recipient (decision 064): a recipient being sent when the site stopped is waiting again, and gets its job at the next start.
UPDATE "campaign_recipients" SET "status" = 'queued' WHERE "status" = 'sending';--> statement-breakpoint
DROP INDEX "campaign_recipients_due_idx";--> statement-breakpoint
DROP INDEX "campaign_recipients_claimed_idx";--> statement-breakpoint
CREATE INDEX "campaign_recipients_waiting_idx" ON "campaign_recipients" USING btree ("campaign_id") WHERE status in ('queued', 'sending');--> statement-breakpoint
ALTER TABLE "campaign_recipients" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "campaign_recipients" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "campaign_recipients" DROP COLUMN "claimed_at";