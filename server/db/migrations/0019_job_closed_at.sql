ALTER TABLE "career_jobs" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "career_jobs" SET "closed_at" = "updated_at" WHERE "status" = 'closed';
