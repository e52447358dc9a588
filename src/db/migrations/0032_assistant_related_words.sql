-- The assistant's word relations (docs/decisions/023-the-assistant.md): what WordNet relates to the words of
-- the site's own texts, as lexemes, one line per title and sentence, searched apart from the title and
-- body (only for a question's words the site does not use).
ALTER TABLE "assistant_passages" ADD COLUMN "related" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "assistant_passages" ADD COLUMN "related_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', related)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "assistant_passages_related_search_idx" ON "assistant_passages" USING gin ("related_search");