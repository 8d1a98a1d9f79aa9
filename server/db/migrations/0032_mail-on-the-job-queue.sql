-- Mail is sent by the job queue (decision 061): a mail that was being sent when the site stopped is waiting again, and gets its job at the next start.
UPDATE "outbox" SET "status" = 'pending' WHERE "status" = 'sending';--> statement-breakpoint
DROP INDEX "outbox_due_idx";--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "locked_until";
