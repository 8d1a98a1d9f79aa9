DROP INDEX "enquiries_assignee_idx";--> statement-breakpoint
CREATE INDEX "enquiries_status_due_idx" ON "enquiries" USING btree ("status","due_at","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enquiries_assignee_due_idx" ON "enquiries" USING btree ("assignee_id","due_at","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);