import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { bm25, RELATED_FREQUENCY, type Concept, type Scored, type Terms } from "./bm25";
import type { AnswerPassage } from "./compose";
import { ASKING_WORDS, askedKinds, asksWhat, givenKinds, tellsCircumstances, type AnswerKind } from "./answer-kinds";
import { splitSentences } from "./sentences";
import type { Relation } from "./word-relations";

/** How the score of a sentence is made: its own match, its passage's title's, and the passage's rank. */
const WEIGHT = { sentence: 1, title: 0.9, passage: 0.3 } as const;
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
/** A word of hers the answer holds only through a word relation counts this much of one it holds. */
const RELATED_COVERAGE = 0.6;
/** What WordNet relates to a word of hers weighs this much of the word itself. */
const RELATED_WEIGHT = 0.5;
/**
 * Words of conversation, light verbs and the words that ask for a number ("how many", "how much"),
 * which say nothing about what she asks ("Hi, I was wondering if I can get...").
 */
const FILLER =
  "hi hello hey thanks please wondering know tell want like question ask help get getting give gives need go going find way thing many much";
/** A sentence giving the kind of answer asked for ("who": "led by Lena") holds this much of one more of her words. */
const ASKED_KIND_WEIGHT = 0.5;
/** A short passage (a FAQ answer) is given whole; a longer one, its best sentence and the next. */
const WHOLE_PASSAGE_CHARS = 420;
/** A sentence ranked at least this share of the first may answer when the first does not cover the question. */
const COVERING_SHARE = 0.75;
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
 * in its title or body weighs most), in one round trip.
 */
async function termsOf(
  texts: string[],
): Promise<{ terms: Terms[]; rarity: Map<string, number>; unknown: Set<string> }> {
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
  return {
    terms: rows.map((row) => new Map(Object.entries(row.terms ?? {}))),
    rarity,
    unknown: new Set(
      Object.entries(rows[0]?.df ?? {})
        .filter(([, df]) => df === 0)
        .map(([word]) => word),
    ),
  };
}

const normalise = (values: number[]) => {
  const max = Math.max(0, ...values);
  return values.map((v) => (max > 0 ? v / max : 0));
};

/** The related lines of a passage (its title's, then each sentence's), as sets of her words among them. */
function relatedLines(passage: AnswerPassage, sentences: number, asked: Set<string>): Array<Set<string>> {
  const lines = (passage.related ?? "").split("\n");
  return Array.from(
    { length: sentences + 1 },
    (_, i) => new Set((lines[i] ?? "").split(" ").filter((lexeme) => asked.has(lexeme))),
  );
}

/**
 * In the ranking, only her words the site does not use count through the site's related words, as
 * half an occurrence ("money" where the refund is): a word it uses is found as itself, and its
 * relations would find its other senses ("What time does the sound bath start?" is not told apart by
 * what relates to "time").
 */
const lacking = (line: Set<string>, unknown: Set<string>): ReadonlyMap<string, number> =>
  new Map([...line].filter((lexeme) => unknown.has(lexeme)).map((lexeme) => [lexeme, RELATED_FREQUENCY]));

/**
 * Ranks the sentences of the retrieved passages against the question (BM25 over them, with their
 * titles and the passages' own rank) and picks what answers: the best sentence first, with the rest of
 * a short passage (a FAQ answer is given whole) or the sentence after it. `relations` are what WordNet
 * relates to the words she typed (`asked`); they count, less than her words, in the ranking and in the
 * check that the answer covers what she asked.
 */
