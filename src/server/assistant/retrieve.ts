import "server-only";
import { and, desc, gt, isNull, or, sql } from "drizzle-orm";
import { db } from "@/db";
import { assistantPassages } from "@/db/schema";
import type { LevelSubject } from "@/lib/auth/access";
import { readableLevel } from "@/server/auth/tier-access";

export interface RetrievedPassage {
  id: number;
  title: string;
  url: string;
  body: string;
  rank: number;
}

/**
 * The question's words as an OR query: websearch_to_tsquery would need every word of a natural
 * question ("how much is the create tier") in one passage. The question is stemmed by the same
 * 'english' configuration as the index (stop words dropped); the lexemes are then joined with the
 * 'simple' configuration so they are not stemmed twice. A question without words gives NULL, which
 * matches nothing. As a scalar subquery it is computed once and the GIN index serves the match.
 */
const questionQuery = (question: string) =>
  sql`(select to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) from unnest(tsvector_to_array(to_tsvector('english', ${question}))) as lexeme)`;

/**
 * The passages that best match the question among those the asker may read: her tier's and
 * public ones (readableLevel in the WHERE clause), never an expired one. `question` is the
 * question with its synonyms added (expandQuestion).
 */
export async function retrievePassages(
  question: string,
  user: LevelSubject | null,
  limit = 5,
): Promise<RetrievedPassage[]> {
  const query = questionQuery(question);
  // Normalization 1 divides by 1 + log(length), so a long post does not win on length alone.
  const rank = sql<number>`ts_rank(${assistantPassages.search}, ${query}, 1)`;
  return db
    .select({
      id: assistantPassages.id,
      title: assistantPassages.title,
      url: assistantPassages.url,
      body: assistantPassages.body,
      rank,
    })
    .from(assistantPassages)
    .where(
      and(
        sql`${assistantPassages.search} @@ ${query}`,
        or(isNull(assistantPassages.expiresAt), gt(assistantPassages.expiresAt, sql`now()`)),
        readableLevel(assistantPassages.requiredLevel, user),
      ),
    )
    .orderBy(desc(rank), assistantPassages.id)
    .limit(limit);
}
