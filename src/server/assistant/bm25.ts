import "server-only";
/** Term frequencies of one text: its stemmed words (PostgreSQL's 'english' lexemes) and their counts. */
export type Terms = Map<string, number>;

const K1 = 1.2;
const B = 0.75;

/**
 * Okapi BM25 of each document against the question's terms, the documents themselves being the
 * collection (the sentences of the passages retrieved for this question): a word the question shares
 * with few of them weighs more than one most of them hold ("membership" on this site).
 */
export function bm25(question: Set<string>, documents: Terms[]): number[] {
  const n = documents.length;
  if (n === 0) return [];
  const lengths = documents.map((doc) => [...doc.values()].reduce((a, b) => a + b, 0));
  const average = lengths.reduce((a, b) => a + b, 0) / n || 1;
  const idf = new Map<string, number>();
  for (const term of question) {
    const df = documents.filter((doc) => doc.has(term)).length;
    idf.set(term, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  }
  return documents.map((doc, i) => {
    let score = 0;
    for (const term of question) {
      const tf = doc.get(term) ?? 0;
      if (tf === 0) continue;
      score += idf.get(term)! * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * lengths[i]!) / average)));
    }
    return score;
  });
}