export async function extractAnswer(
  asked: string,
  relations: Relation[],
  passages: AnswerPassage[],
): Promise<Extraction> {
  if (passages.length === 0) return { answer: null, ordered: [] };
  const split = passages.map((p) => splitSentences(p.body));
  const sentences = split.flat();
  const texts = [
    asked,
    FILLER,
    ...relations.flatMap((r) => [r.said, r.words]),
    ...passages.map((p) => p.title),
    ...sentences,
  ];
  const { terms, rarity: weights, unknown } = await termsOf(texts);
  const filler = terms[1]!;
  const questionTerms = [...terms[0]!.keys()];
  const askedTerms = questionTerms.filter((t) => !filler.has(t));
  const related = relations.map((_, i) => ({ said: terms[2 + 2 * i]!, words: terms[3 + 2 * i]! }));
  const first = 2 + 2 * relations.length;
  const titleTerms = terms.slice(first, first + passages.length);
  const sentenceTerms = terms.slice(first + passages.length);

  // Each word she asked, with what WordNet relates to it.
  const relatedTo = (term: string) =>
    new Set(related.filter((r) => r.said.has(term)).flatMap((r) => [...r.words.keys()]));
  const concepts: Concept[] = questionTerms.map((term) => {
    const concept: Concept = new Map([...relatedTo(term)].map((w) => [w, RELATED_WEIGHT]));
    return concept.set(term, 1);
  });

  const asking = new Set(questionTerms);
  const titles: Scored[] = passages.map((p, i) => ({
    terms: titleTerms[i]!,
    related: lacking(relatedLines(p, split[i]!.length, asking)[0]!, unknown),
  }));
  const scoredSentences: Scored[] = [];
  passages.forEach((p, i) => {
    const lines = relatedLines(p, split[i]!.length, asking);
    split[i]!.forEach((_, s) =>
      scoredSentences.push({ terms: sentenceTerms[scoredSentences.length]!, related: lacking(lines[s + 1]!, unknown) }),
    );
  });

  const sentenceScores = normalise(bm25(concepts, scoredSentences));
  const titleScores = normalise(bm25(concepts, titles));
  const passageScores = normalise(passages.map((p) => (Number.isFinite(p.rank) ? p.rank : 0)));
  const ranked: Array<RankedSentence & { scored: Scored }> = [];
  let at = 0;
  passages.forEach((passage, p) => {
    split[p]!.forEach((_, index) => {
      const score =
        WEIGHT.sentence * sentenceScores[at]! +
        WEIGHT.title * titleScores[p]! +
        WEIGHT.passage * passageScores[p]! -
        POSITION_DECAY * index -
        (LEGAL_PAGES.has(passage.url) ? LEGAL_PENALTY : 0);
      ranked.push({ passage, sentences: split[p]!, index, score, scored: scoredSentences[at]! });
      at++;
    });
  });
  ranked.sort((a, b) => b.score - a.score);

  const ordered = [...new Set(ranked.map((r) => r.passage))];
  const askedFor = askedKinds(asked);
  // Her words that ask for a kind of answer ("minimum", "long") are held by a sentence of that kind.
  const answersAskingWord = (term: string, kinds: Set<AnswerKind>) =>
    [...askedFor].some((kind) => kinds.has(kind) && ASKING_WORDS[kind]?.has(term));
  const total = askedTerms.reduce((sum, t) => sum + weights.get(t)!, 0);
  // Does a sentence (with its title's words) hold enough of what she asked? A word she used counts in
  // part when it is held only through a relation, either way: the sentence's own related words (not
  // its title's, which every sentence of the passage would share), where a word the site uses elsewhere
  // counts too ("money back" is a refund, though "back" is on the site in other senses), or what WordNet
  // relates to her word.
  const covers = (r: (typeof ranked)[number]) => {
    const title = titles[passages.indexOf(r.passage)]!;
    const found = new Set([...r.scored.terms.keys(), ...title.terms.keys()]);
    const foundRelated = relatedLines(r.passage, r.sentences.length, asking)[r.index + 1]!;
    const kinds = givenKinds(r.sentences[r.index]!);
    const held = (term: string) =>
      found.has(term) || answersAskingWord(term, kinds)
        ? 1
        : foundRelated.has(term) || [...relatedTo(term)].some((w) => found.has(w))
          ? RELATED_COVERAGE
          : 0;
    const covered = askedTerms.reduce((sum, t) => sum + weights.get(t)! * held(t), 0);
    // One word held only through a relation is too little to go on ("podcast" is defined with "computers").
    const direct = askedTerms.filter((t) => held(t) === 1).length;
    const throughRelations = askedTerms.filter((t) => held(t) === RELATED_COVERAGE).length;
    return total > 0 && covered / total >= MIN_COVERAGE && (direct > 0 || throughRelations >= 2);
  };
  // The best sentence that covers the question, among those ranked nearly as well as the first.
  const top = ranked.find((r) => r.score >= ranked[0]!.score * COVERING_SHARE && covers(r));
  if (!top) return { answer: null, ordered };
  const topTitle = titles[passages.indexOf(top.passage)]!;

  const best = answeringSentence(top, ranked, concepts, topTitle, scoredSentences, asked, askedFor);
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
 * tell them apart) and gives the kind of answer she asks for ("Who leads it?": "led by Lena"), the
 * covering sentence among equals; with neither, the passage's first sentence, where pages put what
 * matters, unless she asks what something is and it only says when, where or for whom.
 */
