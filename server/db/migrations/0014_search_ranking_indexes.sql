CREATE INDEX "search_documents_rank_idx" ON "search_documents" USING gin ("rank_search");--> statement-breakpoint
CREATE INDEX "search_documents_kind_idx" ON "search_documents" USING btree ("kind");