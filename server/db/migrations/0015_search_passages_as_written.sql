ALTER TABLE "search_passages" drop column "search";--> statement-breakpoint
ALTER TABLE "search_passages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('simple', heading), 'A') || setweight(to_tsvector('english', text), 'B') || setweight(to_tsvector('simple', text), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_passages_search_idx" ON "search_passages" USING gin ("search");
