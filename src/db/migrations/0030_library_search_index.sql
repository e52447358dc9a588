-- The library's search index without a pending list (issue 28). With fastupdate, new entries wait in an
-- unsorted list that every search reads whole until VACUUM merges it: after 49,000 items were added, a
-- search's index scan took up to twice as long. The library is written rarely and searched
-- often, so each write updates the index itself. Rebuilt, which also merges what was pending.
DROP INDEX "content_items_search_idx";--> statement-breakpoint
CREATE INDEX "content_items_search_idx" ON "content_items" USING gin ("search_vector") WITH (fastupdate=false);