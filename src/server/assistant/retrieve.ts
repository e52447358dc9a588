import "server-only";
import { and, desc, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import { db } from "@/db";
import { assistantPassages } from "@/db/schema";
import type { LevelSubject } from "@/lib/auth/access";
import { readableLevel } from "@/server/auth/tier-access";
import type { Relation } from "./word-relations";

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

/** The words WordNet relates to the question's weigh this much of her own. */
const RELATED_QUESTION_WEIGHT = 0.5;
/**
 * A passage whose related words hold a word of hers the site does not use ("money" for the refund)
 * ranks as if its body held it this much: enough to stand among those sharing a common word with her.
 */
const RELATED_PASSAGE_WEIGHT = 0.6;

/**
 * The passages that best match the question among those the asker may read: her tier's and
 * public ones (readableLevel in the WHERE clause), never an expired one. `relations` are what WordNet
 * relates to her words the site does not use (relationsOf): passages holding those relations, and the
 * site's texts whose related words hold her words, are found too, ranked lower.
 */
export async function retrievePassages(
  question: string,
  relations: Relation[],
  user: LevelSubject | null,
  limit = 5,
): Promise<RetrievedPassage[]> {
  const asked = questionQuery(question);
  const relatedQuery = questionQuery(relations.map((r) => r.words).join(" "));
  const unknownQuery = questionQuery(relations.map((r) => r.said).join(" "));
  // Normalization 1 divides by 1 + log(length), so a long post does not win on length alone.
  const rankOf = (vector: SQL, query: SQL) => sql`coalesce(ts_rank(${vector}, ${query}, 1), 0)`;
  const search = sql`${assistantPassages.search}`;
  const relatedSearch = sql`${assistantPassages.relatedSearch}`;
  // The related lexemes carry no weight label (D): ranked with the body's weight (0.4), as if it held them.
  const relatedRank = sql`coalesce(ts_rank('{0.4, 0.4, 0.4, 0.4}'::float4[], ${relatedSearch}, ${unknownQuery}, 1), 0)`;
  const rank = sql<number>`${rankOf(search, asked)} + ${RELATED_QUESTION_WEIGHT} * ${rankOf(search, relatedQuery)} + ${RELATED_PASSAGE_WEIGHT} * ${relatedRank}`;
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
        sql`(${search} @@ ${asked} or ${search} @@ ${relatedQuery} or ${relatedSearch} @@ ${unknownQuery})`,
        or(isNull(assistantPassages.expiresAt), gt(assistantPassages.expiresAt, sql`now()`)),
        readableLevel(assistantPassages.requiredLevel, user),
      ),
    )
    .orderBy(desc(rank), assistantPassages.id)
    .limit(limit);
}