function answeringSentence(
  covering: RankedSentence & { scored: Scored },
  ranked: Array<RankedSentence & { scored: Scored }>,
  concepts: Concept[],
  title: Scored,
  allSentences: Scored[],
  question: string,
  askedFor: Set<AnswerKind>,
): RankedSentence {
  const own = ranked.filter((r) => r.passage === covering.passage).sort((a, b) => a.index - b.index);
  const kinds = new Map(own.map((r) => [r, givenKinds(r.sentences[r.index]!)]));
  const telling = concepts.filter(
    (concept) => ![...concept].some(([term, weight]) => weight === 1 && title.terms.has(term)),
  );
  const scores = telling.length ? bm25(telling, allSentences) : [];
  const scoreOf = (r: { scored: Scored }) => (telling.length ? scores[allSentences.indexOf(r.scored)]! : 0);
  const ofAskedKind = (r: RankedSentence & { scored: Scored }) => [...askedFor].some((kind) => kinds.get(r)?.has(kind));
  // How many of those words, as she wrote them, a sentence holds; giving the kind of answer asked counts
  // as half a word more, since the asking words mislead at times ("Where does the money go?").
  const holds = (r: RankedSentence & { scored: Scored }) =>
    telling.filter((concept) => [...concept].some(([term, weight]) => weight === 1 && r.scored.terms.has(term)))
      .length + (ofAskedKind(r) ? ASKED_KIND_WEIGHT : 0);
  const most = Math.max(...own.map(holds));
  // Pages put what matters first: the first sentence keeps its place when no other holds more of her
  // words ("Can men join?" answers "No. The community is for womxn..." before "events are open to everyone").
  if (most > 0 && holds(own[0]!) === most) return own[0]!;
  // Among the sentences holding most, when the kind she asks for tells them apart.
  const candidates = own.some(ofAskedKind) ? own.filter((r) => holds(r) === most) : own;
  const best = candidates.reduce((a, b) => (scoreOf(b) > scoreOf(a) ? b : a), candidates[0]!);
  // Between equals, the sentence found to cover the question.
  if (scoreOf(best) > 0 || candidates !== own)
    return candidates.includes(covering) && scoreOf(covering) >= scoreOf(best) ? covering : best;
  // "What's on at the Maker Market?" is answered by what it is, not by when and where it takes place.
  if (asksWhat(question, askedFor) && tellsCircumstances(kinds.get(own[0]!)!))
    return own.find((r) => !tellsCircumstances(kinds.get(r)!)) ?? own[0]!;
  return own[0]!;
}

/** The answering sentence first; then the rest of a short passage in its order, or else the sentence after it. */
function answeringSentences(best: RankedSentence): string[] {
  const { sentences, index } = best;
  const others = sentences.filter((_, i) => i !== index);
  if (best.passage.body.length <= WHOLE_PASSAGE_CHARS) return [sentences[index]!, ...others];
  return [sentences[index]!, ...(sentences[index + 1] ? [sentences[index + 1]!] : [])];
}
