import "server-only";
/** Term frequencies of one text: its stemmed words (PostgreSQL's 'english' lexemes) and their counts. */
export type Terms = Map<string, number>;

/** A text scored against the question: its own words, and the words WordNet relates to them. */
export interface Scored {
  terms: Terms;
  /** Words it holds only through a relation, each counting as this share of an occurrence. */
  related?: ReadonlyMap<string, number>;
}

/**
 * One thing she asked: a word of hers (weight 1) with the words WordNet relates to it (less). A text
 * scores for it by the best of these it holds, so a word with a long definition does not outweigh a
 * word she typed.
 */
export type Concept = Map<string, number>;

const K1 = 1.2;
const B = 0.75;
/** A word a text holds only through a relation counts as half an occurrence at most. */
export const RELATED_FREQUENCY = 0.5;

/**
 * Okapi BM25 of each text against the question's concepts, the texts themselves being the collection
 * (the sentences of the passages retrieved for this question): a word the question shares with few
 * of them weighs more than one most of them hold ("membership" on this site).
 */
export function bm25(concepts: Concept[], documents: Scored[]): number[] {
  const n = documents.length;
  if (n === 0) return [];
  const frequency = (doc: Scored, term: string) => doc.terms.get(term) ?? doc.related?.get(term) ?? 0;
  const lengths = documents.map((doc) => [...doc.terms.values()].reduce((a, b) => a + b, 0));
  const average = lengths.reduce((a, b) => a + b, 0) / n || 1;
  const idf = new Map<string, number>();
  for (const concept of concepts)
    for (const term of concept.keys()) {
      if (idf.has(term)) continue;
      const df = documents.filter((doc) => frequency(doc, term) > 0).length;
      idf.set(term, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
    }
  return documents.map((doc, i) => {
    const norm = K1 * (1 - B + (B * lengths[i]!) / average);
    let score = 0;
    for (const concept of concepts) {
      let best = 0;
      for (const [term, weight] of concept) {
        const tf = frequency(doc, term);
        if (tf > 0) best = Math.max(best, weight * idf.get(term)! * ((tf * (K1 + 1)) / (tf + norm)));
      }
      score += best;
    }
    return score;
  });
}
