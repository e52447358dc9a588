-- The assistant's word relations (docs/decisions/023-the-assistant.md): what WordNet relates to the words of
-- the site's own texts, as lexemes, searched at the lowest weight. A generated column's expression cannot
-- change in place, so the search vector (and its index, which goes with it) is made anew.
ALTER TABLE "assistant_passages" ADD COLUMN "related" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "assistant_passages" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "assistant_passages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B') || setweight(to_tsvector('simple', related), 'D')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "assistant_passages_search_idx" ON "assistant_passages" USING gin ("search");
