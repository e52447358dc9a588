import { sql } from "drizzle-orm";
import { customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { oneOf, updatedAt } from "./helpers";
import { TIER_IDS } from "@/features/membership/constants";
import { membershipTiers } from "./tiers";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The assistant's retrieval index (docs/decisions/023-the-assistant.md): every passage of the site's own
 * content it may answer from, one row per passage, written by the providers of
 * src/server/assistant/providers and searched with PostgreSQL full-text search.
 * `sourceKind` names the provider ("faq", "tier", "page", "event", "blog", ...); it has no CHECK
 * so that a new provider needs no migration.
 */
export const assistantPassages = pgTable(
  "assistant_passages",
  {
    id: serial().primaryKey(),
    sourceKind: text().notNull(),
    /** The source's id within its kind (a post id, an event id, a FAQ question number). */
    sourceId: text().notNull(),
    /** The passage's place within its source (long sources are split). */
    position: integer().notNull().default(0),
    title: text().notNull(),
    /** The site path that shows the source, cited with the answer. */
    url: text().notNull(),
    body: text().notNull(),
    /** The tier needed to read the source; null = public. Queried through readableLevel. */
    requiredLevel: text().references(() => membershipTiers.id),
    /** After this the passage is no longer answered from (an event that has ended); null = never. */
    expiresAt: timestamp({ withTimezone: true }),
    /**
     * What WordNet relates to the words of the site's own texts (src/server/assistant/word-relations.ts),
     * as 'english' lexemes: one line for the title, then one for each sentence of the body, so that a
     * sentence is found by a word she used for what it says ("money back" for "refund"). Empty for the
     * forum and library, which members write.
     */
    related: text().notNull().default(""),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')`,
      ),
    /** `related` searched (its lexemes are stemmed already): only for her words the site does not use. */
    relatedSearch: tsvector()
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', related)`),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("assistant_passages_source_key").on(t.sourceKind, t.sourceId, t.position),
    index("assistant_passages_search_idx").using("gin", t.search),
    index("assistant_passages_related_search_idx").using("gin", t.relatedSearch),
    oneOf("assistant_passages_level_check", t.requiredLevel, TIER_IDS),
  ],
);
