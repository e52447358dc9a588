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
  /** What WordNet relates to its title and sentences, a line each (word-relations.ts). */
  related: string;
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
 * How much each weight counts in the rank: the title (A), the body (B) and what WordNet relates to the
 * site's words (D), which must still let a passage found only through it ("money back" for "refund")
 * stand among those that share a common word with the question.
 */
const RANK_WEIGHTS = sql.raw(`'{0.25, 0.2, 0.4, 1.0}'::float4[]`);
/** The words WordNet relates to the question's weigh this much of her own. */
const RELATED_QUESTION_WEIGHT = 0.5;

/**
 * The passages that best match the question among those the asker may read: her tier's and
 * public ones (readableLevel in the WHERE clause), never an expired one. `related` is what WordNet
 * relates to the question's words (relationsOf), found too but ranked lower.
 */
export async function retrievePassages(
  question: string,
  related: string,
  user: LevelSubject | null,
  limit = 5,
): Promise<RetrievedPassage[]> {
  const asked = questionQuery(question);
  const relatedQuery = questionQuery(related);
  // Normalization 1 divides by 1 + log(length), so a long post does not win on length alone.
  const rank = sql<number>`coalesce(ts_rank(${RANK_WEIGHTS}, ${assistantPassages.search}, ${asked}, 1), 0) + ${RELATED_QUESTION_WEIGHT} * coalesce(ts_rank(${RANK_WEIGHTS}, ${assistantPassages.search}, ${relatedQuery}, 1), 0)`;
  return db
    .select({
      id: assistantPassages.id,
      title: assistantPassages.title,
      url: assistantPassages.url,
      body: assistantPassages.body,
      related: assistantPassages.related,
      rank,
    })
    .from(assistantPassages)
    .where(
      and(
        sql`(${assistantPassages.search} @@ ${asked} or ${assistantPassages.search} @@ ${relatedQuery})`,
        or(isNull(assistantPassages.expiresAt), gt(assistantPassages.expiresAt, sql`now()`)),
        readableLevel(assistantPassages.requiredLevel, user),
      ),
    )
    .orderBy(desc(rank), assistantPassages.id)
    .limit(limit);
}
