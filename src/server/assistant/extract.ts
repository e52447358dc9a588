import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { bm25, type Terms } from "./bm25";
import type { AnswerPassage } from "./compose";
import { splitSentences } from "./sentences";

/** How the score of a sentence is made: its own match, its passage's title's, and the passage's rank. */
const WEIGHT = { sentence: 1, title: 0.6, passage: 0.3 } as const;
/** A later sentence of a passage weighs a little less: pages put what matters first. */
const POSITION_DECAY = 0.03;
/** Below this share of the question's words in the best sentence and its title, nothing answers it. */
const MIN_COVERAGE = 0.34;
/** A short passage (a FAQ answer) is given whole; a longer one, its best sentence and the next. */
const WHOLE_PASSAGE_CHARS = 420;
/** A second page is shown when its best sentence scores at least this share of the best one. */
const SEE_ALSO_SHARE = 0.75;

export interface RankedSentence {
  passage: AnswerPassage;
  /** Sentences of the passage, and this one's place among them. */
  sentences: string[];
  index: number;
  score: number;
}

export interface Extraction {
  /** The answering sentences, the best first, and the passage they come from; null when nothing answers. */
  answer: { sentences: string[]; from: AnswerPassage } | null;
  seeAlso?: { sentence: string; from: AnswerPassage };
  /** The passages in the order their best sentences rank (what the model is given). */
  ordered: AnswerPassage[];
}

/** Each text's stemmed words and their counts, by PostgreSQL's 'english' configuration (as the index). */
async function termsOf(texts: string[]): Promise<Terms[]> {
  const { rows } = await db.execute<{ terms: Record<string, number> | null }>(sql`
    select (select json_object_agg(lexeme, coalesce(array_length(positions, 1), 1)) from unnest(to_tsvector('english', t))) as terms
    from unnest(${texts}::text[]) with ordinality as u(t, ord) order by ord`);
  return rows.map((row) => new Map(Object.entries(row.terms ?? {})));
}

const normalise = (values: number[]) => {
  const max = Math.max(0, ...values);
  return values.map((v) => (max > 0 ? v / max : 0));
};

/**
 * Ranks the sentences of the retrieved passages against the question (BM25 over them, with their
 * titles and the passages' own rank) and picks what answers: the best sentence first, with the rest of
 * a short passage (a FAQ answer is given whole) or the sentence after it. `question` is the expanded
 * question (synonyms added); `asked` the words she typed, for the check that the answer covers them.
 */
export async function extractAnswer(asked: string, question: string, passages: AnswerPassage[]): Promise<Extraction> {
  if (passages.length === 0) return { answer: null, ordered: [] };
  const split = passages.map((p) => splitSentences(p.body));
  const sentences = split.flat();
  const terms = await termsOf([asked, question, ...passages.map((p) => p.title), ...sentences]);
  const askedTerms = new Set(terms[0]!.keys());
  const questionTerms = new Set(terms[1]!.keys());
  const titleTerms = terms.slice(2, 2 + passages.length);
  const sentenceTerms = terms.slice(2 + passages.length);

  const sentenceScores = normalise(bm25(questionTerms, sentenceTerms));
  const titleScores = normalise(bm25(questionTerms, titleTerms));
  const passageScores = normalise(passages.map((p) => (Number.isFinite(p.rank) ? p.rank : 0)));
  const ranked: Array<RankedSentence & { terms: Terms }> = [];
  let at = 0;
  passages.forEach((passage, p) => {
    split[p]!.forEach((_, index) => {
      const score = WEIGHT.sentence * sentenceScores[at]! + WEIGHT.title * titleScores[p]! + WEIGHT.passage * passageScores[p]! - POSITION_DECAY * index;
      ranked.push({ passage, sentences: split[p]!, index, score, terms: sentenceTerms[at]! });
      at++;
    });
  });
  ranked.sort((a, b) => b.score - a.score);

  const ordered = [...new Set(ranked.map((r) => r.passage))];
  const best = ranked[0];
  if (!best) return { answer: null, ordered };
  // Does the best sentence (with its title) hold enough of what she asked, synonyms counting for her words?
  const found = new Set([...best.terms.keys(), ...titleTerms[passages.indexOf(best.passage)]!.keys()]);
  const covered = [...questionTerms].filter((t) => found.has(t)).length;
  if (askedTerms.size > 0 && Math.min(1, covered / askedTerms.size) < MIN_COVERAGE) return { answer: null, ordered };

  const answer = { sentences: answeringSentences(best), from: best.passage };
  const other = ranked.find((r) => r.passage.url !== best.passage.url);
  const seeAlso = other && other.score >= best.score * SEE_ALSO_SHARE ? { sentence: other.sentences[other.index]!, from: other.passage } : undefined;
  return { answer, seeAlso, ordered };
}

/** The best sentence first; then the rest of a short passage in its order, or else the sentence after it. */
function answeringSentences(best: RankedSentence): string[] {
  const { sentences, index } = best;
  const others = sentences.filter((_, i) => i !== index);
  if (best.passage.body.length <= WHOLE_PASSAGE_CHARS) return [sentences[index]!, ...others];
  return [sentences[index]!, ...(sentences[index + 1] ? [sentences[index + 1]!] : [])];
}
