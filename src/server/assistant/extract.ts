import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { bm25, type Terms } from "./bm25";
import type { AnswerPassage } from "./compose";
import { splitSentences } from "./sentences";
import { expansionsOf } from "./synonyms";

/** How the score of a sentence is made: its own match, its passage's title's, and the passage's rank. */
const WEIGHT = { sentence: 1, title: 1, passage: 0.3 } as const;
/** The legal pages answer too, but after any page written for visitors says the same. */
const LEGAL_PAGES = new Set(["/privacy", "/terms"]);
const LEGAL_PENALTY = 0.25;
/** A later sentence of a passage weighs a little less: pages put what matters first. */
const POSITION_DECAY = 0.03;
/**
 * Below this share of the question's words in the best sentence and its title, nothing answers it.
 * Each word weighs by how rare it is on the whole site (its idf): "parking", which no page has, weighs
 * more than "free", so "Is there free parking?" is not answered with the free trial.
 */
const MIN_COVERAGE = 0.45;
/** Words of conversation and light verbs that say nothing about what she asks ("Hi, I was wondering if I can get..."). */
const FILLER =
  "hi hello hey thanks please wondering know tell want like question ask help get getting give gives need go going find way thing";
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

/**
 * Each text's stemmed words and their counts, by PostgreSQL's 'english' configuration (as the index),
 * and how rare the first text's words are among all the site's passages (idf; a word no passage holds
 * weighs most), in one round trip.
 */
async function termsOf(texts: string[]): Promise<{ terms: Terms[]; rarity: Map<string, number> }> {
  const { rows } = await db.execute<{
    terms: Record<string, number> | null;
    df: Record<string, number> | null;
    total: number | null;
  }>(sql`
    select (select json_object_agg(lexeme, coalesce(array_length(positions, 1), 1)) from unnest(to_tsvector('english', t))) as terms,
      case when ord = 1 then (select json_object_agg(lexeme, (select count(*) from assistant_passages where search @@ to_tsquery('simple', quote_literal(lexeme))))
        from unnest(to_tsvector('english', t))) end as df,
      case when ord = 1 then (select count(*)::int from assistant_passages) end as total
    from unnest(array[${sql.join(
      texts.map((text) => sql`${text}`),
      sql`, `,
    )}]::text[]) with ordinality as u(t, ord) order by ord`);
  const total = rows[0]?.total ?? 0;
  const rarity = new Map(
    Object.entries(rows[0]?.df ?? {}).map(([word, df]) => [word, Math.log(1 + (total - df + 0.5) / (df + 0.5))]),
  );
  return { terms: rows.map((row) => new Map(Object.entries(row.terms ?? {}))), rarity };
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
  const expansions = expansionsOf(asked);
  const texts = [
    asked,
    question,
    FILLER,
    ...expansions.flatMap((e) => [e.said, e.words]),
    ...passages.map((p) => p.title),
    ...sentences,
  ];
  const { terms, rarity: weights } = await termsOf(texts);
  const filler = terms[2]!;
  const askedTerms = new Set([...terms[0]!.keys()].filter((t) => !filler.has(t)));
  const questionTerms = new Set(terms[1]!.keys());
  const synonyms = expansions.map((_, i) => ({ said: terms[3 + 2 * i]!, words: terms[4 + 2 * i]! }));
  const first = 3 + 2 * expansions.length;
  const titleTerms = terms.slice(first, first + passages.length);
  const sentenceTerms = terms.slice(first + passages.length);

  const sentenceScores = normalise(bm25(questionTerms, sentenceTerms));
  const titleScores = normalise(bm25(questionTerms, titleTerms));
  const passageScores = normalise(passages.map((p) => (Number.isFinite(p.rank) ? p.rank : 0)));
  const ranked: Array<RankedSentence & { terms: Terms }> = [];
  let at = 0;
  passages.forEach((passage, p) => {
    split[p]!.forEach((_, index) => {
      const score =
        WEIGHT.sentence * sentenceScores[at]! +
        WEIGHT.title * titleScores[p]! +
        WEIGHT.passage * passageScores[p]! -
        POSITION_DECAY * index -
        (LEGAL_PAGES.has(passage.url) ? LEGAL_PENALTY : 0);
      ranked.push({ passage, sentences: split[p]!, index, score, terms: sentenceTerms[at]! });
      at++;
    });
  });
  ranked.sort((a, b) => b.score - a.score);

  const ordered = [...new Set(ranked.map((r) => r.passage))];
  const top = ranked[0];
  if (!top) return { answer: null, ordered };
  // Does the best passage's best sentence (with its title) hold enough of what she asked? A word she
  // used counts as held when the site's word for it is (a synonym).
  const topTitle = titleTerms[passages.indexOf(top.passage)]!;
  const found = new Set([...top.terms.keys(), ...topTitle.keys()]);
  const held = (term: string) =>
    found.has(term) || synonyms.some((s) => s.said.has(term) && [...s.words.keys()].some((w) => found.has(w)));
  const total = [...askedTerms].reduce((sum, t) => sum + weights.get(t)!, 0);
  const covered = [...askedTerms].filter(held).reduce((sum, t) => sum + weights.get(t)!, 0);
  if (total === 0 || covered / total < MIN_COVERAGE) return { answer: null, ordered };

  const best = answeringSentence(top.passage, ranked, questionTerms, topTitle, sentenceTerms);
  const answer = { sentences: answeringSentences(best), from: best.passage };
  const other = ranked.find((r) => r.passage.url !== best.passage.url);
  const seeAlso =
    other && other.score >= top.score * SEE_ALSO_SHARE
      ? { sentence: other.sentences[other.index]!, from: other.passage }
      : undefined;
  return { answer, seeAlso, ordered };
}

/**
 * Which sentence of the chosen passage answers: the one that best holds the question's words its
 * title does not (every sentence of "Event: Maker Market" shares the title's words; "open" or "time"
 * tell them apart); with no such word, the passage's first sentence, where pages put what matters.
 */
function answeringSentence(
  passage: AnswerPassage,
  ranked: Array<RankedSentence & { terms: Terms }>,
  question: Set<string>,
  title: Terms,
  allSentences: Terms[],
): RankedSentence {
  const own = ranked.filter((r) => r.passage === passage).sort((a, b) => a.index - b.index);
  const telling = new Set([...question].filter((t) => !title.has(t)));
  const scores = telling.size ? bm25(telling, allSentences) : [];
  const scoreOf = (r: { terms: Terms }) => (telling.size ? scores[allSentences.indexOf(r.terms)]! : 0);
  const best = own.reduce((a, b) => (scoreOf(b) > scoreOf(a) ? b : a), own[0]!);
  return scoreOf(best) > 0 ? best : own[0]!;
}

/** The answering sentence first; then the rest of a short passage in its order, or else the sentence after it. */
function answeringSentences(best: RankedSentence): string[] {
  const { sentences, index } = best;
  const others = sentences.filter((_, i) => i !== index);
  if (best.passage.body.length <= WHOLE_PASSAGE_CHARS) return [sentences[index]!, ...others];
  return [sentences[index]!, ...(sentences[index + 1] ? [sentences[index + 1]!] : [])];
}
